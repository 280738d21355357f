import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCommitSignal } from '../db/commit-signal.ts';
import { createDatabase } from '../db/database.ts';
import { createPostgresBus } from '../realtime/event-bus.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { enqueueJob } from './queue.ts';
import { JobRunner, type JobRunnerOptions } from './runner.ts';

/** Far beyond the test's timeout: a job can only run in time when the runner is woken. */
const POLL_MS = 10 * 60_000;
/** What "well before the poll" means here; a woken runner takes milliseconds. */
const WITHIN_MS = 2_000;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** Resolves with the ms from now until `ran` resolves; rejects after WITHIN_MS. */
function timed(ran: Promise<unknown>): Promise<number> {
  const start = performance.now();
  let deadline: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    ran.then(() => performance.now() - start),
    new Promise<number>((_, reject) => {
      deadline = setTimeout(() => reject(new Error(`the job did not run within ${WITHIN_MS} ms`)), WITHIN_MS);
    }),
  ]).finally(() => clearTimeout(deadline));
}

/** A runner polling every POLL_MS whose handler `name` resolves the answered promise. */
function waitingRunner(db: TestDatabase['db'], name: string, wakeSources: JobRunnerOptions['wakeSources']) {
  let done!: () => void;
  const ran = new Promise<void>((resolve) => (done = resolve));
  const runner = new JobRunner({
    db,
    engine: database.engine,
    handlers: { [name]: async () => done() },
    now: () => Date.now(),
    pollMs: POLL_MS,
    wakeSources,
  });
  return { runner, ran };
}

describe('waking the job runner', () => {
  it('runs a job queued in a transaction right after the commit, long before the next poll', async () => {
    const { runner, ran } = waitingRunner(database.db, 'ping', [(wake) => onCommitSignal(database.db, wake)]);
    runner.start();
    // Its first pass finds the queue empty; the next poll would be POLL_MS from now.
    await runner.runDue();
    try {
      const elapsed = timed(ran);
      await database.db.transaction().execute((trx) => enqueueJob(trx, 'ping', {}, Date.now()));
      expect(await elapsed).toBeLessThan(WITHIN_MS);
    } finally {
      await runner.stop();
    }
  });

  it('signals once the transaction commits, never inside it, and not for a rollback or a later job', async () => {
    let signals = 0;
    const off = onCommitSignal(database.db, () => void (signals += 1));
    try {
      await database.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, 'later-in-tx', {}, Date.now());
        await enqueueJob(trx, 'later-in-tx', {}, Date.now());
        await new Promise((resolve) => setImmediate(resolve));
        expect(signals).toBe(0);
      });
      expect(signals).toBe(1);
      await expect(
        database.db.transaction().execute(async (trx) => {
          await enqueueJob(trx, 'rolled-back', {}, Date.now());
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(signals).toBe(1);
      await enqueueJob(database.db, 'tomorrow', {}, Date.now(), { runAt: Date.now() + 86_400_000 });
      expect(signals).toBe(1);
      // Outside a transaction the insert commits by itself: signalled at once.
      await enqueueJob(database.db, 'autocommit', {}, Date.now());
      expect(signals).toBe(2);
    } finally {
      off();
      await database.db.deleteFrom('jobs').execute();
    }
  });

  it.runIf(process.env.DATEKIT_TEST_DB === 'postgres')(
    'wakes the runner of another instance through NOTIFY on commit',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      // Another instance: its own pool on the same schema, and its own event bus listening.
      const other = createDatabase({ databaseUrl: url, searchPath: database.schema! });
      const bus = await createPostgresBus(url, `datekit_test_${randomBytes(4).toString('hex')}`);
      const { runner, ran } = waitingRunner(other.db, 'remote-ping', [(wake) => bus.onJobsQueued(wake)]);
      runner.start();
      await runner.runDue();
      try {
        const elapsed = timed(ran);
        await database.db.transaction().execute((trx) => enqueueJob(trx, 'remote-ping', {}, Date.now()));
        expect(await elapsed).toBeLessThan(WITHIN_MS);
      } finally {
        await runner.stop();
        await bus.close();
        await other.db.destroy();
      }
    },
  );
});
