import { EventEmitter } from 'node:events';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** The PostgreSQL channel told, on commit, that a query marked with `signalOnCommit` committed. */
export const COMMIT_SIGNAL_CHANNEL = 'datekit_jobs';

/** Compiled queries whose commit is signalled (the job queue's inserts of jobs due now). */
const signalling = new WeakSet<CompiledQuery>();

/**
 * Marks a compiled query: once the transaction it runs in commits (at once when it runs outside one),
 * listeners of `onCommitSignal` in this process hear of it, and on PostgreSQL a NOTIFY on
 * COMMIT_SIGNAL_CHANNEL, sent in that transaction, tells the other instances' LISTEN connections.
 * A rolled-back transaction signals nothing. Execute it with `db.executeQuery(query)`.
 */
export function signalOnCommit<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  signalling.add(query as CompiledQuery);
  return query;
}

/** Compiled queries with something to run in this process once their transaction commits. */
const afterCommit = new WeakMap<CompiledQuery, () => void>();

/**
 * Marks a compiled query: `callback` runs once the transaction it runs in commits (at once when it runs
 * outside one), never after a rollback. The member cache forgets a member there, so no request that
 * read the row before the commit can keep the old one (features/users/member-cache.ts).
 */
export function runAfterCommit<R>(query: CompiledQuery<R>, callback: () => void): CompiledQuery<R> {
  afterCommit.set(query as CompiledQuery, callback);
  return query;
}

const emitters = new WeakMap<object, EventEmitter>();

/**
 * Calls `listener` after each commit of a marked query through `db` (the root instance that
 * `createDatabase` made; transactions share its driver). Answers the unsubscribe.
 */
export function onCommitSignal<DB>(db: Kysely<DB>, listener: () => void): () => void {
  const emitter = emitters.get(db);
  if (!emitter) return () => undefined;
  emitter.on('commit', listener);
  return () => void emitter.off('commit', listener);
}

/** Links the emitter of a `SignallingDialect` to the Kysely instance built on it. */
export function registerCommitSignal<DB>(db: Kysely<DB>, dialect: SignallingDialect): void {
  emitters.set(db, dialect.emitter);
}

class SignallingConnection implements DatabaseConnection {
  inTransaction = false;
  /** A marked query ran in the open transaction: signal when it commits. */
  pending = false;
  /** What `runAfterCommit` queries of the open transaction left to run once it commits. */
  callbacks: (() => void)[] = [];

  readonly inner: DatabaseConnection;
  private readonly driver: SignallingDriver;

  constructor(inner: DatabaseConnection, driver: SignallingDriver) {
    this.inner = inner;
    this.driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const callback = afterCommit.get(query);
    if (callback) {
      if (this.inTransaction) this.callbacks.push(callback);
      else callback();
    }
    if (signalling.has(query)) {
      if (this.inTransaction) this.pending = true;
      else await this.driver.committed(this);
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * A driver around the dialect's own that knows when a marked query's transaction commits. It sees
 * every begin, commit and rollback of every connection, so no caller has to remember to signal.
 */
class SignallingDriver implements Driver {
  private readonly inner: Driver;
  private readonly emitter: EventEmitter;
  private readonly notifyChannel: string | undefined;

  constructor(inner: Driver, emitter: EventEmitter, notifyChannel: string | undefined) {
    this.inner = inner;
    this.emitter = emitter;
    this.notifyChannel = notifyChannel;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SignallingConnection(await this.inner.acquireConnection(), this);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as SignallingConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.pending = false;
    c.callbacks = [];
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SignallingConnection;
    const pending = c.pending;
    const callbacks = c.callbacks;
    // In the transaction, so PostgreSQL delivers it exactly when (and only if) the commit succeeds.
    if (pending && this.notifyChannel) await c.inner.executeQuery(this.notify());
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      c.inTransaction = false;
      c.pending = false;
      c.callbacks = [];
    }
    for (const callback of callbacks) callback();
    if (pending) this.emitter.emit('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SignallingConnection;
    c.inTransaction = false;
    c.pending = false;
    c.callbacks = [];
    await this.inner.rollbackTransaction(c.inner);
  }

  // A marked query in a savepoint that is rolled back still signals at commit: one needless wake-up.
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint!((connection as SignallingConnection).inner, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint!((connection as SignallingConnection).inner, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint!((connection as SignallingConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as SignallingConnection).inner);
  }

  destroy(): Promise<void> {
    this.emitter.removeAllListeners();
    return this.inner.destroy();
  }

  /** A marked query committed on its own (autocommit): NOTIFY after it, then tell this process. */
  async committed(connection: SignallingConnection): Promise<void> {
    if (this.notifyChannel) await connection.inner.executeQuery(this.notify());
    this.emitter.emit('commit');
  }

  private notify(): CompiledQuery {
    return CompiledQuery.raw('select pg_notify($1, $2)', [this.notifyChannel, '']);
  }
}

/** Wraps a dialect so that commits of marked queries are signalled; `notifyChannel` on PostgreSQL only. */
export class SignallingDialect implements Dialect {
  readonly emitter = new EventEmitter();

  private readonly inner: Dialect;
  private readonly notifyChannel?: string;

  constructor(inner: Dialect, notifyChannel?: string) {
    this.inner = inner;
    this.notifyChannel = notifyChannel;
    this.emitter.setMaxListeners(0); // one per job runner; tests start many
  }

  createDriver(): Driver {
    return new SignallingDriver(this.inner.createDriver(), this.emitter, this.notifyChannel);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createIntrospector<DB>(db: Kysely<DB>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
