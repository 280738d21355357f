import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ROOT } from '../paths.ts';

/**
 * Bump when the build writes something different from the same inputs (a new file beside the pages,
 * another layout of dist/): every brand is then rebuilt once.
 */
export const BUILD_FORMAT = 1;

/**
 * What the pages of one brand in one language are made from, each part as a hash. Two builds from
 * equal inputs write equal pages, so a language version whose inputs did not change is not rebuilt.
 */
export interface LanguageInputs {
  /** The site, runtime and build sources, package versions, Node and the build format: shared by all. */
  source: string;
  /** Every niche file: landers publish a page per niche, so every brand shows every niche. */
  niches: string;
  /**
   * The validated brand (defaults applied, so a comment or a spelled-out default is no change; the order
   * of fields is kept, since pages may list them in that order) and the asset files it names.
   */
  brand: string;
  /** The language's locale folder and English, which fills the keys it lacks. */
  locale: string;
}

/** `<domain>/<lang>`: the unit the build skips or rebuilds. */
export type LanguageKey = `${string}/${string}`;

export const languageKey = (domain: string, lang: string): LanguageKey => `${domain}/${lang}`;

/** Where the inputs live; the project's folders unless a test points elsewhere. */
export interface InputDirs {
  root: string;
  /** Folders and files (relative to root) whose every file is an input of every page. */
  sources: readonly string[];
  niches: string;
  locales: string;
  brandAssets: string;
}

/**
 * The project's shared inputs: the site (`src/`), the runtime it renders with, the CLI code that loads
 * brands and builds, the one server file the build uses, the Astro and TypeScript configuration, and
 * the installed package versions (the lock file). Tests are not inputs.
 */
export const PROJECT_INPUTS: InputDirs = {
  root: ROOT,
  sources: [
    'src',
    'packages/runtime',
    'packages/cli/src/build',
    'packages/cli/src/brand',
    'packages/cli/src/paths.ts',
    'packages/server/site/inline-scripts.ts',
    'astro.config.mjs',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ],
  niches: 'niches',
  locales: 'locales',
  brandAssets: 'brands/assets',
};

const IGNORED = /(\.test\.tsx?|\.d\.ts\.map|~)$|(^|\/)(node_modules|\.astro)(\/|$)/;

/** The inputs of every language version of `brands`, by `<domain>/<lang>`. */
export async function hashInputs(
  brands: readonly Brand[],
  dirs: InputDirs = PROJECT_INPUTS,
): Promise<Map<LanguageKey, LanguageInputs>> {
  const localeFolders = (await readdir(path.join(dirs.root, dirs.locales), { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const [source, niches] = await Promise.all([
    hashFiles(dirs.root, [...dirs.sources], [`format ${BUILD_FORMAT}`, `node ${process.version}`]),
    // Which languages have a folder decides which fall back to English everywhere: part of every locale.
    hashFiles(dirs.root, [dirs.niches]),
  ]);
  const localeHashes = new Map<string, Promise<string>>();
  const localeOf = (lang: string) => {
    let hash = localeHashes.get(lang);
    if (!hash) {
      const folders = [...new Set([lang, 'en'])].map((l) => path.join(dirs.locales, l));
      hash = hashFiles(dirs.root, folders, [`folders ${localeFolders.join(',')}`]);
      localeHashes.set(lang, hash);
    }
    return hash;
  };

  const result = new Map<LanguageKey, LanguageInputs>();
  for (const brand of brands) {
    const brandHash = await hashBrand(brand, path.join(dirs.root, dirs.brandAssets));
    for (const lang of brand.languages) {
      result.set(languageKey(brand.domain, lang), { source, niches, brand: brandHash, locale: await localeOf(lang) });
    }
  }
  return result;
}

/** One hash of all the parts: what the build state stores and compares. */
export function combinedHash(inputs: LanguageInputs): string {
  return sha256([inputs.source, inputs.niches, inputs.brand, inputs.locale].join('\n'));
}

/** The brand as the pages see it, and the content of every file of `brands/assets/` it names (its logo). */
async function hashBrand(brand: Brand, assetsDir: string): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(brand));
  for (const value of stringValues(brand)) {
    const file = path.join(assetsDir, value);
    if (value.includes('/') || value.includes('\\') || !existsSync(file)) continue;
    hash.update(`\0${value}\0`).update(await readFile(file));
  }
  return hash.digest('hex');
}

/** Every file under `entries` (files or folders, relative to `root`), names and contents, in a fixed order. */
export async function hashFiles(root: string, entries: string[], extra: string[] = []): Promise<string> {
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(root, entry);
    const listing = await readdir(full, { recursive: true, withFileTypes: true }).catch(() => null);
    if (listing === null) {
      if (existsSync(full)) files.push(entry);
      continue;
    }
    for (const item of listing) {
      if (!item.isFile()) continue;
      const relative = path.relative(root, path.join(item.parentPath, item.name)).split(path.sep).join('/');
      if (!IGNORED.test(relative)) files.push(relative);
    }
  }
  files.sort();
  const contents = await Promise.all(files.map((file) => readFile(path.join(root, file))));
  const hash = createHash('sha256');
  for (const line of extra) hash.update(`${line}\n`);
  files.forEach((file, i) => hash.update(`\0${file}\0${contents[i]!.length}\0`).update(contents[i]!));
  return hash.digest('hex');
}

function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringValues);
  return [];
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
