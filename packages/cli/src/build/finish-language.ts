import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineScriptHashes } from '@datekit/server/site/inline-scripts';
import { languageScriptHashes } from './inline-scripts.ts';
import { modulePreloader } from './module-preloads.ts';
import { ASSETS_DIR, htmlFiles, placeErrorPages } from './output.ts';
import { precompress } from './precompress.ts';

/** What the brand's routes.json and inline-scripts.json need from one finished language directory. */
export interface FinishedLanguage {
  /** HTML pages relative to the language directory, `/`-separated, sorted. */
  pages: string[];
  scriptHashes: string[];
}

/**
 * Readies one freshly rendered language directory (`<out>/<domain>/<lang>`, its scripts in
 * `<out>/_astro`) for the server: error pages where it looks for them, the page scripts' imports
 * announced in each page's head (module-preloads.ts), the inline script hashes of its pages, and
 * compressed copies of its text files. Runs in the process that rendered the language, so that two
 * workers finish their shares at the same time.
 */
export async function finishLanguage(langDir: string): Promise<FinishedLanguage> {
  await placeErrorPages(langDir);
  const pages = await htmlFiles(langDir);
  const addPreloads = modulePreloader(path.join(langDir, '..', '..', ASSETS_DIR));
  const hashes = new Set<string>();
  // One read of each page for both. A page is read as bytes, one character per byte (latin1), not
  // decoded as UTF-8: what is looked for and added is ASCII, so the bytes written back are the page's
  // own with the links added. Decoding a page of 100 KB or more into a two-byte string and encoding it
  // again cost about a tenth of a build's CPU time (profiles of bench/build-scale.ts).
  for (const page of pages) {
    const file = path.join(langDir, page);
    const html = (await readFile(file)).toString('latin1');
    const finished = await addPreloads(html);
    if (finished !== html) await writeFile(file, finished, 'latin1');
    for (const hash of inlineScriptHashes(finished, 'latin1')) hashes.add(hash);
  }
  await precompress(langDir);
  return { pages, scriptHashes: [...hashes].sort() };
}

/** The same facts of a language directory kept from an earlier build (finished then). */
export async function readFinishedLanguage(langDir: string): Promise<FinishedLanguage> {
  const pages = await htmlFiles(langDir);
  return { pages, scriptHashes: await languageScriptHashes(langDir, pages) };
}

export function languageDir(root: string, key: string): string {
  const [domain = '', lang = ''] = key.split('/');
  return path.join(root, domain, lang);
}
