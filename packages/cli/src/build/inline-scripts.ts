import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { INLINE_SCRIPTS_FILE, inlineScriptHashes, type InlineScripts } from '@datekit/server';
import { htmlFiles, writeJson } from './output.ts';

/**
 * Writes the hashes of every inline script in a brand's pages beside its routes.json, so the server's
 * Content-Security-Policy allows exactly those scripts and no injected one.
 */
export async function writeInlineScriptHashes(brandDir: string, languages: readonly string[]): Promise<number> {
  const hashes = new Set<string>();
  for (const lang of languages) {
    const dir = path.join(brandDir, lang);
    for (const page of await htmlFiles(dir)) {
      for (const hash of inlineScriptHashes(await readFile(path.join(dir, page), 'utf8'))) hashes.add(hash);
    }
  }
  const result: InlineScripts = { script_hashes: [...hashes].sort() };
  await writeJson(path.join(brandDir, INLINE_SCRIPTS_FILE), result);
  return hashes.size;
}
