import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Brand } from '@datekit/runtime';
import { writeJson } from './output.ts';

/**
 * Beside each brand's routes.json: the brand's settings as the build validated them and built its
 * pages from (defaults applied, derived fields computed). `serve` and the other commands use this
 * file for a built brand instead of reading `brands/<domain>.yaml` again, so a file being edited, or
 * broken, in `brands/` never reaches members, and the server's settings always match the pages.
 */
export const BRAND_ARTEFACT_FILE = 'brand.json';

/** Written whole or not at all (a rename), as a server starting meanwhile may read it. */
export async function writeBrandArtefact(brandDir: string, brand: Brand): Promise<void> {
  const file = path.join(brandDir, BRAND_ARTEFACT_FILE);
  await writeJson(`${file}.tmp`, brand);
  await rename(`${file}.tmp`, file);
}

/**
 * What the server relies on before anything else (its hosts and languages); the rest was validated by
 * the build that wrote the file, from the same schema.
 */
const artefactSchema = z.looseObject({
  domain: z.string(),
  aliases: z.array(z.string()),
  languages: z.array(z.string()).min(1),
  default_language: z.string(),
  niche: z.looseObject({ slug: z.string() }),
});

export type BrandArtefact =
  | { state: 'built'; brand: Brand }
  | { state: 'none' }
  /** `file` relative to the dist directory, as /readyz shows it. */
  | { state: 'damaged'; file: string; problem: string };

/** The settings the last build of `domain` wrote; `none` for a brand not built yet or built before this file existed. */
export async function readBrandArtefact(distDir: string, domain: string): Promise<BrandArtefact> {
  const file = path.join(distDir, domain, BRAND_ARTEFACT_FILE);
  const damaged = (problem: string): BrandArtefact => ({
    state: 'damaged',
    file: path.relative(distDir, file),
    problem,
  });
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { state: 'none' } : damaged(`cannot be read (${code ?? (error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return damaged(`is not valid JSON (${(error as Error).message})`);
  }
  const parsed = artefactSchema.safeParse(json);
  if (!parsed.success) return damaged(`is not what the build writes (${parsed.error.issues[0]!.message})`);
  if (parsed.data.domain !== domain) return damaged(`is the settings of ${parsed.data.domain}, not of ${domain}`);
  return { state: 'built', brand: parsed.data as unknown as Brand };
}
