import { sql, type Kysely } from 'kysely';
import type { MemberEvent } from '@datekit/runtime/schemas/api/events';
import { notifyOnCommit } from '../db/commit-signal.ts';
import { isPostgres } from '../db/migrations/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { Sanction, SanctionState } from '../features/reports/sanctions.ts';

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

/**
 * Writes the events in the caller's transaction, so they commit or roll back with the change they
 * report; once it commits, `notify` (a PostgreSQL channel) is told which members have new events, in
 * one NOTIFY after the COMMIT (db/commit-signal.ts). SQLite runs one write transaction at a time, so
 * a member's event ids commit in increasing order.
 *
 * PostgreSQL draws ids from a sequence, and sequences do not commit in order: a transaction that drew
 * id 7 may commit after one that drew id 8, and a stream that read 8 and moved its cursor there would
 * never read 7. So each recipient's advisory lock is taken before an id is drawn for them and held
 * until commit: for one member, ids commit in increasing order (other members' writes do not wait).
 * The locks and the insert are one statement: `locked` is an aggregate, whose one row exists only
 * once every lock is held (ascending member ids, so two writers never wait on each other in a circle),
 * and every inserted row, whose id default is evaluated as it is made, is joined to it.
 */
export async function recordEvents(
  trx: Kysely<Database>,
  entries: readonly Addressed[],
  options: { at: number; notify?: string | undefined },
): Promise<void> {
  if (entries.length === 0) return;
  const members = [...new Set(entries.map((e) => e.to))].sort((a, b) => a - b);
  const insert = isPostgres(trx)
    ? sql`
        with locked as (
          select count(pg_advisory_xact_lock(${EVENT_LOCK_CLASS}, m)) as held
          from unnest(cast(${members} as integer[])) as m
        )
        insert into member_events (member_id, type, payload, created_at)
        select e.member_id, e.type, e.payload, cast(${options.at} as bigint)
        from locked, unnest(
          cast(${entries.map((e) => e.to)} as integer[]),
          cast(${entries.map((e) => e.event.type)} as text[]),
          cast(${entries.map((e) => JSON.stringify(e.event))} as text[])
        ) with ordinality as e(member_id, type, payload, n)
        order by locked.held, e.n`.compile(trx)
    : trx
        .insertInto('member_events')
        .values(
          entries.map((e) => ({
            member_id: e.to,
            type: e.event.type,
            payload: JSON.stringify(e.event),
            created_at: options.at,
          })),
        )
        .compile();
  const query = options.notify ? notifyOnCommit(insert, options.notify, members.map(String)) : insert;
  await trx.executeQuery(query);
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

/** Where a stream starts, and who it is for, as one statement read them (`readStreamStart`). */
export interface StreamStart {
  /** The id of the member's newest event, 0 when none is kept. */
  latestId: number;
  /**
   * Whether the stream can resume after the id it was asked for: the event is still kept and is the
   * member's (pruning removes every event below an id, so when this one is kept, so is every later
   * one). Id 0 ("none yet") always can. False when no id was asked for.
   */
  resumable: boolean;
  /** The session's member's sanction columns; undefined when the session is gone or expired. */
  session: SanctionState | undefined;
  /** When resumable, the member's first `limit` events after the id, oldest first. */
  events: StoredEvent[];
}

/** What `readStreamStart` answers per row: one head row (kind 0), then the events (kind 1). */
interface StartRow {
  kind: number;
  id: number | null;
  type: string | null;
  payload: string | null;
  resumable: number | null;
  found: number | null;
  sanction: Sanction | null;
  sanction_ends_at: number | null;
}

/**
 * Everything an event stream needs to start, in one statement (one trip through SQLite's single
 * connection, one snapshot on PostgreSQL): the member's newest id, whether `resumeFrom` can be resumed
 * from, the session's state (the rule of `sessionStillValid`, applied by the caller) and the first
 * events after `resumeFrom`. Read in one snapshot, the session and the starting point agree: a ban,
 * sign-out or deletion either committed before it (the session is gone or sanctioned) or writes its
 * `session-ended` after the newest id read here (a member's ids commit in order, see recordEvents).
 * Columns are named (no `select *`), so PostgreSQL prepares it once per connection; the first events'
 * read is gated by `(select … from opening)`, which its plans evaluate once before reading: joined to
 * `opening` instead, the generic plan PostgreSQL keeps after five runs read every kept event of the
 * member on each open and filtered them away (2 ms a stream open in bench/capacity.ts).
 */
export async function readStreamStart(
  db: Kysely<Database>,
  input: { memberId: number; tokenHash: string; now: number; resumeFrom: number | null; limit: number },
): Promise<StreamStart> {
  const member = sql`cast(${input.memberId} as integer)`;
  // No id asked for: -1, which no event has, so nothing is resumable and no event is read.
  const resume = sql`cast(${input.resumeFrom ?? -1} as bigint)`;
  const { rows } = await sql<StartRow>`
    with opening as (
      select
        (select max(e.id) from member_events e where e.member_id = ${member}) as latest,
        case
          when ${resume} = 0 then 1
          when exists (select 1 from member_events e where e.id = ${resume} and e.member_id = ${member}) then 1
          else 0
        end as resumable
    )
    select 0 as kind, opening.latest as id, cast(null as text) as type, cast(null as text) as payload,
      opening.resumable, ses.found, ses.sanction, ses.sanction_ends_at
    from opening
    left join (
      select 1 as found, u.sanction, u.sanction_ends_at
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${input.tokenHash} and s.expires_at > cast(${input.now} as bigint)
    ) ses on 1 = 1
    union all
    select first_events.kind, first_events.id, first_events.type, first_events.payload, null, null, null, null
    from (
      select 1 as kind, e.id, e.type, e.payload
      from member_events e
      where (select opening.resumable from opening) = 1 and e.member_id = ${member} and e.id > ${resume}
      order by e.id
      limit ${input.limit}
    ) first_events`.execute(db);
  const head = rows.find((row) => Number(row.kind) === 0)!;
  return {
    latestId: Number(head.id ?? 0),
    resumable: input.resumeFrom !== null && Number(head.resumable) === 1,
    session: head.found === null ? undefined : { sanction: head.sanction, sanction_ends_at: head.sanction_ends_at },
    events: rows
      .filter((row) => Number(row.kind) === 1)
      .map((row) => ({ id: Number(row.id), type: row.type!, payload: row.payload! }))
      .sort((a, b) => a.id - b.id),
  };
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
