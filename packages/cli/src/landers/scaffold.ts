import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { landerCopy, landerPage } from './template.ts';

/**
 * `datekit new-lander <name>`: adds a lander variant without touching routing by hand. It writes the
 * page from a template, the English copy, and the variant's name into `LANDER_VARIANTS`, the one list
 * that makes it a route and a value brands may publish; the list carries a marker line above which new
 * names go. Everything works on a root folder, so tests use a copy.
 */

/** The marker line in the list; new variants are inserted just above it. */
export const LANDER_MARKER = '// datekit new-lander adds variants above this line.';

/** Relative to the repository root. */
export const LANDER_FILES = {
  variants: 'packages/runtime/data/landers.ts',
  pages: 'src/pages/[domain]/[lang]/landers',
  locales: 'locales',
} as const;

const NAME = /^[a-z][a-z0-9]{1,39}$/;

export class LanderScaffoldError extends Error {}

export interface ScaffoldResult {
  /** Files written or changed, relative to the root. */
  files: string[];
  /** Copy keys added to English. */
  keys: string[];
  /** Languages that must translate them (every locale folder but English). */
  translate: string[];
}

/** Variant names already in the list that ends at the marker, e.g. `['tinderswipe', …]`. */
export function listedVariants(source: string): string[] {
  const at = source.indexOf(LANDER_MARKER);
  if (at === -1) return [];
  const open = source.lastIndexOf('[', at);
  return [...source.slice(open, at).matchAll(/'([a-z0-9]+)'/g)].map((m) => m[1]!);
}

/** `source` with `'name',` on its own line above the marker, indented like the marker. */
export function insertVariant(source: string, name: string, file: string): string {
  const at = source.indexOf(LANDER_MARKER);
  if (at === -1) throw new LanderScaffoldError(`${file} has no "${LANDER_MARKER}" line to add the variant above`);
  const lineStart = source.lastIndexOf('\n', at) + 1;
  const indent = source.slice(lineStart, at);
  return `${source.slice(0, lineStart)}${indent}'${name}',\n${source.slice(lineStart)}`;
}

export function validateLanderName(name: string, existing: readonly string[]): void {
  if (!NAME.test(name)) {
    throw new LanderScaffoldError(
      `"${name}" is not a valid lander name: use 2 to 40 lower-case letters and digits, starting with a letter (e.g. "summerlanding")`,
    );
  }
  if (existing.includes(name)) throw new LanderScaffoldError(`the lander "${name}" exists already`);
}

export async function scaffoldLander(root: string, name: string): Promise<ScaffoldResult> {
  const at = (relative: string) => path.join(root, relative);
  const variantsSource = await readFile(at(LANDER_FILES.variants), 'utf8');
  validateLanderName(name, listedVariants(variantsSource));
  const pageDir = path.join(LANDER_FILES.pages, name);
  if (await exists(at(pageDir))) throw new LanderScaffoldError(`${pageDir} exists already`);

  // Check the list before writing anything, so that a broken file leaves the repository untouched.
  const variants = insertVariant(variantsSource, name, LANDER_FILES.variants);

  const englishFile = path.join(LANDER_FILES.locales, 'en', 'landers.json');
  const english = JSON.parse(await readFile(at(englishFile), 'utf8')) as Record<string, string>;
  const copy = landerCopy(name);
  const clash = Object.keys(copy).filter((key) => key in english);
  if (clash.length) throw new LanderScaffoldError(`${englishFile} already has ${clash.join(', ')}`);

  const pageFile = path.join(pageDir, '[slug].astro');
  await mkdir(at(pageDir), { recursive: true });
  await writeFile(at(pageFile), landerPage(name));
  await writeFile(at(englishFile), `${JSON.stringify({ ...english, ...copy }, null, 2)}\n`);
  await writeFile(at(LANDER_FILES.variants), variants);

  const locales = await readdir(at(LANDER_FILES.locales), { withFileTypes: true });
  return {
    files: [pageFile, englishFile, LANDER_FILES.variants],
    keys: Object.keys(copy),
    translate: locales
      .filter((entry) => entry.isDirectory() && entry.name !== 'en')
      .map((entry) => entry.name)
      .sort(),
  };
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
