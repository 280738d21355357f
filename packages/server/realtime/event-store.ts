import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { MemberEvent } from '@datekit/runtime/schemas/api/events';
import type { Database } from '../db/schema.ts';

/** One event for one member. */
export interface Addressed {
  to: number;
  event: MemberEvent;
}

/**
 * How long events are kept for a tab to resume from: 7 days. A tab whose `Last-Event-ID` was pruned
 * gets a `reset` event and reloads its state instead.
 */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** How often a server prunes what is older than the retention. */
export const EVENT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** The PostgreSQL channel that carries "member N has new events" between processes. */
export const EVENT_CHANNEL = 'datekit_events';

/** The first half of the two-key advisory lock that orders one member's events (the member id is the second). */
export const EVENT_LOCK_CLASS = 7_310_001;

function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Writes the events in the caller's transaction, so they commit or roll back with the change they
 * report. On PostgreSQL each member's advisory lock is taken first (ascending member ids, so two
 * transactions never wait on each other in a circle) and held until commit: for one member, event ids
 * commit in increasing order, and a stream reading "after id N" never skips a row committed later.
 * `notify` names the channel told which members have new events (delivered on commit).
 * SQLite runs one write transaction at a time, which gives the same order.
 */
export async function recordEvents(
  trx: Kysely<Database>,
  entries: readonly Addressed[],
  options: { at: number; notify?: string | undefined },
): Promise<void> {
  if (entries.length === 0) return;
  const members = [...new Set(entries.map((e) => e.to))].sort((a, b) => a - b);
  const postgres = isPostgres(trx);
  if (postgres) {
    for (const member of members) await sql`select pg_advisory_xact_lock(${EVENT_LOCK_CLASS}, ${member})`.execute(trx);
  }
  await trx
    .insertInto('member_events')
    .values(
      entries.map((e) => ({
        member_id: e.to,
        type: e.event.type,
        payload: JSON.stringify(e.event),
        created_at: options.at,
      })),
    )
    .execute();
  if (postgres && options.notify) {
    for (const member of members) await sql`select pg_notify(${options.notify}, ${String(member)})`.execute(trx);
  }
}

export interface StoredEvent {
  id: number;
  type: string;
  payload: string;
}

/** The member's events after `afterId`, oldest first, at most `limit`. */
export function eventsAfter(db: Kysely<Database>, memberId: number, afterId: number, limit: number) {
  return db
    .selectFrom('member_events')
    .select(['id', 'type', 'payload'])
    .where('member_id', '=', memberId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute() as Promise<StoredEvent[]>;
}

/** The id of the member's newest event, 0 when none is kept. */
export async function latestEventId(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('member_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Whether a tab can resume after `id`: the event is still kept and is the member's. Pruning removes
 * every event below an id, so when this one is kept, so is every later one.
 */
export async function canResumeAfter(db: Kysely<Database>, memberId: number, id: number): Promise<boolean> {
  if (id === 0) return true;
  const row = await db
    .selectFrom('member_events')
    .select('id')
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes the events older than the retention: every id below the first event of the retention window,
 * so what is kept is always a contiguous tail (see canResumeAfter). Cheap: one indexed lookup, one
 * range delete on the primary key. Answers how many rows went.
 */
export async function pruneEvents(db: Kysely<Database>, now: number): Promise<number> {
  const cutoff = now - EVENT_RETENTION_MS;
  const first = await db
    .selectFrom('member_events')
    .select('id')
    .where('created_at', '>=', cutoff)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  const result = await db
    .deleteFrom('member_events')
    .$if(first !== undefined, (q) => q.where('id', '<', first!.id))
    .$if(first === undefined, (q) => q.where('created_at', '<', cutoff))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Prunes now and then every EVENT_PRUNE_INTERVAL_MS; answers the stop. Failures wait for the next round. */
export function startEventPruning(db: Kysely<Database>, now: () => number = Date.now): () => void {
  const run = () => void pruneEvents(db, now()).catch(() => undefined);
  run();
  const timer = setInterval(run, EVENT_PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
