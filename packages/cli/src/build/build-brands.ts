import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROUTES } from '@datekit/runtime/routes';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { DIST_DIR, LOCALES_DIR, ROOT } from '../paths.ts';
import type { AstroBuildOptions } from './astro.ts';
import { installOperatorSite } from './operator-site.ts';
import {
  type BuildState,
  type BuiltLanguage,
  planBuild,
  readBuildState,
  type RebuildReason,
  writeBuildState,
} from './build-state.ts';
import { type FinishedLanguage, languageDir, readFinishedLanguage } from './finish-language.ts';
import { hashInputs, type InputDirs, languageKey, type LanguageKey } from './inputs.ts';
import { writeBrandArtefact } from './brand-artefact.ts';
import { writeInlineScriptHashes } from './inline-scripts.ts';
import { buildRoutesManifest, type RoutesManifest } from './manifest.ts';
import { ASSETS_DIR, builtBrandDirectories, installAssets, move, replaceDirectory, writeJson } from './output.ts';
import { precompress } from './precompress.ts';
import { watchPages } from './progress.ts';
import { renderShare, renderShareInWorker, type ShareResult } from './render-share.ts';
import { splitShares, workerCount } from './shares.ts';

export interface BuildBrandsOptions {
  brands: readonly Brand[];
  /** Whether `brands` is every brand: then brands no longer in `brands/` and unused assets are removed. */
  complete: boolean;
  distDir?: string;
  /** Rebuild every language version, even those whose inputs did not change. */
  force?: boolean;
  /** Worker processes that render at the same time; by default one per core for large builds. */
  workers?: number;
  /** Render in child processes even when one share does: keeps Astro out of this process (tests). */
  isolate?: boolean;
  logLevel?: AstroBuildOptions['logLevel'];
  keepCompiler?: boolean;
  onEvent?: (event: BuildEvent) => void;
  /** Where the inputs are read (tests); the project's folders by default. */
  inputDirs?: InputDirs;
}

export interface BrandBuild {
  domain: string;
  languages: { lang: string; pages: number; rebuilt: boolean }[];
  /** Pages in dist/ for the brand, rebuilt or kept. */
  pages: number;
  /** Pages this build rendered for the brand. */
  rendered: number;
  /** The brand's share of the rendering time: 0 when nothing of it was rebuilt. */
  seconds: number;
  manifest: RoutesManifest;
}

export interface BuildResult {
  brands: BrandBuild[];
  /** Pages rendered by this build (unchanged language versions are not rendered again). */
  pages: number;
  seconds: number;
  /** Language versions rebuilt and kept unchanged. */
  rebuilt: number;
  skipped: number;
  workers: number;
  /** Peak resident memory of the processes that rendered, in bytes. */
  maxRss: number;
  /** CPU seconds the rendering processes spent, summed. */
  renderCpuSeconds: number;
}

export type BuildEvent =
  | { type: 'start'; brands: number; languages: number }
  | { type: 'plan'; rebuild: number; skip: number; workers: number; reasons: Map<LanguageKey, RebuildReason[]> }
  | { type: 'progress'; pages: number; expected: number }
  | { type: 'rendered'; seconds: number; pages: number }
  | { type: 'brand'; build: BrandBuild }
  | { type: 'warning'; message: string };

/** A guess of the pages of a language version never built before: about what the demo brands have. */
const PAGES_PER_LANGUAGE_GUESS = 100;

/**
 * Builds the sites of validated `brands` into `dist/`, rebuilding only the language versions whose
 * inputs changed since the last build (see `inputs.ts`; all with `force`). The language versions to
 * render are split between worker processes, each one Astro run into its own staging directory next
 * to `dist/`; then each changed brand gets its routes manifest and replaces its old directory, and the
 * shared assets are installed. Brands not in `brands` are left as they are unless the build is complete.
 */
export async function buildBrands(options: BuildBrandsOptions): Promise<BuildResult> {
  const distDir = options.distDir ?? DIST_DIR;
  const emit = options.onEvent ?? (() => undefined);
  const started = performance.now();
  const languageCount = options.brands.reduce((sum, brand) => sum + brand.languages.length, 0);
  emit({ type: 'start', brands: options.brands.length, languages: languageCount });
  for (const message of untranslatedLanguages(options.brands)) emit({ type: 'warning', message });

  await mkdir(distDir, { recursive: true });
  const [inputs, state] = await Promise.all([hashInputs(options.brands, options.inputDirs), readBuildState(distDir)]);
  const plan = planBuild({ inputs, state, distDir, ...(options.force ? { force: true } : {}) });
  const expectedPages = (key: LanguageKey) => state.languages[key]?.pages ?? PAGES_PER_LANGUAGE_GUESS;
  const jobs = [...plan.rebuild.keys()];
  const workers = jobs.length === 0 ? 0 : (options.workers ?? workerCount(jobs.length, os.availableParallelism()));
  const shares = splitShares(jobs, workers, expectedPages);
  emit({ type: 'plan', rebuild: jobs.length, skip: plan.skip.size, workers: shares.length, reasons: plan.rebuild });

  const staging = path.join(stagingParent(distDir), `.staging-${process.pid}-${Date.now()}`);
  try {
    let rendered: ShareResult[] = [];
    if (shares.length > 0) {
      await mkdir(staging, { recursive: true });
      const outDirs = shares.map((_, i) => path.join(staging, `share-${i}`));
      const rendering = shares.map((scope, i) => ({ outDir: outDirs[i]!, scope }));
      const stopWatching = watchPages(rendering, (pages) =>
        emit({ type: 'progress', pages, expected: jobs.reduce((sum, key) => sum + expectedPages(key), 0) }),
      );
      try {
        rendered = await Promise.all(
          shares.map((scope, i) => {
            const job = {
              brands: options.brands,
              scope,
              ...(i === 0 ? { operator: true } : {}),
              outDir: outDirs[i]!,
              ...(options.logLevel ? { logLevel: options.logLevel } : {}),
            };
            return shares.length === 1 && !options.isolate
              ? renderShare(job, { ...(options.keepCompiler ? { keepCompiler: true } : {}) })
              : renderShareInWorker(job);
          }),
        );
      } finally {
        stopWatching();
      }
    }
    const renderedPages = rendered.reduce(
      (sum, share) => sum + Object.values(share.languages).reduce((n, l) => n + l.pages.length, 0),
      0,
    );
    emit({ type: 'rendered', seconds: (performance.now() - started) / 1000, pages: renderedPages });

    const finished = new Map<string, { dir: string; facts: FinishedLanguage; seconds: number }>();
    rendered.forEach((share, i) => {
      const sharePages = Object.values(share.languages).reduce((n, l) => n + l.pages.length, 0);
      for (const [key, facts] of Object.entries(share.languages)) {
        const seconds = sharePages > 0 ? (share.seconds * facts.pages.length) / sharePages : 0;
        finished.set(key, { dir: languageDir(path.join(staging, `share-${i}`), key), facts, seconds });
      }
    });

    const builds: BrandBuild[] = [];
    for (const brand of options.brands) {
      const changed = brand.languages.some((lang) => plan.rebuild.has(languageKey(brand.domain, lang)));
      const build = changed
        ? await installBrand({ staging, distDir, brand, finished, emit })
        : await keptBrand(distDir, brand, state);
      builds.push(build);
      emit({ type: 'brand', build });
    }

    // The console renders with the first share; a build that renders nothing keeps the installed one.
    // Before the assets move: its pages' module preloads are read from the share's own _astro.
    if (shares.length > 0) await installOperatorSite(path.join(staging, 'share-0'), distDir);
    if (shares.length > 0) {
      const assets = path.join(staging, ASSETS_DIR);
      for (let i = 0; i < shares.length; i++) {
        await installAssets(path.join(staging, `share-${i}`), staging, i === 0);
      }
      await precompress(assets);
      // Kept brands' pages may use files this build did not write: replace only after rebuilding all.
      await installAssets(staging, distDir, options.complete && plan.skip.size === 0);
    }
    if (options.complete) await removeStaleBrands(distDir, options.brands);
    await writeBuildState(
      distDir,
      nextState({ state, brands: options.brands, builds, inputs, complete: options.complete }),
    );

    return {
      brands: builds,
      pages: renderedPages,
      seconds: (performance.now() - started) / 1000,
      rebuilt: jobs.length,
      skipped: plan.skip.size,
      workers: shares.length,
      maxRss: Math.max(0, ...rendered.map((share) => share.maxRss)),
      renderCpuSeconds: rendered.reduce((sum, share) => sum + share.cpuSeconds, 0),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Assembles a rebuilt brand in the staging directory (its rendered languages, and copies of the
 * languages kept from the last build), writes its routes.json, script hashes and settings (brand.json),
 * and puts it in place.
 */
async function installBrand(options: {
  staging: string;
  distDir: string;
  brand: Brand;
  finished: ReadonlyMap<string, { dir: string; facts: FinishedLanguage; seconds: number }>;
  emit: (event: BuildEvent) => void;
}): Promise<BrandBuild> {
  const { brand, emit } = options;
  const brandDir = path.join(options.staging, 'brands', brand.domain);
  await mkdir(brandDir, { recursive: true });
  const facts = new Map<string, FinishedLanguage>();
  const languages: BrandBuild['languages'] = [];
  let seconds = 0;
  let rendered = 0;
  for (const lang of brand.languages) {
    const target = path.join(brandDir, lang);
    const fresh = options.finished.get(languageKey(brand.domain, lang));
    if (fresh) {
      await move(fresh.dir, target);
      facts.set(lang, fresh.facts);
      seconds += fresh.seconds;
      rendered += fresh.facts.pages.length;
    } else {
      // Unchanged language of a changed brand (only its locale files could have changed the others).
      await cp(path.join(options.distDir, brand.domain, lang), target, { recursive: true });
      facts.set(lang, await readFinishedLanguage(target));
    }
    languages.push({ lang, pages: facts.get(lang)!.pages.length, rebuilt: fresh !== undefined });
  }

  const { manifest, incomplete } = buildRoutesManifest({
    domain: brand.domain,
    languages: brand.languages,
    routes: ROUTES,
    hasShell: (lang, shell) => facts.get(lang)?.pages.includes(shell) ?? false,
  });
  for (const { route, missing } of incomplete) {
    emit({
      type: 'warning',
      message: `${brand.domain}: route "${route}" was not built for ${missing.join(', ')}; left out of routes.json`,
    });
  }
  for (const lang of brand.languages) {
    if (!facts.get(lang)?.pages.includes(manifest.notFound)) {
      throw new Error(
        `${brand.domain}/${lang}: the build wrote no ${manifest.notFound}; the server needs it for unknown paths`,
      );
    }
  }
  await writeJson(path.join(brandDir, 'routes.json'), manifest);
  await writeInlineScriptHashes(
    brandDir,
    brand.languages.map((lang) => facts.get(lang)!.scriptHashes),
  );
  await writeBrandArtefact(brandDir, brand);
  await replaceDirectory(brandDir, path.join(options.distDir, brand.domain));
  return {
    domain: brand.domain,
    languages,
    pages: languages.reduce((sum, l) => sum + l.pages, 0),
    rendered,
    seconds,
    manifest,
  };
}

/**
 * A brand none of whose inputs changed: its output stays as the last build left it. Its settings are
 * written again, the same as its pages were built from, for a build made before brand.json existed.
 */
async function keptBrand(distDir: string, brand: Brand, state: BuildState): Promise<BrandBuild> {
  await writeBrandArtefact(path.join(distDir, brand.domain), brand);
  const manifest = JSON.parse(
    await readFile(path.join(distDir, brand.domain, 'routes.json'), 'utf8'),
  ) as RoutesManifest;
  const languages = brand.languages.map((lang) => ({
    lang,
    pages: state.languages[languageKey(brand.domain, lang)]?.pages ?? 0,
    rebuilt: false,
  }));
  return {
    domain: brand.domain,
    languages,
    pages: languages.reduce((sum, l) => sum + l.pages, 0),
    rendered: 0,
    seconds: 0,
    manifest,
  };
}

/**
 * The state after this build: every language version built or kept now, with its inputs; a complete
 * build forgets brands and languages that are gone, a build of some brands keeps the others' entries.
 */
function nextState(options: {
  state: BuildState;
  brands: readonly Brand[];
  builds: readonly BrandBuild[];
  inputs: ReadonlyMap<LanguageKey, BuiltLanguage['inputs']>;
  complete: boolean;
}): BuildState {
  const building = new Set(options.brands.map((b) => b.domain));
  const languages: BuildState['languages'] = {};
  if (!options.complete) {
    for (const [key, entry] of Object.entries(options.state.languages) as [LanguageKey, BuiltLanguage][]) {
      if (!building.has(key.split('/')[0]!)) languages[key] = entry;
    }
  }
  for (const build of options.builds) {
    for (const { lang, pages } of build.languages) {
      const key = languageKey(build.domain, lang);
      const inputs = options.inputs.get(key);
      if (inputs) languages[key] = { inputs, pages };
    }
  }
  return { version: 1, languages };
}

/** Languages shown by a brand that have no `locales/<lang>/ui.json` yet: their pages fall back to English. */
function untranslatedLanguages(brands: readonly Brand[]): string[] {
  const wanted = new Map<string, string[]>();
  for (const brand of brands) {
    for (const lang of brand.languages) {
      if (existsSync(path.join(LOCALES_DIR, lang, 'ui.json'))) continue;
      wanted.set(lang, [...(wanted.get(lang) ?? []), brand.domain]);
    }
  }
  return [...wanted].map(
    ([lang, domains]) =>
      `locales/${lang}/ui.json does not exist yet: ${domains.join(', ')} show English text in ${lang}`,
  );
}

async function removeStaleBrands(distDir: string, brands: readonly Brand[]): Promise<void> {
  const current = new Set(brands.map((b) => b.domain));
  for (const name of await builtBrandDirectories(distDir)) {
    if (!current.has(name)) await rm(path.join(distDir, name), { recursive: true, force: true });
  }
}

/**
 * Where Astro writes before the brands are installed: beside `dist/` when that lies in the project,
 * so that installing is a rename on one file system; else in the project's cache, because Astro needs
 * its output directory inside the project root.
 */
function stagingParent(distDir: string): string {
  const relative = path.relative(ROOT, distDir);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return inside ? distDir : path.join(ROOT, 'node_modules', '.cache', 'datekit-build');
}
