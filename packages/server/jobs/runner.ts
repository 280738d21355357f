import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { Database, JobsTable } from '../db/schema.ts';

export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobRunnerOptions {
  db: Kysely<Database>;
  engine: Engine;
  handlers: Record<string, JobHandler>;
  now: () => number;
  /** How long a claimed job belongs to this runner; a runner that dies loses it after this. */
  leaseMs?: number;
  /** Pause between polls when the queue had nothing due. */
  pollMs?: number;
  /**
   * Jobs this runner works on at the same time (default 1). Jobs that mostly wait on the network
   * (a push service answers in tens of milliseconds) drain many times faster with several at once.
   */
  concurrency?: number;
  onError?: (error: unknown, job: { id: number; name: string }) => void;
  /**
   * Sources of wake-ups while started (jobs queued in this process, NOTIFY from other instances):
   * each gets the runner's `wake` and answers its unsubscribe. Polling every `pollMs` stays the
   * fallback for anything a wake-up misses (a broken LISTEN connection, another process on SQLite).
   */
  wakeSources?: ((wake: () => void) => () => void)[];
}

const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_POLL_MS = 5_000;
/** Retry delays: 1 min, 2 min, 4 min ... capped at one hour. */
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 3_600_000;

type ClaimedJob = Pick<Selectable<JobsTable>, 'id' | 'name' | 'payload' | 'attempts' | 'max_attempts'>;

/**
 * Runs due jobs from the `jobs` table. Every instance may run one: a job is claimed with a lease in one
 * atomic step (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite: a compare-and-set update, which the file's
 * single writer serialises across processes), so each job runs once; a job whose runner died is claimed
 * again when its lease runs out, so work scheduled before a restart runs after it.
 */
export class JobRunner {
  readonly id = `runner-${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** A pass over the queue is under way. */
  private busy = false;
  /** A wake-up came during the pass: the job it announced may have committed after the last claim. */
  private wokenWhileBusy = false;
  private unsubscribe: (() => void)[] = [];

  private readonly options: JobRunnerOptions;

  constructor(options: JobRunnerOptions) {
    this.options = options;
  }

  /** Polls until stop(), and runs at once whenever a wake source calls. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = (this.options.wakeSources ?? []).map((subscribe) => subscribe(() => this.wake()));
    this.tick();
  }

  /**
   * Runs the due jobs now instead of at the next poll; during a pass, once more right after it. Only
   * call it once the job is committed: a pass before the commit finds nothing and sleeps a poll.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.busy) {
      this.wokenWhileBusy = true;
      return;
    }
    clearTimeout(this.timer);
    this.tick();
  }

  private tick(): void {
    this.busy = true;
    this.wokenWhileBusy = false;
    this.running = this.runDue()
      .catch((error: unknown) => this.options.onError?.(error, { id: 0, name: 'poll' }))
      .then(() => {
        this.busy = false;
        if (this.stopped) return;
        if (this.wokenWhileBusy) this.tick();
        else this.timer = setTimeout(() => this.tick(), this.options.pollMs ?? DEFAULT_POLL_MS);
      });
  }

  /** Stops polling and waits for the job in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.unsubscribe = [];
    await this.running;
  }

  /** Runs every job due now, one after another; returns how many ran (successfully or not). */
  async runDue(): Promise<number> {
    // Each lane claims its own jobs; the claim is safe between lanes as between instances.
    const lanes = Array.from({ length: Math.max(1, this.options.concurrency ?? 1) }, async () => {
      let ran = 0;
      for (;;) {
        const job = await this.claim();
        if (!job) return ran;
        await this.execute(job);
        ran += 1;
      }
    });
    return (await Promise.all(lanes)).reduce((a, b) => a + b, 0);
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const { db, engine } = this.options;
    const now = this.options.now();
    const lease = {
      status: 'running' as const,
      locked_until: now + (this.options.leaseMs ?? DEFAULT_LEASE_MS),
      locked_by: this.id,
    };
    if (engine === 'postgres') {
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('jobs')
          .select(['id', 'name', 'payload', 'attempts', 'max_attempts'])
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
              eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
            ]),
          )
          .orderBy('run_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!due) return undefined;
        await trx
          .updateTable('jobs')
          .set({ ...lease, attempts: due.attempts + 1 })
          .where('id', '=', due.id)
          .execute();
        return { ...due, attempts: due.attempts + 1 };
      });
    }
    for (;;) {
      const due = await db
        .selectFrom('jobs')
        .select(['id', 'name', 'payload', 'attempts', 'max_attempts', 'status', 'locked_until'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .limit(1)
        .executeTakeFirst();
      if (!due) return undefined;
      // Compare-and-set on what we read: another runner that claimed it first changed attempts.
      const claimed = await db
        .updateTable('jobs')
        .set({ ...lease, attempts: due.attempts + 1 })
        .where('id', '=', due.id)
        .where('attempts', '=', due.attempts)
        .where('status', '=', due.status)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) {
        return {
          id: due.id,
          name: due.name,
          payload: due.payload,
          attempts: due.attempts + 1,
          max_attempts: due.max_attempts,
        };
      }
    }
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const { db } = this.options;
    const handler = this.options.handlers[job.name];
    try {
      if (!handler) throw new Error(`no handler for job "${job.name}"`);
      await handler(JSON.parse(job.payload));
      await db
        .updateTable('jobs')
        .set({ status: 'done', unique_key: null, locked_until: null, finished_at: this.options.now() })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.id)
        .execute();
    } catch (error) {
      this.options.onError?.(error, job);
      const message = error instanceof Error ? error.message : String(error);
      const now = this.options.now();
      const final = job.attempts >= job.max_attempts;
      await db
        .updateTable('jobs')
        .set(
          final
            ? { status: 'failed', unique_key: null, locked_until: null, last_error: message, finished_at: now }
            : {
                status: 'queued',
                locked_until: null,
                last_error: message,
                run_at: now + Math.min(RETRY_BASE_MS * 2 ** (job.attempts - 1), RETRY_MAX_MS),
              },
        )
        .where('id', '=', job.id)
        .where('locked_by', '=', this.id)
        .execute();
    }
  }
}
