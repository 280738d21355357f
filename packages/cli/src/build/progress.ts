import { languageDir } from './finish-language.ts';
import { htmlFiles } from './output.ts';

/**
 * How often the staging directories are counted at least. A count lists every page directory written
 * so far (tens of thousands for 50 brands): counting every second cost more CPU than installing the brands.
 */
const INTERVAL_MS = 3000;
/**
 * A count's cost grows with the pages written, so a fixed interval made the counting of a large build
 * cost pages × counts: at 20,000 pages a count took about a CPU-second, every 3 s, beside the
 * renderers. The next count waits this many times as long as the last one took, which keeps counting
 * under 5 % of one core however large the build.
 */
const WAIT_PER_COUNT_TIME = 20;

/** One Astro run of a build: the language versions (`<domain>/<lang>`) it renders into `outDir`. */
export interface RenderingShare {
  outDir: string;
  scope: readonly string[];
}

/**
 * Counts the HTML pages written so far every few seconds and reports the count when it changed: the
 * build's progress, seen from outside the Astro runs (which may be other processes). It counts the
 * pages of the language versions being rendered, as the build's total does (finishLanguage): not the
 * operator console that one run renders beside them. Returns the function that stops counting.
 */
export function watchPages(shares: readonly RenderingShare[], report: (pages: number) => void): () => void {
  const dirs = shares.flatMap((share) => share.scope.map((key) => languageDir(share.outDir, key)));
  let last = 0;
  let stopped = false;
  let timer: NodeJS.Timeout;
  const schedule = (delay: number) => {
    timer = setTimeout(count, delay);
    timer.unref();
  };
  const count = () => {
    const started = performance.now();
    void Promise.all(dirs.map(countPages))
      .then((counts) => {
        const pages = counts.reduce((a, b) => a + b, 0);
        if (pages !== last && !stopped) report((last = pages));
      })
      .finally(() => {
        if (!stopped) schedule(nextCountDelay(performance.now() - started));
      });
  };
  schedule(INTERVAL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Milliseconds until the next count after one that took `countMs`. */
export function nextCountDelay(countMs: number): number {
  return Math.max(INTERVAL_MS, countMs * WAIT_PER_COUNT_TIME);
}

async function countPages(dir: string): Promise<number> {
  return (await htmlFiles(dir)).length;
}
