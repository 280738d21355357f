import type { CompiledQuery, Kysely } from 'kysely';
import type { Selectable } from 'kysely';
import { signalOnCommit } from '../db/commit-signal.ts';
import type { Database, JobsTable } from '../db/schema.ts';

/** A job is retried with growing delays until it has failed this many times. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueOptions {
  /** When to run, unix ms; default now. */
  runAt?: number;
  /** At most one queued or running job per key: enqueueing again moves the existing one instead. */
  uniqueKey?: string;
  /**
   * With `uniqueKey`: leave a queued or running job of that key as it is (its run time and payload)
   * instead of moving it — batching: the first event fixes when the batch runs.
   */
  keepExisting?: boolean;
  maxAttempts?: number;
}

/**
 * Queues a job in the same database as the data it acts on, so a job enqueued inside a transaction
 * exists exactly when that transaction commits. A job due now wakes the job runners once it has
 * committed (this process's at once, the other instances' through NOTIFY on PostgreSQL; see
 * db/commit-signal.ts), so it starts within milliseconds rather than at the next poll.
 */
export async function enqueueJob(
  db: Kysely<Database>,
  name: string,
  payload: unknown,
  now: number,
  options: EnqueueOptions = {},
): Promise<void> {
  const runAt = options.runAt ?? now;
  const due = runAt <= now;
  const run = async (query: { compile(): CompiledQuery }) => {
    const compiled = query.compile();
    return db.executeQuery(due ? signalOnCommit(compiled) : compiled);
  };
  if (options.uniqueKey && !options.keepExisting) {
    const moved = await run(
      db
        .updateTable('jobs')
        .set({ run_at: runAt, payload: JSON.stringify(payload) })
        .where('unique_key', '=', options.uniqueKey)
        .where('status', '=', 'queued'),
    );
    if (Number(moved.numAffectedRows ?? 0) > 0) return;
  }
  await run(
    db
      .insertInto('jobs')
      .values({
        name,
        payload: JSON.stringify(payload),
        unique_key: options.uniqueKey ?? null,
        status: 'queued',
        run_at: runAt,
        max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        locked_until: null,
        locked_by: null,
        last_error: null,
        created_at: now,
        finished_at: null,
      })
      .$if(options.keepExisting === true && options.uniqueKey !== undefined, (q) =>
        q.onConflict((oc) => oc.column('unique_key').doNothing()),
      ),
  );
}

/** Drops a queued job by its key (e.g. the erasure of a member who came back). A running one finishes. */
export async function cancelJob(db: Kysely<Database>, uniqueKey: string): Promise<boolean> {
  const result = await db
    .deleteFrom('jobs')
    .where('unique_key', '=', uniqueKey)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type JobRow = Pick<
  Selectable<JobsTable>,
  | 'id'
  | 'name'
  | 'payload'
  | 'unique_key'
  | 'status'
  | 'run_at'
  | 'attempts'
  | 'max_attempts'
  | 'last_error'
  | 'created_at'
>;

/** What `datekit jobs` shows: queued, running and failed jobs, soonest first. */
export async function listJobs(db: Kysely<Database>): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .select([
      'id',
      'name',
      'payload',
      'unique_key',
      'status',
      'run_at',
      'attempts',
      'max_attempts',
      'last_error',
      'created_at',
    ])
    .where('status', 'in', ['queued', 'running', 'failed'])
    .orderBy('status')
    .orderBy('run_at')
    .execute();
}
