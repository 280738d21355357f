import { ISLAND_ERROR_EVENT } from '../islands/events.ts';

interface FallbackIds {
  page: string;
  fallback: string;
  details: string;
  islandErrorEvent: string;
}

/**
 * Spec §8: when showing the error page fails, show 'An error occurred while showing the error page'
 * with the details and a link home instead. The error page is static, so what can fail is what runs
 * on it: a script error, a rejected promise, or an island that crashed (its error boundary sends
 * ISLAND_ERROR_EVENT). The fallback is in the page from the start, hidden; without JavaScript nothing
 * can fail and the error page shows as it is.
 */
function installErrorFallback(win: Window, doc: Document, ids: FallbackIds): void {
  const details: string[] = [];
  function show(detail: string): void {
    const fallback = doc.getElementById(ids.fallback);
    const page = doc.getElementById(ids.page);
    const box = doc.getElementById(ids.details);
    if (!fallback || !box) return;
    details.push(detail);
    box.textContent = details.join('\n\n');
    fallback.hidden = false;
    if (page) page.hidden = true;
  }
  function describe(error: unknown, fallbackText: string): string {
    if (error instanceof Error) return error.stack || `${error.name}: ${error.message}`;
    return error === undefined || error === null ? fallbackText : String(error);
  }
  win.addEventListener('error', (event) => show(describe(event.error, event.message)));
  win.addEventListener('unhandledrejection', (event) => show(describe(event.reason, 'Unhandled rejection')));
  win.addEventListener(ids.islandErrorEvent, (event) => show(String((event as CustomEvent).detail)));
}

export const ERROR_FALLBACK_IDS: FallbackIds = {
  page: 'error-page',
  fallback: 'error-fallback',
  details: 'error-fallback-details',
  islandErrorEvent: ISLAND_ERROR_EVENT,
};

/** The error page's inline script. */
export function errorFallbackScript(): string {
  return `(${installErrorFallback.toString()})(window,document,${JSON.stringify(ERROR_FALLBACK_IDS)});`;
}
