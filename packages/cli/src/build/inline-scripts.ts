import { readFile } from 'node:fs/promises';
import path from 'node:path';
// The one server module the build uses (PROJECT_INPUTS lists it), by its subpath: never the server's barrel.
import { INLINE_SCRIPTS_FILE, inlineScriptHashes, type InlineScripts } from '@datekit/server/site/inline-scripts';
import { htmlFiles, writeJson } from './output.ts';

/** The hashes of every inline script in the pages of one language directory, sorted. */
export async function languageScriptHashes(langDir: string, pages?: readonly string[]): Promise<string[]> {
  const hashes = new Set<string>();
  for (const page of pages ?? (await htmlFiles(langDir))) {
    // As finishLanguage reads pages: bytes as latin1, no UTF-8 decoding (inlineScriptHashes says why that is the same).
    const html = (await readFile(path.join(langDir, page))).toString('latin1');
    for (const hash of inlineScriptHashes(html, 'latin1')) hashes.add(hash);
  }
  return [...hashes].sort();
}

/**
 * Writes the hashes of every inline script in a brand's pages beside its routes.json, so the server's
 * Content-Security-Policy allows exactly those scripts and no injected one. `perLanguage` are the
 * hashes of each language directory (see `languageScriptHashes`).
 */
export async function writeInlineScriptHashes(brandDir: string, perLanguage: readonly string[][]): Promise<number> {
  const hashes = new Set(perLanguage.flat());
  const result: InlineScripts = { script_hashes: [...hashes].sort() };
  await writeJson(path.join(brandDir, INLINE_SCRIPTS_FILE), result);
  return hashes.size;
}
