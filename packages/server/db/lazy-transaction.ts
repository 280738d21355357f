import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type ControlledTransaction,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Db, Engine } from './database.ts';
import type { Database } from './schema.ts';

/**
 * One transaction that opens at its first query, not before, so that work needing no database
 * (decoding an uploaded image) does not hold the database meanwhile (on SQLite: its one connection).
 * `db` runs every query in it; a `db.transaction()` joins it instead of nesting, so code written for
 * its own transaction commits with the rest or not at all.
 */
export interface LazyTransaction {
  db: Db;
  /** The transaction, opened now if no query opened it yet. */
  open(): Promise<ControlledTransaction<Database>>;
  /** Rolls back, if it was opened. */
  rollback(): Promise<void>;
}

/**
 * One adapter per engine for every lazy transaction: it holds no state, and a query compiled ahead
 * (db/compiled-query.ts) is kept per adapter, so each lazy transaction's own would compile it anew.
 */
const ADAPTERS = { postgres: new PostgresAdapter(), sqlite: new SqliteAdapter() };

export function lazyTransaction(db: Db, engine: Engine): LazyTransaction {
  let opening: Promise<ControlledTransaction<Database>> | undefined;
  const open = () => (opening ??= db.startTransaction().execute());
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
      (await open()).executeQuery(query as CompiledQuery<R>),
    streamQuery: () => {
      throw new Error('streaming queries are not supported in a lazy transaction');
    },
  };
  // Every query shares the one connection; the nested transaction calls are the outer one's.
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const dialect: Dialect =
    engine === 'postgres'
      ? {
          createAdapter: () => ADAPTERS.postgres,
          createDriver: () => driver,
          createIntrospector: (k) => new PostgresIntrospector(k),
          createQueryCompiler: () => new PostgresQueryCompiler(),
        }
      : {
          createAdapter: () => ADAPTERS.sqlite,
          createDriver: () => driver,
          createIntrospector: (k) => new SqliteIntrospector(k),
          createQueryCompiler: () => new SqliteQueryCompiler(),
        };
  return {
    db: new Kysely<Database>({ dialect }),
    open,
    async rollback() {
      if (!opening) return;
      const trx = await opening;
      await trx.rollback().execute();
    },
  };
}
