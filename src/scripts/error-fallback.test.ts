import { describe, expect, it } from 'vitest';
import { ERROR_FALLBACK_IDS, errorFallbackScript } from './error-fallback.ts';

type Listener = (event: Record<string, unknown>) => void;

/** A window and document with the error page's two sections, enough to run the inline script. */
function fakePage() {
  const listeners = new Map<string, Listener[]>();
  const elements = {
    [ERROR_FALLBACK_IDS.page]: { hidden: false },
    [ERROR_FALLBACK_IDS.fallback]: { hidden: true },
    [ERROR_FALLBACK_IDS.details]: { textContent: '' },
  } as Record<string, { hidden?: boolean; textContent?: string }>;
  const win = {
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
  };
  const doc = { getElementById: (id: string) => elements[id] ?? null };
  new Function('window', 'document', errorFallbackScript())(win, doc);
  const fire = (type: string, event: Record<string, unknown>) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  return {
    fire,
    page: elements[ERROR_FALLBACK_IDS.page]!,
    fallback: elements[ERROR_FALLBACK_IDS.fallback]!,
    details: elements[ERROR_FALLBACK_IDS.details]!,
  };
}

describe('the error page fallback', () => {
  it('stays hidden while nothing fails', () => {
    const { page, fallback } = fakePage();
    expect(page.hidden).toBe(false);
    expect(fallback.hidden).toBe(true);
  });

  it('replaces the error page with the fallback and the details when a script fails', () => {
    const { fire, page, fallback, details } = fakePage();
    const error = new TypeError('x is undefined');
    fire('error', { error, message: 'Uncaught TypeError: x is undefined' });
    expect(fallback.hidden).toBe(false);
    expect(page.hidden).toBe(true);
    expect(details.textContent).toContain('TypeError: x is undefined');
  });

  it('shows rejected promises and crashed islands too, each detail kept', () => {
    const { fire, fallback, details } = fakePage();
    fire('unhandledrejection', { reason: 'network down' });
    fire(ERROR_FALLBACK_IDS.islandErrorEvent, { detail: 'Error: AccountNav failed' });
    expect(fallback.hidden).toBe(false);
    expect(details.textContent).toBe('network down\n\nError: AccountNav failed');
  });

  it('falls back to the message when an error event carries no error object', () => {
    const { fire, details } = fakePage();
    fire('error', { error: null, message: 'Script error.' });
    expect(details.textContent).toBe('Script error.');
  });
});
