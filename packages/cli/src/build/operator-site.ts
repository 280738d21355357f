import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { writeInlineScriptHashes } from './inline-scripts.ts';
import { placeErrorPages, replaceDirectory } from './output.ts';
import { precompress } from './precompress.ts';

/** Where Astro renders the console (`src/pages/operator/[lang]/`) and where the server reads it. */
const BUILT = 'operator';
export const OPERATOR_DIST = '_operator';

/**
 * Installs the operator console rendered by the same Astro run as the brands: `dist/_operator/<lang>/`
 * (`_` cannot start a domain, so no brand collides), with its 404 page, inline-script hashes for the
 * CSP and precompressed pages. Answers the languages built.
 */
export async function installOperatorSite(staging: string, distDir: string): Promise<string[]> {
  const built = path.join(staging, BUILT);
  if (!existsSync(built)) return [];
  const languages = (await readdir(built, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  for (const lang of languages) {
    await placeErrorPages(path.join(built, lang));
    await precompress(path.join(built, lang));
  }
  await writeInlineScriptHashes(built, languages);
  await replaceDirectory(built, path.join(distDir, OPERATOR_DIST));
  return languages;
}
