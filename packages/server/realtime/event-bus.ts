import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { MemberEvent } from '@datekit/runtime/schemas/api/events';
import { COMMIT_SIGNAL_CHANNEL } from '../db/commit-signal.ts';
import type { Database } from '../db/schema.ts';
import { changedMembers, MEMBER_CHANNEL } from '../features/users/member-cache.ts';
import { EVENT_CHANNEL, recordEvents, type Addressed } from './event-store.ts';

export type { MemberEvent, Addressed };

/**
 * Members' live events. Delivery comes from the `member_events` table, never from memory: `publish`
 * writes the events in the caller's transaction, and subscribers are only woken up to read the table
 * after the last id they sent (realtime/events.routes.ts). So a change that commits is delivered even
 * if this process dies right after the commit, and a change that rolls back is never delivered.
 */
export interface EventBus {
  /**
   * Records one event for a member. Pass the transaction that makes the change (a plain `db` gets a
   * transaction of its own). Call it last in the transaction, once: it takes the member's event lock
   * until commit on PostgreSQL (realtime/event-store.ts says why). To tell several members, use `publishAll`.
   */
  publish(db: Kysely<Database>, to: number, event: MemberEvent): Promise<void>;
  /** Records events for several members in one go (the locks in a deadlock-free order). */
  publishAll(db: Kysely<Database>, entries: readonly Addressed[]): Promise<void>;
  /** Calls `wake` whenever events for the member may have been committed; answers the unsubscribe. */
  subscribe(memberId: number, wake: () => void): () => void;
  /**
   * Calls `wake` when another instance committed a job due now (PostgreSQL: NOTIFY on
   * COMMIT_SIGNAL_CHANNEL, heard on this bus's LISTEN connection); never on the local bus, whose
   * process hears its own commits from the database (db/commit-signal.ts). Answers the unsubscribe.
   */
  onJobsQueued(wake: () => void): () => void;
  /**
   * Calls `forget` with the members another instance (or this one) changed, once committed
   * (PostgreSQL: NOTIFY on MEMBER_CHANNEL by `memberChanged`, and every member event, when it
   * commits; the local bus: every event published, as it is recorded). Answers the unsubscribe.
   */
  onMembersChanged(forget: (ids: number[]) => void): () => void;
  /**
   * The bus's LISTEN connection (PostgreSQL): whether it is up, since when (ms since the epoch), and
   * the last error while it is down. Undefined on the local bus, which needs none.
   */
  connection?(): BusConnection;
  close(): Promise<void>;
}

export interface BusConnection {
  connected: boolean;
  since: number;
  error?: string;
}

/** Runs `write` in the given transaction, or in a new one when `db` is not one. */
function inTransaction(db: Kysely<Database>, write: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/** Wake-ups per member id, for the streams open in this process. */
function createWakeups() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open tab; thousands are expected
  return {
    wake: (memberId: number) => emitter.emit(String(memberId)),
    wakeAll: () => {
      for (const name of emitter.eventNames()) emitter.emit(name);
    },
    subscribe(memberId: number, wake: () => void) {
      emitter.on(String(memberId), wake);
      return () => void emitter.off(String(memberId), wake);
    },
    clear: () => void emitter.removeAllListeners(),
  };
}

/**
 * One process on SQLite: after the insert, the wake-up is queued for the next turn of the event loop.
 * The stream's read goes through the same single SQLite connection, which Kysely holds for the whole
 * transaction, so the read runs after the commit (or the rollback) and sees exactly what committed.
 * On PostgreSQL (a CLI command such as `credits grant`, which holds no streams) it still NOTIFYs after
 * the commit, so the running servers' streams hear of the event at once.
 */
export function createLocalBus(): EventBus {
  const wakeups = createWakeups();
  const changed = new EventEmitter();
  changed.setMaxListeners(0);
  const publishAll = (db: Kysely<Database>, entries: readonly Addressed[]) =>
    inTransaction(db, async (trx) => {
      await recordEvents(trx, entries, { at: Date.now(), notify: EVENT_CHANNEL });
      const members = new Set(entries.map((e) => e.to));
      // An event tells of a change to its member (a message sent, credits spent): the cache forgets them.
      changed.emit('changed', [...members]);
      setImmediate(() => members.forEach(wakeups.wake));
    });
  return {
    publish: (db, to, event) => publishAll(db, [{ to, event }]),
    publishAll,
    subscribe: wakeups.subscribe,
    onJobsQueued: () => () => undefined,
    onMembersChanged(forget) {
      changed.on('changed', forget);
      return () => void changed.off('changed', forget);
    },
    async close() {
      wakeups.clear();
      changed.removeAllListeners();
    },
  };
}

/**
 * Waits before the LISTEN connection is opened again after it broke: at first briefly (a terminated
 * connection or a failover is back within a second), then doubling up to the cap while the database
 * stays away, so a hundred instances do not hammer a database that is starting up.
 */
export const RELISTEN_FIRST_DELAY_MS = 100;
export const RELISTEN_MAX_DELAY_MS = 2_000;

/**
 * Several server instances on one PostgreSQL: once the transaction that records events commits, one
 * NOTIFY lists the members' ids (db/commit-signal.ts) to every instance's LISTEN connection; each wakes
 * the streams of those members it holds, which read the table. A broken LISTEN connection is opened
 * again (capped backoff), and every stream then reads the table, so nothing committed meanwhile is
 * missed. Its state (`connection()`) is part of readiness and of the metrics.
 */
export async function createPostgresBus(
  connectionString: string,
  channel = EVENT_CHANNEL,
  jobsChannel = COMMIT_SIGNAL_CHANNEL,
): Promise<EventBus> {
  const wakeups = createWakeups();
  const jobs = new EventEmitter();
  jobs.setMaxListeners(0);
  const members = new EventEmitter();
  members.setMaxListeners(0);
  let closed = false;
  let listener: pg.Client | undefined;
  let state: BusConnection = { connected: false, since: Date.now() };
  let retryTimer: NodeJS.Timeout | undefined;

  const listen = async (): Promise<void> => {
    // keepAlive: a connection whose peer vanished without a word (a failover's old host) ends too.
    const client = new pg.Client({ connectionString, keepAlive: true });
    client.on('notification', (note) => {
      // One NOTIFY per commit lists its members: "12,40,41". A member event is a change of its member too.
      if (note.channel === channel && note.payload) {
        const ids = changedMembers(note.payload);
        for (const id of ids) wakeups.wake(id);
        members.emit('changed', ids);
      } else if (note.channel === jobsChannel) jobs.emit('queued');
      else if (note.channel === MEMBER_CHANNEL && note.payload) members.emit('changed', changedMembers(note.payload));
    });
    client.on('error', (error) => {
      if (state.connected) state = { connected: false, since: Date.now(), error: error.message };
    }); // the 'end' below reconnects
    client.on('end', () => {
      if (closed || listener !== client) return;
      listener = undefined;
      if (state.connected) state = { connected: false, since: Date.now(), error: 'connection ended' };
      reconnect(RELISTEN_FIRST_DELAY_MS);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      await client.query(`LISTEN ${pg.escapeIdentifier(jobsChannel)}`);
      await client.query(`LISTEN ${pg.escapeIdentifier(MEMBER_CHANNEL)}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
    state = { connected: true, since: Date.now() };
  };
  // Whatever committed while nobody listened is in the table: every stream reads it, every runner looks.
  const reconnect = (delayMs: number) => {
    retryTimer = setTimeout(() => {
      if (closed) return;
      listen().then(
        () => {
          wakeups.wakeAll();
          jobs.emit('queued');
        },
        (error: unknown) => {
          state = { connected: false, since: state.since, error: (error as Error).message };
          reconnect(Math.min(delayMs * 2, RELISTEN_MAX_DELAY_MS));
        },
      );
    }, delayMs);
    retryTimer.unref();
  };
  await listen();

  const publishAll = (db: Kysely<Database>, entries: readonly Addressed[]) =>
    inTransaction(db, (trx) => recordEvents(trx, entries, { at: Date.now(), notify: channel }));
  return {
    publish: (db, to, event) => publishAll(db, [{ to, event }]),
    publishAll,
    subscribe: wakeups.subscribe,
    onJobsQueued(wake) {
      jobs.on('queued', wake);
      return () => void jobs.off('queued', wake);
    },
    onMembersChanged(forget) {
      members.on('changed', forget);
      return () => void members.off('changed', forget);
    },
    connection: () => state,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      wakeups.clear();
      jobs.removeAllListeners();
      members.removeAllListeners();
      await listener?.end();
    },
  };
}
