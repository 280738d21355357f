import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './database.ts';
import { MIGRATIONS } from './migrations/index.ts';

/** Brings the schema to the latest migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}
