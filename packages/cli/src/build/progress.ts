import { languageDir } from './finish-language.ts';
import { htmlFiles } from './output.ts';

/**
 * How often the staging directories are counted. A count lists every page directory written so far
 * (tens of thousands for 50 brands): counting every second cost more CPU than installing the brands.
 */
const INTERVAL_MS = 3000;

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
  return (await htmlFiles(dir)).length;
}
