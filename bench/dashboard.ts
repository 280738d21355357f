/**
 * Operator dashboard query times over a year of data for 100,000 members (issue 12 target: each
 * query under 100 ms at p95). Seeds a scratch SQLite file (and, with TEST_DATABASE_URL or
 * DATABASE_URL, a scratch schema in PostgreSQL, dropped afterwards) with signups, activations,
 * payments and messages spread over 365 days and two brands, runs the dashboard roll-up job as a first
 * run would (the whole history, timed), then times every query the dashboard makes (the roll-up's
 * rows plus today counted raw) for all brands and one brand over the last 30 and 365 days, and checks
 * each answer against the raw queries over the same range.
 * Usage: npx tsx bench/dashboard.ts [members] [messages] [runs] [--raw] [--click-ids]
 *   --raw also times the raw queries (a year of rows per request; seconds on PostgreSQL).
 *   --click-ids gives every member with tracking a sub1 of their own (no two signups share a key).
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
  dailyFigures,
  dailyPayments,
  dashboardRange,
  firstPurchasesPerDay,
  messagesPerDay,
  migrateToLatest,
  paymentsPerDay,
  revenueByTracking,
  revenueByTrackingRolled,
  rollUpDashboard,
  signupsByTracking,
  signupsByTrackingRolled,
  signupsPerDay,
  type DashboardRange,
  type Db,
} from '@datekit/server';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const RAW = process.argv.includes('--raw');
/** Every member's sub1 unique (a click id): the worst case for the affiliate tables' roll-up. */
const CLICK_IDS = process.argv.includes('--click-ids');
const MEMBERS = Number(args[0] ?? 100_000);
const MESSAGES = Number(args[1] ?? 1_000_000);
const RUNS = Number(args[2] ?? 20);
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
      sub1: network ? (CLICK_IDS ? `click${i}` : `s${Math.floor(random() * 50)}`) : null,
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

/** The raw figures of dailyFigures' shape, for the comparison. */
async function rawDailyFigures(db: Db, range: DashboardRange) {
  const [signups, activations, messages, firsts] = [
    await signupsPerDay(db, range),
    await activationsPerDay(db, range),
    await messagesPerDay(db, range),
    await firstPurchasesPerDay(db, range),
  ];
  const days = new Map<number, unknown>();
  for (let day = range.fromMs / DAY; day < range.toMs / DAY; day++) {
    const figures = {
      signups: signups.get(day) ?? 0,
      activations: activations.get(day) ?? 0,
      messages: messages.get(day)?.messages ?? 0,
      senders: messages.get(day)?.senders ?? 0,
      first_purchases: firsts.get(day) ?? 0,
    };
    if (Object.values(figures).some(Boolean)) days.set(day, figures);
  }
  return days;
}

/** Days without any figure are left out (the dashboard shows 0), so both sides compare alike. */
async function rolledDailyFigures(db: Db, range: DashboardRange) {
  const days = await dailyFigures(db, range);
  for (const [day, figures] of days) if (!Object.values(figures).some(Boolean)) days.delete(day);
  return new Map([...days].sort(([a], [b]) => a - b));
}

const byDayAndCurrency = (rows: { day: number; currency: string }[]) =>
  rows.sort((a, b) => a.day - b.day || a.currency.localeCompare(b.currency));

/** What the dashboard asks per request (name: the roll-up query, and the raw one it must equal). */
const QUERIES: Record<
  string,
  [(db: Db, range: DashboardRange) => Promise<unknown>, (db: Db, range: DashboardRange) => Promise<unknown>]
> = {
  dailyFigures: [rolledDailyFigures, rawDailyFigures],
  dailyPayments: [
    async (db, range) => byDayAndCurrency(await dailyPayments(db, range)),
    async (db, range) => byDayAndCurrency(await paymentsPerDay(db, range)),
  ],
  signupsByTracking: [signupsByTrackingRolled, signupsByTracking],
  revenueByTracking: [revenueByTrackingRolled, revenueByTracking],
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function time(db: Db, range: DashboardRange, query: (db: Db, range: DashboardRange) => Promise<unknown>) {
  await query(db, range); // warm-up
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await query(db, range);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

async function measure(engine: string, db: Db): Promise<boolean> {
  let ok = true;
  const started = performance.now();
  const span = await rollUpDashboard(db, NOW, { budgetMs: Infinity });
  console.log(
    `  roll-up job, first run (history from day ${span?.first} to ${span?.last}): ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const again = performance.now();
  await rollUpDashboard(db, NOW + 3_600_000);
  console.log(`  roll-up job, an hourly run (recounts 2 days): ${(performance.now() - again).toFixed(0)} ms`);
  console.log(`\n${engine}: p50 / p95 in ms over ${RUNS} runs, roll-up + today raw${RAW ? ' (and raw)' : ''}`);
  console.log(['query'.padEnd(22), 'all 30d', 'all 365d', 'one 30d', 'one 365d', 'same as raw'].join('  '));
  for (const [name, [query, raw]] of Object.entries(QUERIES)) {
    const cells = [];
    const rawCells = [];
    let same = true;
    for (const brand of [undefined, BRANDS[0]]) {
      for (const days of [30, 365]) {
        const to = new Date(NOW).toISOString().slice(0, 10);
        const from = new Date(NOW - (days - 1) * DAY).toISOString().slice(0, 10);
        const { range } = dashboardRange({ brand, from, to }, NOW);
        if (
          JSON.stringify([...(await compare(query, db, range))]) !==
          JSON.stringify([...(await compare(raw, db, range))])
        )
          same = false;
        const times = await time(db, range, query);
        const p95 = percentile(times, 0.95);
        if (p95 > TARGET_P95_MS) ok = false;
        cells.push(`${percentile(times, 0.5).toFixed(0)}/${p95.toFixed(0)}`.padStart(days === 30 ? 7 : 8));
        if (RAW) {
          const rawTimes = await time(db, range, raw);
          rawCells.push(
            `${percentile(rawTimes, 0.5).toFixed(0)}/${percentile(rawTimes, 0.95).toFixed(0)}`.padStart(
              days === 30 ? 7 : 8,
            ),
          );
        }
      }
    }
    if (!same) ok = false;
    console.log([name.padEnd(22), ...cells, same ? 'yes' : 'NO'].join('  '));
    if (RAW) console.log(['  raw'.padEnd(22), ...rawCells].join('  '));
  }
  return ok;
}

/** A query's answer as something iterable for the comparison (maps as entries, arrays as they are). */
async function compare(query: (db: Db, range: DashboardRange) => Promise<unknown>, db: Db, range: DashboardRange) {
  const answer = await query(db, range);
  return answer instanceof Map ? [...answer.entries()] : (answer as unknown[]);
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
    ? `\nEvery query under ${TARGET_P95_MS} ms at p95, answers identical to the raw queries.`
    : `\nSome query over ${TARGET_P95_MS} ms at p95, or an answer different from the raw queries.`,
);
