import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BRANDS_DIR, NICHES_DIR } from '@datekit/brand-config/paths';
import { DIST_DIR } from '../paths.ts';
import { BUILD_STATE_FILE } from './build-state.ts';
import type { BrandBuild } from './build-brands.ts';
import type { BuildResult, BuildSitesOptions } from './build-sites.ts';
import { BUILD_FORMAT, hashFiles, type InputDirs, PROJECT_INPUTS } from './inputs.ts';
import { brandLine, nothingChangedLine, summaryLine } from './report.ts';

/**
 * The shortcut of a rebuild whose input files did not change at all: `datekit build` hashes the files
 * as they are (every brand file, niches, locales, brand assets and the project's sources, see
 * PROJECT_INPUTS) before it loads anything else, and when the hash is the one recorded by the last
 * build of the same brands, and its output is in place, it says what that build would say without
 * loading the brand schemas, zod or Astro. Any other change goes the whole way, where the validated
 * brands are compared part by part (inputs.ts: a comment in a brand file rebuilds nothing there).
 */
export const UNCHANGED_FILE = '.datekit-unchanged.json';

/** What the last build of a set of brands was made from, and what an unchanged rebuild prints of it. */
interface Recorded {
  hash: string;
  /**
   * The hash of dist/'s build state after that build. Every build that renders rewrites the state, so
   * one in between (of other brands, the demo's) that replaced any of these brands' pages from other
   * inputs makes the record void, even once the files are back as they were.
   */
  builtState: string;
  /** `<domain>/<lang>` of every language version built. */
  languages: string[];
  brands: { domain: string; pages: number }[];
  /** The build's warnings about its inputs (a language without translations): still true. */
  warnings: string[];
}

interface UnchangedState {
  version: 1;
  /** By request: the domains asked for, sorted, or `*` for every brand. */
  builds: Record<string, Recorded>;
}

export interface UnchangedOptions {
  /** Domains asked for; every brand when empty. */
  brands: string[];
  distDir?: string;
  /** Never skip (`--force`): only hash the inputs, to record them after the build. */
  force?: boolean;
  /** Where the input files are (tests); the project's, brands/ and niches/ by default. */
  inputs?: InputFiles;
  log?: (line: string) => void;
  warn?: (line: string) => void;
}

export interface InputFiles {
  project: InputDirs;
  brandsDir: string;
  nichesDir: string;
}

const PROJECT_FILES: InputFiles = { project: PROJECT_INPUTS, brandsDir: BRANDS_DIR, nichesDir: NICHES_DIR };

const requestOf = (domains: readonly string[]) => (domains.length ? [...new Set(domains)].sort().join(',') : '*');

/** Every input file's names and contents as one hash, with the build format and Node's version. */
async function inputFilesHash(request: string, files: InputFiles): Promise<string> {
  const { project: dirs } = files;
  const [project, brands, niches] = await Promise.all([
    hashFiles(
      dirs.root,
      [...dirs.sources, dirs.locales, dirs.brandAssets],
      [`format ${BUILD_FORMAT}`, `node ${process.version}`, `request ${request}`],
    ),
    hashFiles(files.brandsDir, ['.']),
    hashFiles(files.nichesDir, ['.']),
  ]);
  return [project, brands, niches].join(':');
}

async function readState(distDir: string): Promise<UnchangedState> {
  try {
    const state = JSON.parse(await readFile(path.join(distDir, UNCHANGED_FILE), 'utf8')) as UnchangedState;
    if (state.version === 1 && state.builds && typeof state.builds === 'object') return state;
  } catch {
    // None yet, or unreadable: the build goes the whole way.
  }
  return { version: 1, builds: {} };
}

async function builtStateHash(distDir: string): Promise<string | undefined> {
  const state = await readFile(path.join(distDir, BUILD_STATE_FILE)).catch(() => undefined);
  return state && createHash('sha256').update(state).digest('hex');
}

/** The build state as that build left it, each brand's routes.json and language directories. */
async function outputInPlace(distDir: string, recorded: Recorded): Promise<boolean> {
  return (
    (await builtStateHash(distDir)) === recorded.builtState &&
    recorded.brands.every((b) => existsSync(path.join(distDir, b.domain, 'routes.json'))) &&
    recorded.languages.every((key) => existsSync(path.join(distDir, ...key.split('/'))))
  );
}

/**
 * Prints what the build prints when nothing changed, and answers true, if the input files are those of
 * the last build of the same brands; otherwise answers the hash to record once this build succeeds.
 */
export async function skipUnchanged(
  options: UnchangedOptions,
): Promise<{ skipped: true } | { skipped: false; hash: string }> {
  const started = performance.now();
  const distDir = options.distDir ?? DIST_DIR;
  const request = requestOf(options.brands);
  const [hash, state] = await Promise.all([
    inputFilesHash(request, options.inputs ?? PROJECT_FILES),
    readState(distDir),
  ]);
  const recorded = state.builds[request];
  if (options.force || !recorded || recorded.hash !== hash || !(await outputInPlace(distDir, recorded)))
    return { skipped: false, hash };

  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.warn(line));
  const count = recorded.languages.length;
  log(
    `Building ${recorded.brands.length} ${recorded.brands.length === 1 ? 'brand' : 'brands'} in ${count} language versions…`,
  );
  for (const message of recorded.warnings) warn(`  ! ${message}`);
  log(nothingChangedLine(count));
  const width = Math.max(...recorded.brands.map((b) => b.domain.length));
  // A kept brand's line names its pages only.
  const brands = recorded.brands.map((b): BrandBuild => ({
    domain: b.domain,
    languages: [],
    pages: b.pages,
    rendered: 0,
    seconds: 0,
    manifest: { routes: [] } as unknown as BrandBuild['manifest'],
  }));
  for (const build of brands) log(brandLine(build, width));
  log(summaryLine({ brands, pages: 0, seconds: (performance.now() - started) / 1000, skipped: count }));
  return { skipped: true };
}

/** After a successful build: its input files' hash (taken before it read them) and what it built. */
export async function recordBuild(
  options: Pick<BuildSitesOptions, 'distDir'> & {
    brands: string[];
    hash: string;
    warnings: string[];
    result: BuildResult;
  },
): Promise<void> {
  const distDir = options.distDir ?? DIST_DIR;
  const state = await readState(distDir);
  const builtState = await builtStateHash(distDir);
  if (!builtState) return;
  state.builds[requestOf(options.brands)] = {
    hash: options.hash,
    builtState,
    languages: options.result.brands.flatMap((b) => b.languages.map((l) => `${b.domain}/${l.lang}`)),
    brands: options.result.brands.map((b) => ({ domain: b.domain, pages: b.pages })),
    warnings: options.warnings,
  };
  const file = path.join(distDir, UNCHANGED_FILE);
  const temporary = `${file}.${process.pid}`;
  await writeFile(temporary, `${JSON.stringify(state, null, 1)}\n`);
  await rename(temporary, file);
}
