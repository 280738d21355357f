/**
 * Operator dashboard query times over a year of data for 100,000 members (issue 12 target: each
 * query under ~100 ms at p95). Seeds a scratch SQLite file (and, with TEST_DATABASE_URL or
 * DATABASE_URL, a scratch schema in PostgreSQL, dropped afterwards) with signups, activations,
 * payments and messages spread over 365 days and two brands, then times every dashboard query for
 * all brands and one brand over the last 30 and 365 days.
 * Usage: npx tsx bench/dashboard.ts [members] [messages] [runs]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  activationsPerDay,
  createDatabase,
  dashboardRange,
  firstPurchasesPerDay,
  messagesPerDay,
  migrateToLatest,
  paymentsPerDay,
  revenueByTracking,
  signupsByTracking,
  signupsPerDay,
  type DashboardRange,
  type Db,
} from '@datekit/server';

const MEMBERS = Number(process.argv[2] ?? 100_000);
const MESSAGES = Number(process.argv[3] ?? 1_000_000);
const RUNS = Number(process.argv[4] ?? 20);
const TARGET_P95_MS = 100;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);
const YEAR_AGO = NOW - 365 * DAY;
const BRANDS = ['alpha.example', 'beta.example'];
const NETWORKS = [null, 'adnet', 'clickbank', 'partner'];

let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

/** Inserts rows in multi-row statements of `size`, one transaction per 20 statements. */
async function bulk<T>(db: Db, table: 'users' | 'payments' | 'conversations' | 'messages', rows: T[], size: number) {
  for (let start = 0; start < rows.length; start += size * 20) {
    await db.transaction().execute(async (trx) => {
      for (let at = start; at < Math.min(rows.length, start + size * 20); at += size) {
        await trx
          .insertInto(table)
          .values(rows.slice(at, at + size) as never)
          .execute();
      }
    });
  }
}

async function seedData(db: Db): Promise<void> {
  const started = performance.now();
  const users = [];
  for (let i = 0; i < MEMBERS; i++) {
    const created = YEAR_AGO + Math.floor(random() * 365 * DAY);
    const network = pick(NETWORKS);
    users.push({
      id: i + 1,
      brand: random() < 0.7 ? BRANDS[0]! : BRANDS[1]!,
      email: `b${i}@bench.invalid`,
      email_normalized: `b${i}@bench.invalid`,
      password_hash: null,
      status: 'active' as const,
      language: 'en',
      paid_user: 0,
      created_at: created,
      activated_at: random() < 0.6 ? created + Math.floor(random() * 2 * DAY) : null,
      accepted_terms_at: created,
      signup_message: null,
      network,
      ref: network ? `ref${Math.floor(random() * 20)}` : null,
      sub1: network ? `s${Math.floor(random() * 50)}` : null,
      sub2: null,
      sub3: null,
    });
  }
  await bulk(db, 'users', users, 500);
  // A fifth of the members buy, some of them more than once.
  const payments = [];
  for (const user of users) {
    if (random() > 0.2) continue;
    let paidAt = user.created_at + Math.floor(random() * 10 * DAY);
    do {
      if (paidAt < NOW)
        payments.push({
          user_id: user.id,
          brand: user.brand,
          provider: 'sandbox',
          provider_payment_id: null,
          bundle_id: 'starter',
          credits: 100,
          amount_cents: pick([995, 1995, 4995]),
          list_amount_cents: 1995,
          currency: 'EUR',
          method: 'ideal',
          country: 'NL',
          status: 'paid' as const,
          discount_code: null,
          checkout_url: null,
          origin: 'bench',
          created_at: paidAt,
          updated_at: paidAt,
          paid_at: paidAt,
          refunded_at: null,
        });
      paidAt += Math.floor(random() * 30 * DAY);
    } while (random() < 0.5);
  }
  await bulk(db, 'payments', payments, 500);
  // Conversations between members of one brand; messages spread over the year.
  const conversations = [];
  for (let i = 0; i < MEMBERS / 2; i++) {
    // Member i with member i + MEMBERS/2: every pair once (conversations are unique per pair).
    const a = users[i]!;
    conversations.push({
      id: i + 1,
      brand: a.brand,
      member_a: a.id,
      member_b: a.id + Math.floor(MEMBERS / 2),
      started_by: a.id,
      created_at: a.created_at,
      last_message_at: a.created_at,
    });
  }
  await bulk(db, 'conversations', conversations, 1000);
  const messages = [];
  for (let i = 0; i < MESSAGES; i++) {
    const conversation = conversations[Math.floor(random() * conversations.length)]!;
    messages.push({
      conversation_id: conversation.id,
      sender_id: random() < 0.5 ? conversation.member_a : conversation.member_b,
      kind: 'text' as const,
      body: 'hi',
      gift_id: null,
      photo_filename: null,
      created_at: YEAR_AGO + Math.floor(random() * 365 * DAY),
    });
    if (messages.length === 100_000 || i === MESSAGES - 1) await bulk(db, 'messages', messages.splice(0), 1000);
  }
  console.log(
    `  seeded ${MEMBERS.toLocaleString('en')} members, ${payments.length.toLocaleString('en')} payments, ` +
      `${MESSAGES.toLocaleString('en')} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const QUERIES: Record<string, (db: Db, range: DashboardRange) => Promise<unknown>> = {
  signupsPerDay,
  activationsPerDay,
  messagesPerDay,
  signupsByTracking,
  firstPurchasesPerDay,
  paymentsPerDay,
  revenueByTracking,
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(engine: string, db: Db): Promise<boolean> {
  let ok = true;
  console.log(`\n${engine}: p50 / p95 in ms over ${RUNS} runs`);
  console.log(['query'.padEnd(22), 'all 30d', 'all 365d', 'one 30d', 'one 365d'].join('  '));
  for (const [name, query] of Object.entries(QUERIES)) {
    const cells = [];
    for (const brand of [undefined, BRANDS[0]]) {
      for (const days of [30, 365]) {
        const to = new Date(NOW).toISOString().slice(0, 10);
        const from = new Date(NOW - (days - 1) * DAY).toISOString().slice(0, 10);
        const { range } = dashboardRange({ brand, from, to }, NOW);
        await query(db, range); // warm-up
        const times = [];
        for (let run = 0; run < RUNS; run++) {
          const start = performance.now();
          await query(db, range);
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 0.95);
        if (p95 > TARGET_P95_MS) ok = false;
        cells.push(`${percentile(times, 0.5).toFixed(0)}/${p95.toFixed(0)}`.padStart(days === 30 ? 7 : 8));
      }
    }
    console.log([name.padEnd(22), ...cells].join('  '));
  }
  return ok;
}

const results: boolean[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-dashboard-bench-'));
{
  const { db } = createDatabase({ sqlitePath: path.join(dir, 'bench.sqlite') });
  await migrateToLatest(db);
  console.log('SQLite (scratch file)');
  await seedData(db);
  results.push(await measure('SQLite', db));
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (url) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const { db } = createDatabase({ databaseUrl: url, searchPath: schema });
  try {
    await migrateToLatest(db, { schema });
    console.log(`\nPostgreSQL (scratch schema ${schema})`);
    await seedData(db);
    // As autovacuum would: statistics, and the visibility map that lets index-only scans skip the table.
    await admin.query(
      `vacuum analyze ${schema}.users, ${schema}.payments, ${schema}.messages, ${schema}.conversations`,
    );
    results.push(await measure('PostgreSQL', db));
  } finally {
    await db.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

console.log(
  results.every(Boolean)
    ? `\nEvery query under ${TARGET_P95_MS} ms at p95.`
    : `\nSome query over ${TARGET_P95_MS} ms at p95.`,
);
