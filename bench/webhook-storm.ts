/**
 * Webhook storm (issue 10): PAYMENTS payments, each paid at the sandbox provider and then confirmed
 * by CALLS concurrent webhook calls (as a provider retrying, plus a proxy duplicating them). Checks
 * that credits were granted exactly once per payment and the ledger is consistent, and prints the
 * webhook answer time p50/p99. On SQLite by default; with DATABASE_URL on PostgreSQL, with INSTANCES
 * server processes sharing it (the calls alternate between them).
 * Usage: npx tsx bench/webhook-storm.ts [payments] [calls] [instances]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createApp, createDatabase, createServices, loadConfig, migrateToLatest, type Services } from '@datekit/server';
import { createSandboxProvider } from '@datekit/server';
import { insertMember } from '@datekit/server';
import { loadSite, openServices } from '../packages/cli/src/server-context.ts';

const PAYMENTS = Number(process.argv[2] ?? 1000);
const CALLS = Number(process.argv[3] ?? 20);
const INSTANCES = Number(process.argv[4] ?? (process.env.DATABASE_URL ? 2 : 1));
/** Payments confirmed at the same time: PARALLEL × CALLS requests in flight. */
const PARALLEL = 10;
const BRAND = 'localhost';
const CREDITS = 60;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-webhook-bench-'));
const config = loadConfig({ ...process.env, DATEKIT_VAR_DIR: dir });
const instances: Services[] = [];
for (let i = 0; i < INSTANCES; i++) instances.push(await openServices(config));
const services = instances[0]!;
if (services.engine === 'postgres') {
  // A fresh schema of our own, so a shared database is left as it was.
  await sql`drop schema if exists bench_webhooks cascade`.execute(services.db);
  await sql`create schema bench_webhooks`.execute(services.db);
  for (const s of instances) await s.db.destroy();
  instances.length = 0;
  const site = await loadSite();
  for (let i = 0; i < INSTANCES; i++) {
    const { db, engine } = createDatabase({ databaseUrl: config.databaseUrl, searchPath: 'bench_webhooks' });
    instances.push(createServices(config, site, { db, engine }));
  }
}
const db = instances[0]!.db;
await migrateToLatest(db, services.engine === 'postgres' ? { schema: 'bench_webhooks' } : {});

// PAYMENTS members, each with one open payment of a bundle that the sandbox then marks paid.
const now = Date.now();
const sandbox = createSandboxProvider(db, () => Date.now());
const payments: { id: number; providerId: string; userId: number }[] = [];
for (let i = 0; i < PAYMENTS; i++) {
  const userId = await db.transaction().execute((trx) =>
    insertMember(trx, {
      brand: BRAND,
      email: `bench-webhook-${i}@members.invalid`,
      passwordHash: null,
      status: 'active',
      language: 'en',
      createdAt: now,
      acceptedTermsAt: now,
      profile: { name: `Payer${i}`, gender: 'male', birth_date: '1990-01-01', country: 'NL', status: 'active' },
    }),
  );
  const created = await sandbox.createPayment({
    amountCents: 1495,
    currency: 'EUR',
    description: 'bench',
    method: 'creditcard',
    locale: 'en',
    brand: BRAND,
    redirectUrl: 'http://localhost/credits',
    webhookUrl: 'http://localhost/api/payment-webhook.php',
    reference: String(i),
  });
  const row = await db
    .insertInto('payments')
    .values({
      user_id: userId,
      brand: BRAND,
      provider: 'sandbox',
      provider_payment_id: created.id,
      bundle_id: 'starter',
      credits: CREDITS,
      amount_cents: 1495,
      list_amount_cents: 1495,
      currency: 'EUR',
      method: 'creditcard',
      country: 'NL',
      status: 'open',
      discount_code: null,
      checkout_url: created.checkoutUrl,
      origin: 'http://localhost',
      created_at: now,
      updated_at: now,
      paid_at: null,
      refunded_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sandbox.settle(created.id, 'paid');
  payments.push({ id: row.id, providerId: created.id, userId });
}

// Receipts go to a throw-away outbox; the servers listen on loopback.
const ports: number[] = [];
const apps = [];
for (const instance of instances) {
  const app = createApp(instance);
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  ports.push((app.server.address() as AddressInfo).port);
}
const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL * CALLS });

function webhook(port: number, id: string): Promise<{ status: number; ms: number }> {
  const body = `id=${encodeURIComponent(id)}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/payment-webhook.php',
        agent,
        headers: {
          host: BRAND,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const times: number[] = [];
const failures: number[] = [];
const started = performance.now();
for (let i = 0; i < payments.length; i += PARALLEL) {
  const batch = payments.slice(i, i + PARALLEL);
  const results = await Promise.all(
    batch.flatMap((p) => Array.from({ length: CALLS }, (_, c) => webhook(ports[c % ports.length]!, p.providerId))),
  );
  for (const r of results) {
    times.push(r.ms);
    if (r.status !== 200) failures.push(r.status);
  }
}
const seconds = (performance.now() - started) / 1000;

const purchases = await db
  .selectFrom('credit_ledger')
  .select([
    sql<number>`count(*)`.as('rows'),
    sql<number>`count(distinct ref)`.as('refs'),
    sql<number>`coalesce(sum(amount), 0)`.as('credits'),
  ])
  .where('reason', '=', 'purchase')
  .executeTakeFirstOrThrow();
const wrongBalances = await db
  .selectFrom('users as u')
  .leftJoin('credit_ledger as l', 'l.user_id', 'u.id')
  .select(['u.id', sql<number>`coalesce(sum(l.amount), 0)`.as('balance')])
  .where('u.email', 'like', 'bench-webhook-%')
  .groupBy('u.id')
  .having(sql<number>`coalesce(sum(l.amount), 0)`, '!=', CREDITS)
  .execute();
const paid = await db
  .selectFrom('payments')
  .select(sql<number>`count(*)`.as('n'))
  .where('status', '=', 'paid')
  .executeTakeFirstOrThrow();
const premium = await db
  .selectFrom('users')
  .select(sql<number>`count(*)`.as('n'))
  .where('paid_user', '=', 1)
  .where('email', 'like', 'bench-webhook-%')
  .executeTakeFirstOrThrow();

times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
const granted = Number(purchases.rows);
console.log(
  `engine ${services.engine}, ${INSTANCES} instance(s): ${PAYMENTS} payments × ${CALLS} concurrent webhook calls = ${times.length} calls in ${seconds.toFixed(1)} s (${Math.round(times.length / seconds)} calls/s)`,
);
console.log(
  `webhook answer time: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${times.at(-1)!.toFixed(1)} ms; non-200 answers: ${failures.length}`,
);
console.log(
  `credits granted ${granted} times (${Number(purchases.refs)} distinct payments, ${Number(purchases.credits)} credits); payments paid ${Number(paid.n)}; premium members ${Number(premium.n)}; members whose balance is not ${CREDITS}: ${wrongBalances.length}`,
);
const ok =
  granted === PAYMENTS && Number(purchases.refs) === PAYMENTS && wrongBalances.length === 0 && failures.length === 0;
console.log(ok ? 'OK: exactly once per payment, ledger consistent' : 'FAILED');

agent.destroy();
for (const app of apps) await app.close();
if (services.engine === 'postgres') await sql`drop schema bench_webhooks cascade`.execute(instances[0]!.db);
for (const instance of instances) await instance.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
process.exitCode = ok ? 0 : 1;
