import { isChunkLoadError, mayReloadAfterChunkError, parseReloadTime } from '@datekit/runtime/rules/chunk-reload';
import { CHUNK_RELOAD_INTERVAL_MS, CHUNK_RELOAD_STORAGE_KEY } from '@datekit/runtime/rules/constants';

interface ChunkReloadOptions {
  storageKey: string;
  intervalMs: number;
  /** Path prefix of the site's hashed scripts and styles. */
  assetsPrefix: string;
}

type Rules = {
  isChunkLoadError: typeof isChunkLoadError;
  mayReload: typeof mayReloadAfterChunkError;
  parseReloadTime: typeof parseReloadTime;
};

/**
 * Listens for every way a chunk can fail to load and reloads the page once (spec §8):
 * - Vite's `vite:preloadError`, fired when a dynamic import's preloaded dependencies fail;
 * - an unhandled rejection from a failed `import()`;
 * - the `error` event of a `<script>` or stylesheet under /_astro/ that did not load;
 * - Astro's island loader, which catches a failed component import and only logs it with
 *   `console.error`, so the log is the one place to notice it.
 *
 * Runs as an inline script, before any module script, so that it works even when every hashed
 * script is gone; hence it is serialised with its rules as arguments rather than bundled.
 */
function installChunkReload(win: Window & typeof globalThis, options: ChunkReloadOptions, rules: Rules): void {
  function reloadOnce(): boolean {
    let last: number | null;
    try {
      last = rules.parseReloadTime(win.sessionStorage.getItem(options.storageKey));
    } catch {
      // Without storage the reloads cannot be counted; not reloading is safer than a loop.
      return false;
    }
    const now = Date.now();
    if (!rules.mayReload(now, last, options.intervalMs)) return false;
    try {
      win.sessionStorage.setItem(options.storageKey, String(now));
    } catch {
      return false;
    }
    win.location.reload();
    return true;
  }

  win.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
  win.addEventListener('unhandledrejection', (event) => {
    if (rules.isChunkLoadError(event.reason) && reloadOnce()) event.preventDefault();
  });
  win.addEventListener(
    'error',
    (event) => {
      const target = event.target as (Element & { src?: string; href?: string }) | null;
      if (!target || target === (win as unknown) || !('tagName' in target)) return;
      const url = target.tagName === 'SCRIPT' ? target.src : target.tagName === 'LINK' ? target.href : '';
      if (url && new URL(url, win.location.href).pathname.startsWith(options.assetsPrefix)) reloadOnce();
    },
    true,
  );
  const log = win.console.error;
  win.console.error = function (...args: unknown[]) {
    log.apply(this, args);
    if (args.some((arg) => rules.isChunkLoadError(arg))) reloadOnce();
  };
}

/** The inline script of every layout: the installer and its rules, called with the spec's interval. */
export function chunkReloadScript(): string {
  const options: ChunkReloadOptions = {
    storageKey: CHUNK_RELOAD_STORAGE_KEY,
    intervalMs: CHUNK_RELOAD_INTERVAL_MS,
    assetsPrefix: '/_astro/',
  };
  const rules = `{isChunkLoadError:${isChunkLoadError.toString()},mayReload:${mayReloadAfterChunkError.toString()},parseReloadTime:${parseReloadTime.toString()}}`;
  return `(${installChunkReload.toString()})(window,${JSON.stringify(options)},${rules});`;
}
