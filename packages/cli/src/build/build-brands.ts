import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Brand, ROUTES } from '@datekit/runtime';
import { DIST_DIR, LOCALES_DIR, ROOT } from '../paths.ts';
import { runAstroBuild, type AstroBuildOptions } from './astro.ts';
import { buildRoutesManifest, type RoutesManifest } from './manifest.ts';
import { writeInlineScriptHashes } from './inline-scripts.ts';
import { precompress } from './precompress.ts';
import { installOperatorSite } from './operator-site.ts';
import {
  ASSETS_DIR,
  builtBrandDirectories,
  htmlFiles,
  installAssets,
  placeErrorPages,
  replaceDirectory,
  writeJson,
} from './output.ts';

export interface BuildBrandsOptions {
  brands: readonly Brand[];
  /** Whether `brands` is every brand: then brands no longer in `brands/` and unused assets are removed. */
  complete: boolean;
  distDir?: string;
  logLevel?: AstroBuildOptions['logLevel'];
  keepCompiler?: boolean;
  onEvent?: (event: BuildEvent) => void;
}

export interface BrandBuild {
  domain: string;
  languages: { lang: string; pages: number }[];
  pages: number;
  manifest: RoutesManifest;
}

export interface BuildResult {
  brands: BrandBuild[];
  pages: number;
  seconds: number;
}

export type BuildEvent =
  | { type: 'start'; brands: number; languages: number }
  | { type: 'rendered'; seconds: number }
  | { type: 'brand'; build: BrandBuild }
  | { type: 'warning'; message: string };

/**
 * Builds the sites of validated `brands` into `dist/`: one Astro run renders every brand and language into a
 * staging directory next to `dist/`, then each brand gets its routes manifest and replaces its old
 * directory, and the shared assets are installed. Brands not in `brands` are left as they are unless
 * the build is complete.
 */
export async function buildBrands(options: BuildBrandsOptions): Promise<BuildResult> {
  const distDir = options.distDir ?? DIST_DIR;
  const emit = options.onEvent ?? (() => undefined);
  const started = performance.now();
  const languages = options.brands.reduce((sum, brand) => sum + brand.languages.length, 0);
  emit({ type: 'start', brands: options.brands.length, languages });
  for (const message of untranslatedLanguages(options.brands)) emit({ type: 'warning', message });

  await mkdir(distDir, { recursive: true });
  const staging = path.join(stagingParent(distDir), `.staging-${process.pid}-${Date.now()}`);
  await mkdir(path.dirname(staging), { recursive: true });
  try {
    await runAstroBuild({
      brands: options.brands,
      outDir: staging,
      ...(options.logLevel ? { logLevel: options.logLevel } : {}),
      ...(options.keepCompiler ? { keepCompiler: true } : {}),
    });
    emit({ type: 'rendered', seconds: (performance.now() - started) / 1000 });

    const builds: BrandBuild[] = [];
    for (const brand of options.brands) {
      const result = await finishBrand(staging, brand, emit);
      await replaceDirectory(path.join(staging, brand.domain), path.join(distDir, brand.domain));
      builds.push(result);
      emit({ type: 'brand', build: result });
    }
    await installOperatorSite(staging, distDir);
    await precompress(path.join(staging, ASSETS_DIR));
    await installAssets(staging, distDir, options.complete);
    if (options.complete) await removeStaleBrands(distDir, options.brands);

    return {
      brands: builds,
      pages: builds.reduce((sum, b) => sum + b.pages, 0),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function finishBrand(staging: string, brand: Brand, emit: (event: BuildEvent) => void): Promise<BrandBuild> {
  const brandDir = path.join(staging, brand.domain);
  const files = new Map<string, Set<string>>();
  const languages: BrandBuild['languages'] = [];
  for (const lang of brand.languages) {
    const langDir = path.join(brandDir, lang);
    await placeErrorPages(langDir);
    const pages = await htmlFiles(langDir);
    files.set(lang, new Set(pages));
    languages.push({ lang, pages: pages.length });
  }
  const { manifest, incomplete } = buildRoutesManifest({
    domain: brand.domain,
    languages: brand.languages,
    routes: ROUTES,
    hasShell: (lang, shell) => files.get(lang)?.has(shell) ?? false,
  });
  for (const { route, missing } of incomplete) {
    emit({
      type: 'warning',
      message: `${brand.domain}: route "${route}" was not built for ${missing.join(', ')}; left out of routes.json`,
    });
  }
  for (const lang of brand.languages) {
    if (!files.get(lang)?.has(manifest.notFound)) {
      throw new Error(
        `${brand.domain}/${lang}: the build wrote no ${manifest.notFound}; the server needs it for unknown paths`,
      );
    }
  }
  await writeJson(path.join(brandDir, 'routes.json'), manifest);
  await writeInlineScriptHashes(brandDir, brand.languages);
  for (const lang of brand.languages) await precompress(path.join(brandDir, lang));
  return { domain: brand.domain, languages, pages: languages.reduce((sum, l) => sum + l.pages, 0), manifest };
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
