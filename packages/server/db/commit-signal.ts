import { EventEmitter } from 'node:events';
import {
  type AbortableOperationOptions,
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

/** Compiled queries whose commit NOTIFYs a channel (PostgreSQL), with the words the payload lists. */
const notifying = new WeakMap<CompiledQuery, { channel: string; words: readonly string[] }>();

/**
 * NOTIFY payloads are limited to 8,000 bytes: words (member ids) are sent in payloads of at most this
 * many characters, several NOTIFYs in the one statement when there are more.
 */
const PAYLOAD_CHARS = 7_000;

/**
 * Marks a compiled query: once the transaction it runs in commits (at once when it runs outside one),
 * listeners of `onCommitSignal` in this process hear of it, and on PostgreSQL a NOTIFY on
 * COMMIT_SIGNAL_CHANNEL, sent after the commit, tells the other instances' LISTEN connections.
 * A rolled-back transaction signals nothing. Execute it with `db.executeQuery(query)`.
 */
export function signalOnCommit<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  signalling.add(query as CompiledQuery);
  return query;
}

/**
 * Marks a compiled query: once the transaction it runs in commits (at once when it runs outside one),
 * PostgreSQL is told on `channel`, in one NOTIFY per commit whose payload lists `words` (and those of
 * the transaction's other marked queries) separated by commas. Nothing on SQLite, whose one process
 * wakes its own listeners. Execute it with `db.executeQuery(query)`.
 */
export function notifyOnCommit<R>(
  query: CompiledQuery<R>,
  channel: string,
  words: readonly string[],
): CompiledQuery<R> {
  notifying.set(query as CompiledQuery, { channel, words });
  return query;
}

/** What a connection's open transaction tells when it commits. */
interface Pending {
  signal: boolean;
  /** Per channel, the words of its payload. */
  notes: Map<string, Set<string>>;
}

const nothingPending = (): Pending => ({ signal: false, notes: new Map() });

/**
 * The statement that tells what committed: a NOTIFY per channel (or per 7,000 characters of words),
 * sent after the COMMIT in a transaction of its own. Inside the transaction, NOTIFY would hold
 * PostgreSQL's one notification lock from before the commit until its WAL flush, so every notifying
 * commit of every instance would wait for the previous one's fsync. Its own transaction needs no
 * flush: `synchronous_commit` off for it alone (`set_config` local to the statement's implicit
 * transaction); a crash can lose only the wake-up, which the stream heartbeat's read makes up for.
 */
function notifyStatement(pending: Pending): CompiledQuery | undefined {
  const parameters: string[] = [];
  const calls: string[] = [];
  for (const [channel, words] of pending.notes) {
    let payload = '';
    const flush = () => {
      parameters.push(channel, payload);
      calls.push(`pg_notify($${parameters.length - 1}, $${parameters.length})`);
      payload = '';
    };
    for (const word of words) {
      if (payload.length + word.length + 1 > PAYLOAD_CHARS) flush();
      payload = payload ? `${payload},${word}` : word;
    }
    flush();
  }
  if (calls.length === 0) return undefined;
  return CompiledQuery.raw(`select set_config('synchronous_commit', 'off', true), ${calls.join(', ')}`, parameters);
}

/** Compiled queries that only carry marks and are never sent to the database (`commitMarker`). */
const marksOnly = new WeakSet<CompiledQuery>();

/**
 * A statement for marks alone (`notifyOnCommit`, `runAfterCommit`) when the write they are about has
 * no query of its own to carry them: it is never sent to the database, so it costs the transaction no
 * round trip. Execute it with `db.executeQuery(query)` like any marked query.
 */
export function commitMarker(): CompiledQuery {
  const query = CompiledQuery.raw('select 1', []);
  marksOnly.add(query);
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
  /** What the marked queries of the open transaction tell when it commits. */
  pending = nothingPending();
  /** What `runAfterCommit` queries of the open transaction left to run once it commits. */
  callbacks: (() => void)[] = [];

  readonly inner: DatabaseConnection;
  private readonly driver: SignallingDriver;

  constructor(inner: DatabaseConnection, driver: SignallingDriver) {
    this.inner = inner;
    this.driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    const result = marksOnly.has(query) ? { rows: [] } : await this.inner.executeQuery<R>(query, options);
    const callback = afterCommit.get(query);
    if (callback) {
      if (this.inTransaction) this.callbacks.push(callback);
      else callback();
    }
    const note = notifying.get(query);
    if (!signalling.has(query) && !note) return result;
    const pending = this.inTransaction ? this.pending : nothingPending();
    if (signalling.has(query)) pending.signal = true;
    if (note) {
      const words = pending.notes.get(note.channel) ?? new Set();
      for (const word of note.words) words.add(word);
      pending.notes.set(note.channel, words);
    }
    if (!this.inTransaction) await this.driver.committed(this, pending);
    return result;
  }

  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize, options);
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
    c.pending = nothingPending();
    c.callbacks = [];
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SignallingConnection;
    const pending = c.pending;
    const callbacks = c.callbacks;
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      c.inTransaction = false;
      c.pending = nothingPending();
      c.callbacks = [];
    }
    for (const callback of callbacks) callback();
    await this.committed(c, pending);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SignallingConnection;
    c.inTransaction = false;
    c.pending = nothingPending();
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

  /**
   * Marked queries committed (their transaction, or on their own): NOTIFY on PostgreSQL, then tell
   * this process. The change is committed whatever happens to the NOTIFY: a failure is not the
   * caller's (its wake-up comes from the next heartbeat's read, or the job runner's next poll).
   */
  async committed(connection: SignallingConnection, pending: Pending): Promise<void> {
    if (this.notifyChannel) {
      if (pending.signal) pending.notes.set(this.notifyChannel, new Set(['']));
      const notify = notifyStatement(pending);
      if (notify) await connection.inner.executeQuery(notify).catch(() => undefined);
    }
    if (pending.signal) this.emitter.emit('commit');
  }
}

/**
 * Wraps a dialect so that commits of marked queries are signalled; `notifyChannel` (the jobs' channel)
 * on PostgreSQL only, where it also turns on the NOTIFYs of `notifyOnCommit`.
 */
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
