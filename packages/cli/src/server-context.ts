import fs from 'node:fs';
import path from 'node:path';
import { createServices, loadConfig, migrateToLatest, type Services } from '@datekit/server';
import { formatProblem, loadBrands } from './brand/load.ts';

/** Loads and validates the brands and wires the server's services; exits with the problems when a brand is broken. */
export async function openServices(): Promise<Services> {
  const { brands, problems } = await loadBrands();
  if (problems.length) {
    for (const problem of problems) console.error(formatProblem(problem));
    throw new Error(`${problems.length} problem(s) in brands/; run datekit validate`);
  }
  return createServices(loadConfig(), brands);
}

export async function migrate(services: Services): Promise<string[]> {
  if (services.engine === 'sqlite') fs.mkdirSync(path.dirname(services.config.sqlitePath), { recursive: true });
  const result = await migrateToLatest(services.db);
  return (result.results ?? []).map((r) => r.migrationName);
}
