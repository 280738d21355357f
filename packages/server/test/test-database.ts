import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type DatabaseOptions, type Db, type Engine } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

export interface TestDatabase {
  db: Db;
  /** The read connection, as production opens it (see `OpenedDatabase.reads`). */
  reads: Db;
  engine: Engine;
  /** PostgreSQL: the schema this database lives in (another connection to it is another instance). */
  schema?: string;
  /**
   * Runs `work` while no other test file changes its schema: for a test that runs Kysely's migrator
   * itself (see SCHEMA_CHANGE_LOCK). On SQLite there is nothing to hold.
   */
  migrating<T>(work: () => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/**
 * A freshly migrated database for one test file: a temporary SQLite file, or (DATEKIT_TEST_DB=postgres)
 * a new schema in TEST_DATABASE_URL, dropped afterwards. The same tests run against both. `onQuery`
 * sees every statement run on it (createDatabase).
 */
export async function createTestDatabase(options: Pick<DatabaseOptions, 'onQuery'> = {}): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  if (process.env.DATEKIT_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('DATEKIT_TEST_DB=postgres needs TEST_DATABASE_URL');
    const { db, reads, engine } = createDatabase({ ...options, databaseUrl: url, searchPath: name });
    await createMigratedSchema(url, name, db);
    return {
      db,
      reads,
      engine,
      schema: name,
      migrating: (work) => holdingSchemaLock(url, work),
      async drop() {
        await db.destroy();
        await dropSchema(url, name);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-db-'));
  const { db, reads, engine, closed } = createDatabase({
    ...options,
    sqlitePath: path.join(dir, `${name}.sqlite`),
  });
  await migrateToLatest(db);
  return {
    db,
    reads,
    engine,
    migrating: (work) => work(),
    async drop() {
      await db.destroy();
      // The checkpointer's thread closes its connection after Kysely's: until then it may still
      // write the database's -wal and -shm files into the directory being removed (ENOTEMPTY).
      await closed();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Kysely's migrator looks its table up among the tables of every schema of the database, and that
 * catalog query fails when another test file's schema changes under it: "schema … does not exist" when
 * one is dropped, "column … does not exist" when a migration drops a column. So every change of a
 * test schema (creating and migrating one, a test's own migrations, dropping one) holds this advisory
 * lock, one at a time: about 0.6 s each on PostgreSQL.
 */
const SCHEMA_CHANGE_LOCK = 0x64617465;

async function holdingSchemaLock<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
    return await work(admin);
  } finally {
    await admin.end(); // the session's end releases its lock
  }
}

/** Creates a PostgreSQL schema and migrates `db` (whose search path it is) to the latest migration. */
export async function createMigratedSchema(url: string, schema: string, db: Db): Promise<void> {
  await holdingSchemaLock(url, async (admin) => {
    await admin.query(`create schema ${schema}`);
    await migrateToLatest(db, { schema });
  });
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  await holdingSchemaLock(url, (admin) => admin.query(`drop schema if exists ${schema} cascade`));
}
