import fs from 'node:fs';
import path from 'node:path';
import {
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
import { type Brand, toLocale } from '@datekit/runtime';
import { domainOfFile } from './brand/cross-file.ts';
import { loadBrands, type BrandProblem } from './brand/load.ts';
import { loadNiches } from './brand/niches.ts';
import { NICHES_DIR } from './paths.ts';

export interface Site {
  /** The brands to serve: their file and their niche's file are valid. */
  brands: Brand[];
  searchDefaults: NicheSearchDefaults;
  /** The brands whose file, or whose niche's file, has a problem: their hosts answer 503, the others serve. */
  unavailable: UnavailableBrand[];
}

/**
 * The brands and niches the server needs. A problem in one file never stops the others: a brand
 * whose file is invalid, or whose niche's file is, is returned as unavailable with its first problem
 * (`datekit validate` lists them all).
 */
export async function loadSite(): Promise<Site> {
  const [loaded, niches] = await Promise.all([loadBrands(), loadNiches()]);
  const unavailable = loaded.rejected.map(({ file, data }) => {
    const fields = (data ?? {}) as { aliases?: unknown; domain_language?: unknown };
    const aliases = Array.isArray(fields.aliases) ? fields.aliases.filter((a) => typeof a === 'string') : [];
    return {
      domain: domainOfFile(file),
      aliases: aliases.flatMap((alias) => normalizeHost(alias) ?? []),
      language: toLocale(typeof fields.domain_language === 'string' ? fields.domain_language : null) ?? 'en',
      ...describeProblems(file, loaded.problems),
    };
  });
  const searchDefaults = Object.fromEntries(
    niches.niches.map((n) => [n.slug, n.search_defaults]),
  ) as NicheSearchDefaults;
  const brands: Brand[] = [];
  for (const brand of loaded.brands) {
    if (brand.niche.slug in searchDefaults) {
      brands.push(brand);
      continue;
    }
    const nicheFile = path.join(NICHES_DIR, `${brand.niche.slug}.yaml`);
    unavailable.push({
      domain: brand.domain,
      aliases: brand.aliases,
      language: brand.default_language,
      ...describeProblems(nicheFile, niches.problems),
    });
  }
  return { brands, searchDefaults, unavailable };
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
  return createServices(config, await loadSite());
}

/** Migrates the database to the latest schema and brings stored media names up to date. */
export async function migrate(services: Services): Promise<string[]> {
  if (services.engine === 'sqlite') fs.mkdirSync(path.dirname(services.config.sqlitePath), { recursive: true });
  const result = await migrateToLatest(services.db);
  // Files stored before every variant had its own random name get one (a no-op once done).
  await rekeyLegacyMedia(services);
  return (result.results ?? []).map((r) => r.migrationName);
}
