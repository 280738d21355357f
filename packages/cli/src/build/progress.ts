import { readdir } from 'node:fs/promises';

/**
 * How often the staging directories are counted. A count lists every page directory written so far
 * (tens of thousands for 50 brands): counting every second cost more CPU than installing the brands.
 */
const INTERVAL_MS = 3000;

/**
 * Counts the HTML pages written so far under `dirs` every few seconds and reports the count when it
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
