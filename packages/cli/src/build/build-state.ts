import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type LanguageInputs, type LanguageKey } from './inputs.ts';

/** Beside the brands in dist/: what each language version was last built from. */
export const BUILD_STATE_FILE = '.datekit-build.json';

export interface BuiltLanguage {
  inputs: LanguageInputs;
  pages: number;
}

export interface BuildState {
  version: 1;
  languages: Record<LanguageKey, BuiltLanguage>;
}

/** Why a language version is rebuilt, for the build's report. */
export type RebuildReason = 'forced' | 'new' | 'missing output' | 'source' | 'niches' | 'brand' | 'locale';

export interface BuildPlan {
  rebuild: Map<LanguageKey, RebuildReason[]>;
  /** Unchanged since the last build, its output in place: nothing to do. */
  skip: Set<LanguageKey>;
}

const PARTS = ['source', 'niches', 'brand', 'locale'] as const;

export async function readBuildState(distDir: string): Promise<BuildState> {
  const empty: BuildState = { version: 1, languages: {} };
  try {
    const state = JSON.parse(await readFile(path.join(distDir, BUILD_STATE_FILE), 'utf8')) as BuildState;
    return state.version === 1 && state.languages && typeof state.languages === 'object' ? state : empty;
  } catch {
    // No state (a first build, or an older datekit) or an unreadable one: everything is rebuilt.
    return empty;
  }
}

/** Written by rename, so a build that stops half way leaves the old state or the new, never half of one. */
export async function writeBuildState(distDir: string, state: BuildState): Promise<void> {
  const file = path.join(distDir, BUILD_STATE_FILE);
  const temporary = `${file}.${process.pid}`;
  await writeFile(temporary, `${JSON.stringify(state, null, 1)}\n`);
  await rename(temporary, file);
}

/**
 * Which language versions to rebuild: those never built, whose output is gone from `distDir`, or with any
 * input whose hash differs from the last build; all of them when `force`.
 */
export function planBuild(options: {
  inputs: ReadonlyMap<LanguageKey, LanguageInputs>;
  state: BuildState;
  distDir: string;
  force?: boolean;
}): BuildPlan {
  const rebuild = new Map<LanguageKey, RebuildReason[]>();
  const skip = new Set<LanguageKey>();
  for (const [key, inputs] of options.inputs) {
    const built = options.state.languages[key];
    const reasons: RebuildReason[] = options.force
      ? ['forced']
      : !built
        ? ['new']
        : !outputInPlace(options.distDir, key)
          ? ['missing output']
          : PARTS.filter((part) => built.inputs[part] !== inputs[part]);
    if (reasons.length > 0) rebuild.set(key, reasons);
    else skip.add(key);
  }
  return { rebuild, skip };
}

/** The language's directory and its brand's routes.json: what the server needs to serve it. */
function outputInPlace(distDir: string, key: LanguageKey): boolean {
  const [domain = '', lang = ''] = key.split('/');
  return existsSync(path.join(distDir, domain, lang)) && existsSync(path.join(distDir, domain, 'routes.json'));
}

/** Reasons as words for the report: `brand, locale changed`. */
export function describeReasons(reasons: readonly RebuildReason[]): string {
  const changed = reasons.filter((r) => (PARTS as readonly string[]).includes(r));
  const other = reasons.filter((r) => !(PARTS as readonly string[]).includes(r));
  return [...other, ...(changed.length ? [`${changed.join(', ')} changed`] : [])].join('; ');
}
