/**
 * Conversion postback throughput (issue 27), on a scratch SQLite database against a local listener
 * (packages/server/test/postback-listener.ts: a real HTTP server on 127.0.0.1, allowlisted with
 * POSTBACK_ENDPOINT_ALLOWLIST) that answers each postback after DELAY ms (default 50, a network's
 * tracking server). N members of one network sign up's worth of SOI postbacks are queued in one
 * transaction each, as signups queue them, then one job runner as `datekit serve` starts it
 * (JOB_CONCURRENCY lanes) drains them: postbacks delivered per second, and the attempts that failed.
 * Usage: npx tsx bench/postbacks.ts [postbacks] [delay ms]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  addPostbackConfig,
  createJobRunner,
  insertMember,
  JOB_CONCURRENCY,
  loadConfig,
  migrateToLatest,
} from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';
import { queuePostbacks } from '../packages/server/features/postbacks/queue-postbacks.ts';
import { startPostbackListener } from '../packages/server/test/postback-listener.ts';

const N = Number(process.argv[2] ?? 2_000);
const DELAY_MS = Number(process.argv[3] ?? 50);
const BRAND = 'localhost';

const listener = await startPostbackListener();
listener.delayMs = DELAY_MS;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-postback-bench-'));
const config = loadConfig({
  ...process.env,
  DATABASE_URL: '',
  DATEKIT_VAR_DIR: dir,
  LOG_LEVEL: 'silent',
  POSTBACK_ENDPOINT_ALLOWLIST: listener.origin,
});
const services = await openServices(config);
await migrateToLatest(services.db);
const { db } = services;

await addPostbackConfig(services, {
  brand: BRAND,
  network: 'bench',
  events: ['soi'],
  url: `${listener.origin}/pb?e={event}&s1={sub1}&cid={conversion_id}`,
  hold: true,
});

const now = Date.now();
for (let i = 0; i < N; i++) {
  await db.transaction().execute(async (trx) => {
    const userId = await insertMember(trx, {
      brand: BRAND,
      email: `pb-bench-${i}@example.com`,
      passwordHash: null,
      status: 'not_confirmed',
      language: 'en',
      createdAt: now,
      acceptedTermsAt: now,
      tracking: { network: 'bench', sub1: `pub${i % 50}` },
      profile: { name: `Bench${i}`, gender: 'female', birth_date: '1990-01-01', country: 'NL', status: 'disabled' },
    });
    await queuePostbacks(trx, { event: 'soi', userId }, now);
  });
}

const runner = createJobRunner(services, { pollMs: 60_000 });
const started = performance.now();
let ran = 0;
while (ran < N) {
  const n = await runner.runDue();
  if (n === 0) break;
  ran += n;
}
const seconds = (performance.now() - started) / 1000;
const sent = await db
  .selectFrom('postback_deliveries')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('status', '=', 'sent')
  .executeTakeFirstOrThrow();
const failed = await db
  .selectFrom('postback_attempts')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('error', 'is not', null)
  .executeTakeFirstOrThrow();

console.log(
  `postbacks: ${Number(sent.n)} of ${N} delivered in ${seconds.toFixed(2)} s = ${(Number(sent.n) / seconds).toFixed(0)} postbacks/s ` +
    `(listener answering in ${DELAY_MS} ms, one runner, ${JOB_CONCURRENCY} lanes; ${Number(failed.n)} failed attempts; ${listener.received.length} requests received)`,
);
await services.db.destroy();
await listener.close();
fs.rmSync(dir, { recursive: true, force: true });
