import { readdir } from 'node:fs/promises';

/** How often the staging directories are counted: often enough for a moving bar, rarely enough to cost nothing. */
const INTERVAL_MS = 1000;

/**
 * Counts the HTML pages written so far under `dirs` every second and reports the count when it
 * changed: the build's progress, seen from outside the Astro runs (which may be other processes).
 * Returns the function that stops counting.
 */
export function watchPages(dirs: readonly string[], report: (pages: number) => void): () => void {
  let last = 0;
  let counting = false;
  const timer = setInterval(() => {
    if (counting) return;
    counting = true;
    void Promise.all(dirs.map(countPages))
      .then((counts) => {
        const pages = counts.reduce((a, b) => a + b, 0);
        if (pages !== last) report((last = pages));
      })
      .finally(() => (counting = false));
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  return entries.filter((name) => name.endsWith('.html')).length;
}
