import path from 'node:path';
import { languageScriptHashes } from './inline-scripts.ts';
import { htmlFiles, placeErrorPages } from './output.ts';
import { precompress } from './precompress.ts';

/** What the brand's routes.json and inline-scripts.json need from one finished language directory. */
export interface FinishedLanguage {
  /** HTML pages relative to the language directory, `/`-separated, sorted. */
  pages: string[];
  scriptHashes: string[];
}

/**
 * Readies one freshly rendered language directory for the server: error pages where it looks for them,
 * the inline script hashes of its pages, and compressed copies of its text files. Runs in the process
 * that rendered the language, so that two workers finish their shares at the same time.
 */
export async function finishLanguage(langDir: string): Promise<FinishedLanguage> {
  await placeErrorPages(langDir);
  const pages = await htmlFiles(langDir);
  const scriptHashes = await languageScriptHashes(langDir, pages);
  await precompress(langDir);
  return { pages, scriptHashes };
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
