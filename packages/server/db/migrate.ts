import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './database.ts';
import { MIGRATIONS } from './migrations/index.ts';

/** Brings the schema to the latest migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db, options: { schema?: string } = {}): Promise<MigrationResultSet> {
  // With a schema (PostgreSQL), the bookkeeping tables live there too; otherwise the migrator may
  // find another schema's table on the search path and skip creating its own.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}
