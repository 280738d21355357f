import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { enqueueJob, listJobs } from './queue.ts';
import { JobRunner, type JobHandler } from './runner.ts';

let database: TestDatabase;
let clock = 1_800_000_000_000;
const now = () => clock;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const runner = (handlers: Record<string, JobHandler>, leaseMs?: number) =>
  new JobRunner({ db: database.db, engine: database.engine, handlers, now, ...(leaseMs ? { leaseMs } : {}) });

describe('job runner', () => {
  it('runs a job scheduled before a restart after it, once, with two runners', async () => {
    const runs: unknown[] = [];
    const before = runner({ greet: async (p) => void runs.push(p) });
    await enqueueJob(database.db, 'greet', { who: 'after restart' }, now(), { runAt: now() + 60_000 });
    before.start();
    await before.stop(); // the process goes away before the job is due

    clock += 60_000;
    // Slow handler, so both runners are polling while the first one holds the job.
    const slow: JobHandler = async (p) => {
      runs.push(p);
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const [a, b] = [runner({ greet: slow }), runner({ greet: slow })];
    const ran = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(runs).toEqual([{ who: 'after restart' }]);
    expect(ran.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await listJobs(database.db)).toEqual([]);
  });

  it('runs many jobs exactly once between concurrent runners', async () => {
    const counts = new Map<number, number>();
    const handler: JobHandler = async (p) => {
      const n = (p as { n: number }).n;
      counts.set(n, (counts.get(n) ?? 0) + 1);
    };
    for (let n = 0; n < 40; n++) await enqueueJob(database.db, 'count', { n }, now());
    const runners = [runner({ count: handler }), runner({ count: handler }), runner({ count: handler })];
    await Promise.all(runners.map((r) => r.runDue()));
    expect(counts.size).toBe(40);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
  });

  it('works on several jobs at once with concurrency, each once', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    const slow: JobHandler = async (p) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      seen.push((p as { n: number }).n);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
    };
    for (let n = 0; n < 12; n++) await enqueueJob(database.db, 'lane', { n }, now());
    const lanes = new JobRunner({
      db: database.db,
      engine: database.engine,
      handlers: { lane: slow },
      now,
      concurrency: 4,
    });
    expect(await lanes.runDue()).toBe(12);
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
  });

  it('claims again a job whose runner died while holding it', async () => {
    await enqueueJob(database.db, 'fragile', {}, now());
    let calls = 0;
    const dying = runner({ fragile: () => new Promise(() => void (calls += 1)) }, 30_000);
    void dying.runDue(); // never finishes: the runner "dies" holding the lease
    await expect.poll(() => calls).toBe(1);
    const heir = runner({ fragile: async () => void (calls += 1) });
    expect(await heir.runDue()).toBe(0);
    clock += 30_001;
    expect(await heir.runDue()).toBe(1);
    expect(calls).toBe(2);
  });

  it('retries a failing job with growing delays, then keeps it as failed for `datekit jobs`', async () => {
    await enqueueJob(database.db, 'broken', { id: 7 }, now(), { maxAttempts: 2 });
    const r = runner({ broken: async () => Promise.reject(new Error('mail server down')) });
    expect(await r.runDue()).toBe(1);
    const [queued] = await listJobs(database.db);
    expect(queued).toMatchObject({ name: 'broken', status: 'queued', attempts: 1, last_error: 'mail server down' });
    expect(queued!.run_at).toBe(now() + 60_000);
    clock += 60_000;
    expect(await r.runDue()).toBe(1);
    expect(await listJobs(database.db)).toEqual([
      expect.objectContaining({ name: 'broken', status: 'failed', attempts: 2, last_error: 'mail server down' }),
    ]);
  });

  it('keeps one queued job per unique key, moving it when enqueued again', async () => {
    await enqueueJob(database.db, 'erase', { v: 1 }, now(), { runAt: now() + 5_000, uniqueKey: 'erase:1' });
    await enqueueJob(database.db, 'erase', { v: 2 }, now(), { runAt: now() + 9_000, uniqueKey: 'erase:1' });
    const jobs = (await listJobs(database.db)).filter((j) => j.unique_key === 'erase:1');
    expect(jobs).toEqual([expect.objectContaining({ payload: '{"v":2}', run_at: now() + 9_000 })]);
  });
});

describe('job runner over one SQLite file from two connections (two server processes)', () => {
  it.runIf(process.env.DATEKIT_TEST_DB !== 'postgres')('runs each job once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-jobs-'));
    const file = path.join(dir, 'shared.sqlite');
    const first = createDatabase({ sqlitePath: file });
    await migrateToLatest(first.db);
    const second = createDatabase({ sqlitePath: file });
    try {
      for (let n = 0; n < 30; n++) await enqueueJob(first.db, 'count', { n }, now());
      const seen: number[] = [];
      const handler: JobHandler = async (p) => {
        seen.push((p as { n: number }).n);
        await new Promise((resolve) => setImmediate(resolve));
      };
      const runners = [first, second, first, second].map(
        (d) => new JobRunner({ db: d.db, engine: d.engine, handlers: { count: handler }, now }),
      );
      const ran = await Promise.all(runners.map((r) => r.runDue()));
      expect(ran.reduce((a, b) => a + b, 0)).toBe(30);
      expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    } finally {
      await first.db.destroy();
      await second.db.destroy();
      // Their checkpoint threads still hold the file until they have stopped.
      await Promise.all([first.closed(), second.closed()]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
