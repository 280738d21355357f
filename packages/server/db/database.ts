import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type Logger, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { COMMIT_SIGNAL_CHANNEL, registerCommitSignal, SignallingDialect } from './commit-signal.ts';
import type { Database } from './schema.ts';
import { prepareStatements } from './prepared-statements.ts';
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
  /** Where a broken PostgreSQL connection is reported (default: a process warning). */
  warn?: (message: string) => void;
  /**
   * Sees every statement sent, compiled, on `db`, its transactions and `reads` (tests record what a
   * request ran; a plugin would miss queries compiled ahead, db/compiled-query.ts).
   */
  onQuery?: (query: CompiledQuery) => void;
}

/**
 * A request waits at most this long for a pooled PostgreSQL connection: with the database unreachable
 * (a host that drops packets, a pool whose connections all hang), it fails and answers 503 instead of
 * waiting for the operating system's TCP timeout of minutes.
 */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

/** One warning per outage: connections that break together (a restart breaks all ten) say it once. */
const POOL_WARNING_INTERVAL_MS = 30_000;

/** Connections of a PostgreSQL pool, for the metrics. */
export interface PoolUsage {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

const pools = new WeakMap<Db, pg.Pool>();
const warnings = new WeakMap<Db, (warn: (message: string) => void) => void>();

/** Sends the pool's warnings (a connection lost) to `warn`, e.g. the server's logger, from now on. */
export function warnThrough(db: Db, warn: (message: string) => void): void {
  warnings.get(db)?.(warn);
}

/** The pool's connections now; undefined on SQLite. */
export function poolUsage(db: Db): PoolUsage | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
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
  /**
   * For reads that need no transaction (a session, a page's data, a stream's events). On an SQLite
   * file a second, read-only connection: Kysely runs one query at a time on a connection and a
   * transaction holds it across its awaits, so a read on `db` waits for every write transaction
   * under way; WAL lets this one read the last commit meanwhile. Elsewhere (PostgreSQL's pool, an
   * in-memory SQLite) the same instance as `db`. A read here never sees a transaction's uncommitted
   * rows: code inside a transaction reads through it.
   */
  reads: Db;
  engine: Engine;
  /**
   * On an SQLite file, SQLite's `data_version` of the main connection: it changes when another
   * connection commits (another process: a `datekit` command run beside `serve`), never for this
   * process's own writes or its checkpoints. The member cache forgets everything when it changes.
   */
  otherWrites?: (() => number) | undefined;
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
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    let warn = options.warn ?? ((message: string) => process.emitWarning(message));
    handleConnectionErrors(pool, (message) => warn(message));
    prepareStatements(pool);
    const dialect = new SignallingDialect(new PostgresDialect({ pool }), COMMIT_SIGNAL_CHANNEL);
    const db = withCommitSignal(dialect, options.onQuery);
    pools.set(db, pool);
    warnings.set(db, (to) => (warn = to));
    return { db, reads: db, engine: 'postgres', closed: () => Promise.resolve() };
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
  let reads: Db | undefined;
  let otherWrites: (() => number) | undefined;
  if (file !== ':memory:') {
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    otherWrites = () => (sqlite.open ? (dataVersion.get() as number) : 0);
    const reader = openReader(file);
    // Checkpoints in a thread of their own, never inside a request's commit (db/wal-checkpointer.ts).
    // Started with the first statement: Kysely closes only a database it has used, so a thread
    // started for one never used (`serve` stopped before it reached its database) would keep the
    // process alive.
    sqlite.pragma('wal_autocheckpoint = 0');
    let checkpointer: ReturnType<typeof startWalCheckpointer> | undefined;
    const startCheckpointer = () =>
      startWalCheckpointer(file, {
        onError: (message) => process.emitWarning(`SQLite checkpoint of ${file} failed: ${message}`),
        // Without its thread, SQLite's own checkpoints again (its default: every 1,000 pages).
        onLost: () => {
          if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
        },
      });
    database = {
      prepare: (sql) => {
        checkpointer ??= startCheckpointer();
        return statements.prepare(sql);
      },
      close() {
        if (checkpointer) checkpointerStopped = checkpointer.stop();
        reader.close();
        statements.close();
      },
    };
    reads = new Kysely<Database>({ dialect: new SqliteDialect({ database: reader }), log: queryLog(options.onQuery) });
  }
  const db = withCommitSignal(new SignallingDialect(new SqliteDialect({ database })), options.onQuery);
  return { db, reads: reads ?? db, engine: 'sqlite', otherWrites, closed: () => checkpointerStopped };
}

/**
 * The read-only second connection of an SQLite file, opened at its first query (most CLI commands
 * never read through it) and closed with the main one (`db.destroy()`), whatever closed it first.
 */
function openReader(file: string): SqliteDatabase {
  let connection: ReturnType<typeof withStatementCache> | undefined;
  let closed = false;
  return {
    prepare(sql) {
      if (closed) throw new TypeError('The database connection is not open');
      connection ??= withStatementCache(new SQLite(file, { readonly: true, fileMustExist: true }));
      return connection.prepare(sql);
    },
    close() {
      closed = true;
      connection?.close();
      connection = undefined;
    },
  };
}

/**
 * A PostgreSQL restart, failover or idle timeout ends pooled connections: an idle one makes the pool
 * emit 'error', and a checked-out one (between two queries of a transaction) makes its client emit it,
 * and either, without a listener, would end the process. The broken connection is dropped (the pool
 * removes a client that errored), the query in hand fails and answers 503 (errors/database-unavailable.ts),
 * and the next query opens a new connection: nothing else needs to happen.
 */
function handleConnectionErrors(pool: pg.Pool, warn: (message: string) => void): void {
  let warnedAt = -Infinity;
  const onError = (error: Error) => {
    if (Date.now() - warnedAt < POOL_WARNING_INTERVAL_MS) return;
    warnedAt = Date.now();
    warn(`PostgreSQL connection lost: ${error.message} (a new one is opened for the next query)`);
  };
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

/** A Kysely instance whose commits of jobs due now wake the job runners (db/commit-signal.ts). */
function withCommitSignal(dialect: SignallingDialect, onQuery?: (query: CompiledQuery) => void): Db {
  const db = new Kysely<Database>({ dialect, log: queryLog(onQuery) });
  registerCommitSignal(db, dialect);
  return db;
}

/** Kysely's log, passing each statement that ran to `onQuery` (none without it). */
function queryLog(onQuery?: (query: CompiledQuery) => void): Logger | undefined {
  return (
    onQuery &&
    ((event) => {
      if (event.level === 'query') onQuery(event.query);
    })
  );
}
