import fs from 'node:fs';
import path from 'node:path';
import {
  ApiError,
  createServices,
  loadConfig,
  migrateToLatest,
  rekeyLegacyMedia,
  type NicheSearchDefaults,
  type ServerConfig,
  normalizeHost,
  type Services,
  type UnavailableBrand,
} from '@datekit/server';
import { BRANDS_DIR, domainOfFile, loadBrands, loadNiches, NICHES_DIR, type BrandProblem } from '@datekit/brand-config';
import { type Locale, toLocale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { readBrandArtefact } from './build/brand-artefact.ts';
import { DIST_DIR } from './paths.ts';

export interface Site {
  /** The brands to serve: their settings (built, or else their file) and their niche's file are valid. */
  brands: Brand[];
  searchDefaults: NicheSearchDefaults;
  /** The brands that cannot be served, each with the file at fault: their hosts answer 503, the others serve. */
  unavailable: UnavailableBrand[];
}

/** Where a brand's hosts and page language come from when it cannot be served. */
interface Identity {
  domain: string;
  aliases: readonly string[];
  language: Locale;
}

/**
 * The brands and niches the server needs. The brands are those of `brands/*.yaml`; a built brand's
 * settings come from its build (`dist/<domain>/brand.json`, see build/brand-artefact.ts), so an edit
 * in `brands/` reaches members with the next build, never half-made; a brand not built yet from its
 * file. A problem in one file never stops the others: a brand whose settings are invalid (its file,
 * unbuilt; its brand.json), or whose niche's file is, is returned as unavailable with its first
 * problem (`datekit validate` lists them all).
 */
export async function loadSite(distDir: string = DIST_DIR): Promise<Site> {
  const [loaded, niches] = await Promise.all([loadBrands(), loadNiches()]);
  const searchDefaults = Object.fromEntries(
    niches.niches.map((n) => [n.slug, n.search_defaults]),
  ) as NicheSearchDefaults;
  const fromFiles: { identity: Identity; brand?: Brand; file: string }[] = [
    ...loaded.brands.map((brand) => ({
      identity: identityOf(brand),
      brand,
      file: path.join(BRANDS_DIR, `${brand.domain}.yaml`),
    })),
    ...loaded.rejected.map(({ file, data }) => ({ identity: identityFromData(domainOfFile(file), data), file })),
  ].sort((a, b) => a.file.localeCompare(b.file));

  const brands: Brand[] = [];
  const unavailable: UnavailableBrand[] = [];
  for (const { identity, brand: fromFile, file } of fromFiles) {
    const artefact = await readBrandArtefact(distDir, identity.domain);
    if (artefact.state === 'damaged') {
      unavailable.push({ ...identity, file: artefact.file, problem: artefact.problem });
      continue;
    }
    const brand = artefact.state === 'built' ? artefact.brand : fromFile;
    if (!brand) {
      unavailable.push({ ...identity, ...describeProblems(file, loaded.problems) });
      continue;
    }
    if (brand.niche.slug in searchDefaults) {
      brands.push(brand);
      continue;
    }
    const nicheFile = path.join(NICHES_DIR, `${brand.niche.slug}.yaml`);
    unavailable.push({ ...identityOf(brand), ...describeProblems(nicheFile, niches.problems) });
  }
  return { brands, searchDefaults, unavailable };
}

function identityOf(brand: Brand): Identity {
  return { domain: brand.domain, aliases: brand.aliases, language: brand.default_language };
}

/** The hosts and language of a brand file that has problems, as far as its data can be read. */
function identityFromData(domain: string, data: unknown): Identity {
  const fields = (data ?? {}) as { aliases?: unknown; domain_language?: unknown };
  const aliases = Array.isArray(fields.aliases) ? fields.aliases.filter((a) => typeof a === 'string') : [];
  return {
    domain,
    aliases: aliases.flatMap((alias) => normalizeHost(alias) ?? []),
    language: toLocale(typeof fields.domain_language === 'string' ? fields.domain_language : null) ?? 'en',
  };
}

/** A file's first problem, located, for the log and /readyz; the file relative to the folder above it (`brands/x.yaml`). */
function describeProblems(file: string, problems: readonly BrandProblem[]): { file: string; problem: string } {
  const own = problems.filter((p) => p.file === file);
  const first = own[0];
  const more = own.length > 1 ? ` (and ${own.length - 1} more: run datekit validate)` : '';
  const what = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : 'is not valid';
  const where = first ? `:${first.line}:${first.column}` : '';
  return { file: path.relative(path.dirname(path.dirname(file)), file) + where, problem: what + more };
}

/** Wires the server's services for the repository's brands and niches. */
export async function openServices(config: ServerConfig = loadConfig()): Promise<Services> {
  return createServices(config, await loadSite(config.distDir));
}

/** Migrates the database to the latest schema and brings stored media names up to date. */
export async function migrate(services: Services): Promise<string[]> {
  if (services.engine === 'sqlite') fs.mkdirSync(path.dirname(services.config.sqlitePath), { recursive: true });
  const result = await migrateToLatest(services.db);
  // Files stored before every variant had its own random name get one (a no-op once done).
  await rekeyLegacyMedia(services);
  return (result.results ?? []).map((r) => r.migrationName);
}

/**
 * Runs a command's work on migrated services; a refusal prints its English message (the text the
 * console shows, for an `ApiError`) and exits 1.
 */
export async function withServices(work: (services: Services) => Promise<void>): Promise<void> {
  const services = await openServices();
  try {
    await migrate(services);
    await work(services);
  } catch (error) {
    console.error(
      error instanceof ApiError
        ? services.translate('en', `errors:${error.code}`, error.params)
        : error instanceof Error
          ? error.message
          : String(error),
    );
    process.exitCode = 1;
  } finally {
    await services.db.destroy();
  }
}
