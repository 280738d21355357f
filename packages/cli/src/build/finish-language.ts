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
  // One read of each page for both.
  for (const page of pages) {
    const file = path.join(langDir, page);
    const html = await readFile(file, 'utf8');
    const finished = await addPreloads(html);
    if (finished !== html) await writeFile(file, finished);
    for (const hash of inlineScriptHashes(finished)) hashes.add(hash);
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
