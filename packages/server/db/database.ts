import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { COMMIT_SIGNAL_CHANNEL, registerCommitSignal, SignallingDialect } from './commit-signal.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, `sqlitePath` is used. */
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** PostgreSQL schema to work in (tests use a fresh one per file). */
  searchPath?: string;
}

// pg returns int8 (bigint: our millisecond times and sums) as strings by default; ours fit in a double.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export interface OpenedDatabase {
  db: Db;
  engine: Engine;
  /**
   * Resolves once `db.destroy()` has closed everything that had the database open: on SQLite also the
   * checkpointer's thread, which Kysely's synchronous close cannot wait for. Until then a file of the
   * database may still be written (a test removing its scratch directory waits for this).
   */
  closed(): Promise<void>;
}

export function createDatabase(options: DatabaseOptions): OpenedDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      types: pgTypes,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const dialect = new SignallingDialect(new PostgresDialect({ pool }), COMMIT_SIGNAL_CHANNEL);
    return { db: withCommitSignal(dialect), engine: 'postgres', closed: () => Promise.resolve() };
  }
  const file = options.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while one writer commits; busy_timeout makes a second writer wait instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const statements = withStatementCache(sqlite);
  let database: SqliteDatabase = statements;
  let checkpointerStopped = Promise.resolve();
  if (file !== ':memory:') {
    // Checkpoints in a thread of their own, never inside a request's commit (db/wal-checkpointer.ts).
    sqlite.pragma('wal_autocheckpoint = 0');
    const checkpointer = startWalCheckpointer(file, {
      onError: (message) => process.emitWarning(`SQLite checkpoint of ${file} failed: ${message}`),
      // Without its thread, SQLite's own checkpoints again (its default: every 1,000 pages).
      onLost: () => {
        if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
      },
    });
    database = {
      prepare: (sql) => statements.prepare(sql),
      close() {
        checkpointerStopped = checkpointer.stop();
        statements.close();
      },
    };
  }
  const db = withCommitSignal(new SignallingDialect(new SqliteDialect({ database })));
  return { db, engine: 'sqlite', closed: () => checkpointerStopped };
}

/** A Kysely instance whose commits of jobs due now wake the job runners (db/commit-signal.ts). */
function withCommitSignal(dialect: SignallingDialect): Db {
  const db = new Kysely<Database>({ dialect });
  registerCommitSignal(db, dialect);
  return db;
}
