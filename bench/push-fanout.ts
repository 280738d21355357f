/**
 * Web push fan-out (issue 11), on a scratch SQLite database against a local fake push service (an
 * HTTP server answering 201 to the web-push POSTs, the way FCM or Mozilla's autopush do):
 *  1. one message to a member with 3 subscriptions, with the job runner as `datekit serve` runs it
 *     (woken when a job commits, polling every 5 s as the fallback): time from the event (the
 *     transaction queuing the push commits) to each push request;
 *  2. JOBS push jobs queued at once (one transaction), drained by RUNNERS runners (as many server
 *     instances): jobs per second, and p50/p99 from the event to the push request arriving.
 * Every push is really encrypted (aes128gcm) and VAPID-signed; nothing leaves the machine. The fake
 * answers after RTT ms (default 50, a real push service's round trip), so lanes that wait matter.
 * Usage: npx tsx bench/push-fanout.ts [jobs] [runners] [concurrency per runner] [rtt ms]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createJobRunner, insertMember, JOB_CONCURRENCY, loadConfig, migrateToLatest } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';
import { queuePush } from '../packages/server/push/push-notifications.ts';
import { generateVapidKeys } from '../packages/server/push/vapid.ts';
import { browserPushKeys, startFakePushService } from '../packages/server/test/fake-push-service.ts';

const JOBS = Number(process.argv[2] ?? 10_000);
const RUNNERS = Number(process.argv[3] ?? 2);
const CONCURRENCY = Number(process.argv[4] ?? JOB_CONCURRENCY);
const RTT_MS = Number(process.argv[5] ?? 50);
/** JOBS jobs = RECIPIENTS members × SENDERS members who each wrote to all of them. */
const SENDERS = 10;
const RECIPIENTS = Math.ceil(JOBS / SENDERS);
const BRAND = 'localhost';

let arrivals: number[] = [];
const pushService = await startFakePushService({
  keep: false,
  answerAfterMs: RTT_MS,
  onPush: (p) => arrivals.push(p.at),
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-push-bench-'));
const vapid = generateVapidKeys();
const config = loadConfig({
  ...process.env,
  DATABASE_URL: '',
  DATEKIT_VAR_DIR: dir,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:bench@datekit.invalid',
  // The local fake push service is http: on loopback, which only an explicit allow-list entry passes.
  PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
});
const services = await openServices(config);
await migrateToLatest(services.db);
const { db } = services;

const member = (trx: typeof db, email: string) =>
  insertMember(trx, {
    brand: BRAND,
    email,
    passwordHash: null,
    status: 'active',
    language: 'en',
    createdAt: Date.now(),
    acceptedTermsAt: Date.now(),
    profile: {
      name: email.split('@')[0]!,
      gender: 'female',
      birth_date: '1990-01-01',
      country: 'NL',
      status: 'active',
    },
  });

async function subscribe(trx: typeof db, userId: number, n: number): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => {
    const keys = browserPushKeys().json;
    const at = Date.now();
    return {
      user_id: userId,
      endpoint: `${pushService.origin}/push/${userId}/${i}`,
      ...keys,
      created_at: at,
      updated_at: at,
    };
  });
  await trx.insertInto('push_subscriptions').values(rows).execute();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

console.log(
  `push fan-out bench: SQLite, ${JOBS} jobs, ${RUNNERS} runner(s) × ${CONCURRENCY} lanes, push service answering after ${RTT_MS} ms; Node ${process.version}, ${os.cpus().length} CPUs`,
);

// 1. One message to a member with 3 subscriptions, the runner as in `datekit serve` (woken on commit).
const { writer, reader } = await db.transaction().execute(async (trx) => {
  const writer = await member(trx, 'writer@bench.invalid');
  const reader = await member(trx, 'reader@bench.invalid');
  await subscribe(trx, reader, 3);
  return { writer, reader };
});
const polling = createJobRunner(services);
polling.start();
const singles: number[] = [];
for (let round = 0; round < 5; round++) {
  arrivals = [];
  // At a random moment of the runner's 5 s poll cycle, as messages come (the wake-up makes it irrelevant).
  await new Promise((r) => setTimeout(r, Math.random() * 5_000));
  const event = performance.now();
  await db
    .transaction()
    .execute((trx) => queuePush(services, trx, { kind: 'message', recipientId: reader, otherId: writer }, Date.now()));
  while (arrivals.length < 3) await new Promise((r) => setTimeout(r, 5));
  singles.push(...arrivals.map((a) => a - event));
}
await polling.stop();
singles.sort((a, b) => a - b);
console.log(
  `1 message → 3 subscriptions, 5 rounds, runner woken on commit: event → push p50 ${ms(percentile(singles, 50))}, max ${ms(singles.at(-1)!)}`,
);

// 2. JOBS jobs queued at once.
const recipients: number[] = [];
const senders: number[] = [];
await db.transaction().execute(async (trx) => {
  for (let s = 0; s < SENDERS; s++) senders.push(await member(trx, `sender-${s}@bench.invalid`));
  for (let r = 0; r < RECIPIENTS; r++) {
    const id = await member(trx, `recipient-${r}@bench.invalid`);
    recipients.push(id);
    await subscribe(trx, id, 1);
  }
});
arrivals = [];
const queuedAt = performance.now();
await db.transaction().execute(async (trx) => {
  let n = 0;
  for (const recipientId of recipients)
    for (const otherId of senders)
      if (n++ < JOBS) await queuePush(services, trx, { kind: 'message', recipientId, otherId }, Date.now());
});
const event = performance.now();
const runners = Array.from({ length: RUNNERS }, () => createJobRunner(services, { concurrency: CONCURRENCY }));
const ran = await Promise.all(runners.map((r) => r.runDue()));
const drained = performance.now();
const latencies = arrivals.map((a) => a - event).sort((a, b) => a - b);
const seconds = (drained - event) / 1000;
console.log(
  `${JOBS} jobs queued at once (enqueue ${ms(event - queuedAt)}), ${RUNNERS} runner(s): ran ${ran.reduce((a, b) => a + b, 0)} jobs, ${latencies.length} pushes in ${seconds.toFixed(2)} s = ${(JOBS / seconds).toFixed(0)} jobs/s`,
);
console.log(
  `event → push request: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1)!)}`,
);

await pushService.close();
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
