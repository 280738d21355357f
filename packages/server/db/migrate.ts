import { sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator, type MigrationResultSet } from 'kysely/migration';
import type { Db } from './database.ts';
import { MIGRATIONS } from './migrations/index.ts';

function migratorFor(db: Db, options: { schema?: string }): Migrator {
  // With a schema (PostgreSQL), the bookkeeping tables live there too; otherwise the migrator may
  // find another schema's table on the search path and skip creating its own.
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
}

/** Brings the schema to the latest migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db, options: { schema?: string } = {}): Promise<MigrationResultSet> {
  const result = await migratorFor(db, options).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}

/** The migrations this code knows that the database has not run yet, oldest first (all of them on an empty database). */
export async function pendingMigrations(db: Db, options: { schema?: string } = {}): Promise<string[]> {
  const executed = await executedMigrations(db, options.schema);
  // Kysely runs them in the order of their names.
  return Object.keys(MIGRATIONS)
    .sort()
    .filter((name) => !executed.has(name));
}

/**
 * The names in the migrator's own table, read directly. Kysely's Migrator first looks its table up
 * among the tables of every schema: a catalog query on each readiness probe, which on PostgreSQL also
 * fails when another schema is dropped meanwhile. No table yet: nothing has run.
 */
async function executedMigrations(db: Db, schema: string | undefined): Promise<Set<string>> {
  const table = sql.table(schema ? `${schema}.${DEFAULT_MIGRATION_TABLE}` : DEFAULT_MIGRATION_TABLE);
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    return new Set(rows.map((row) => row.name));
  } catch (error) {
    // A database that does not answer is not one where nothing has run.
    await sql`select 1`.execute(db).catch(() => {
      throw error;
    });
    return new Set();
  }
}

/** Thrown by `assertMigrated`: the message names the pending migrations and the command that applies them. */
export class NotMigratedError extends Error {
  override readonly name = 'NotMigratedError';

  readonly pending: string[];

  constructor(pending: string[]) {
    super(
      `The database is not migrated: ${pending.length} pending migration(s), ${pending.join(', ')}.\n` +
        'Run `datekit db migrate` (or start with `datekit serve --migrate`), then start the server again.',
    );
    this.pending = pending;
  }
}

/** Refuses a database whose schema is behind this code, instead of answering 500 to every request. */
export async function assertMigrated(db: Db): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) throw new NotMigratedError(pending);
}
