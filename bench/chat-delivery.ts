/**
 * Chat delivery (issue 5): with 1,000 members connected to the event stream on one server, the time
 * from sending a message (POST /api/message.php) to its event at the recipient, p50 and p99 (target
 * p99 < 50 ms on loopback); then sustained messages per second, and the credit ledger checked
 * consistent afterwards. Usage: npx tsx bench/chat-delivery.ts [clients] [messages] [seconds]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createApp, loadConfig, migrateToLatest } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';
import { seedMembersWithSessions } from '../packages/server/test/seed-members.ts';

const CLIENTS = Number(process.argv[2] ?? 1000);
const MESSAGES = Number(process.argv[3] ?? 500);
const SECONDS = Number(process.argv[4] ?? 10);
const BRAND = 'localhost';
const TARGET_P99_MS = 50;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-chat-bench-'));
// One sender at full speed is the point here, not what the rate limits allow a person.
const services = await openServices(loadConfig({ DATEKIT_VAR_DIR: dir, RATE_LIMIT: 'off' }));
await migrateToLatest(services.db);
const brand = services.brands.get(BRAND)!;

// Members with a session each: the sender (with credits for everything) and CLIENTS recipients.
const { ids, cookies } = await seedMembersWithSessions(services.db, {
  brand: BRAND,
  count: CLIENTS + 1,
  emailPrefix: 'bench-chat',
});

const app = createApp(services);
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

// 1,000 event streams, one per recipient; each records when a message event arrives.
const arrivals = new Map<string, number>();
const waiters = new Map<string, (at: number) => void>();
const streams: http.ClientRequest[] = [];
await Promise.all(
  ids.slice(1).map(
    (_, index) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/events',
            headers: { host: BRAND, cookie: cookies[index + 1] },
          },
          (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream ${index}: ${res.statusCode}`));
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              const at = performance.now();
              for (const match of chunk.matchAll(/"text":"(bench [^"]+)"/g)) {
                const waiter = waiters.get(match[1]!);
                if (waiter) waiter(at);
                else arrivals.set(match[1]!, at);
              }
            });
            resolve();
          },
        );
        req.on('error', () => undefined);
        streams.push(req);
      }),
  ),
);
console.log(`${CLIENTS} event-stream clients connected; Node ${process.version}, ${os.cpus().length} cores, SQLite`);

function post(text: string, to: number): Promise<number> {
  const body = JSON.stringify({ profile_id: to, text });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/message.php',
        agent,
        headers: {
          host: BRAND,
          cookie: cookies[0],
          'x-client-request': '1',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// Latency: one message at a time to a random connected member; from the POST to the event.
const latencies: number[] = [];
for (let i = 0; i < MESSAGES; i++) {
  const text = `bench ${i}`;
  const to = ids[1 + Math.floor(Math.random() * CLIENTS)]!;
  const arrived = new Promise<number>((resolve) => waiters.set(text, resolve));
  const start = performance.now();
  const status = await post(text, to);
  if (status !== 201) throw new Error(`send ${i}: HTTP ${status}`);
  const at = arrivals.get(text) ?? (await arrived);
  latencies.push(at - start);
}
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
console.log(
  `delivery latency, ${MESSAGES} messages: p50 ${q(0.5).toFixed(1)} ms   p99 ${q(0.99).toFixed(1)} ms   max ${latencies.at(-1)!.toFixed(1)} ms`,
);

// Throughput: 16 senders' worth of concurrent requests for SECONDS seconds.
let sent = 0;
let failed = 0;
const until = performance.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: 16 }, async (_, worker) => {
    while (performance.now() < until) {
      const status = await post(`bench load ${worker}-${sent}`, ids[1 + ((sent + worker) % CLIENTS)]!);
      if (status === 201) sent++;
      else failed++;
    }
  }),
);
console.log(`sustained: ${(sent / SECONDS).toFixed(0)} messages/s over ${SECONDS} s (${failed} refused)`);

// The ledger must account for every message exactly once, and the balance is their sum.
const messages = Number(
  (
    await services.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
const ledger = await services.db
  .selectFrom('credit_ledger')
  .select([
    sql<number>`coalesce(sum(amount), 0)`.as('balance'),
    sql<number>`sum(case when reason = 'message' then 1 else 0 end)`.as('charges'),
  ])
  .where('user_id', '=', ids[0]!)
  .executeTakeFirstOrThrow();
const expectedBalance = 10_000_000 - messages * brand.message_credits;
const consistent = Number(ledger.charges) === messages && Number(ledger.balance) === expectedBalance;
console.log(
  `ledger: ${messages} messages, ${ledger.charges} charges, balance ${ledger.balance} (expected ${expectedBalance}) — ${consistent ? 'consistent' : 'INCONSISTENT'}`,
);

for (const stream of streams) stream.destroy();
agent.destroy();
await app.close();
await services.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
const ok = consistent && q(0.99) < TARGET_P99_MS;
console.log(ok ? `OK: p99 ${q(0.99).toFixed(1)} ms < ${TARGET_P99_MS} ms, ledger consistent` : 'FAILED');
process.exitCode = ok ? 0 : 1;
