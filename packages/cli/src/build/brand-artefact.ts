import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { type Brand, brandFileSchema } from '@datekit/runtime/schemas/brand';
import { writeJson } from './output.ts';

/**
 * Beside each brand's routes.json: the brand's settings as the build validated them and built its
 * pages from (defaults applied, derived fields computed), validated again when read. `serve` and the other commands use this
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
 * The brand file's fields back from a validated brand, to validate them again with this code's schema
 * (a brand.json from a build by older code may no longer fit). The schema's final transform
 * (runtime/schemas/brand/index.ts) adds default_language and currencies and turns the niche into
 * `{ id, slug }`; every other field it keeps, or computes again to the same value.
 */
function asBrandFile(brand: Record<string, unknown>): Record<string, unknown> {
  const { default_language: _language, currencies: _currencies, ...fields } = brand;
  return { ...fields, niche: (fields.niche as { slug?: unknown } | null)?.slug };
}

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
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return damaged('is not what the build writes');
  const parsed = brandFileSchema.safeParse(asBrandFile(json as Record<string, unknown>));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return damaged(`does not fit this version's brand schema (${where}${issue.message}): run datekit build`);
  }
  if (parsed.data.domain !== domain) return damaged(`is the settings of ${parsed.data.domain}, not of ${domain}`);
  return { state: 'built', brand: parsed.data };
}
