import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Db, type Engine } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

export interface TestDatabase {
  db: Db;
  engine: Engine;
  /** PostgreSQL: the schema this database lives in (another connection to it is another instance). */
  schema?: string;
  drop(): Promise<void>;
}

/**
 * A freshly migrated database for one test file: a temporary SQLite file, or (DATEKIT_TEST_DB=postgres)
 * a new schema in TEST_DATABASE_URL, dropped afterwards. The same tests run against both.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  if (process.env.DATEKIT_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('DATEKIT_TEST_DB=postgres needs TEST_DATABASE_URL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${name}`);
    await admin.end();
    const { db, engine } = createDatabase({ databaseUrl: url, searchPath: name });
    await migrateToLatest(db, { schema: name });
    return {
      db,
      engine,
      schema: name,
      async drop() {
        await db.destroy();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema ${name} cascade`);
        await client.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-db-'));
  const { db, engine } = createDatabase({ sqlitePath: path.join(dir, `${name}.sqlite`) });
  await migrateToLatest(db);
  return {
    db,
    engine,
    async drop() {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
