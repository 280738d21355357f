/**
 * Spec §8: a failed chunk load reloads the page once, at most once per 60 s. After a deploy, a page
 * opened earlier may ask for hashed scripts that no longer exist; a reload fetches the new page and its
 * new scripts. Limiting reloads keeps a chunk that is missing for another reason from looping.
 *
 * These functions are also serialised into the layouts' inline script (src/scripts/chunk-reload.ts),
 * so they must stay self-contained: no imports, no references outside their own parameters.
 */

/**
 * Whether an error (or rejection reason, or logged value) is a failed load of a script module: the
 * messages of Chromium, Firefox and Safari for a failed `import()` or module script, and Vite's
 * message for a stylesheet it could not preload.
 */
export function isChunkLoadError(reason: unknown): boolean {
  let message = '';
  if (typeof reason === 'string') message = reason;
  else if (reason && typeof reason === 'object' && 'message' in reason) message = String(reason.message);
  return /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|failed to load module script|unable to preload css/i.test(
    message,
  );
}

/**
 * Whether a reload is allowed now, given the time of the last one (null when there was none in this
 * tab). A last time in the future means the clock was set back; it does not block reloads forever.
 */
export function mayReloadAfterChunkError(now: number, lastReload: number | null, intervalMs: number): boolean {
  if (lastReload === null || !Number.isFinite(lastReload)) return true;
  return now - lastReload >= intervalMs || now < lastReload;
}

/** The stored time of the last reload, or null when there is none or it is not a number. */
export function parseReloadTime(stored: string | null): number | null {
  if (stored === null || stored.trim() === '') return null;
  const value = Number(stored);
  return Number.isFinite(value) ? value : null;
}
