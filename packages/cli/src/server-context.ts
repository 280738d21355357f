import fs from 'node:fs';
import path from 'node:path';
import {
  createServices,
  loadConfig,
  migrateToLatest,
  rekeyLegacyMedia,
  type NicheSearchDefaults,
  type ServerConfig,
  type Services,
} from '@datekit/server';
import type { Brand } from '@datekit/runtime';
import { formatProblem, loadBrands } from './brand/load.ts';
import { loadNiches } from './brand/niches.ts';

/** The brands and niches the server needs, validated; throws after printing the problems when any file is broken. */
export async function loadSite(): Promise<{ brands: Brand[]; searchDefaults: NicheSearchDefaults }> {
  const [{ brands, problems }, niches] = await Promise.all([loadBrands(), loadNiches()]);
  const all = [...problems, ...niches.problems];
  if (all.length) {
    for (const problem of all) console.error(formatProblem(problem));
    throw new Error(`${all.length} problem(s) in brands/ or niches/; run datekit validate`);
  }
  const searchDefaults = Object.fromEntries(
    niches.niches.map((n) => [n.slug, n.search_defaults]),
  ) as NicheSearchDefaults;
  return { brands, searchDefaults };
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
