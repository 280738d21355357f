import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { everyHour, type RecurringJob } from '../../jobs/recurring.ts';
import {
  activationsPerDay,
  AFFILIATE_ROWS,
  dayOf,
  firstPurchasesPerDay,
  isFirstPaidPayment,
  messagesPerDay,
  num,
  paymentsPerDay,
  signupsPerDay,
  type DashboardRange,
  type TrackingKey,
} from './dashboard-queries.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';
import { ATTRIBUTION_COLUMNS } from '../users/member-row.ts';

/**
 * The dashboard's daily roll-up. Complete UTC days are counted once into small tables (migration
 * 20261125_0170_dashboard_rollup) by a recurring job; a dashboard request reads those rows for the days
 * they cover and counts only the rest (today, and any day the job has not reached yet) from the raw
 * tables with the queries of dashboard-queries.ts. So a year costs a few hundred small rows instead of
 * a year of messages, and the answer is what the raw queries give.
 *
 * The rolled-up days are always one contiguous run `[first, last]` (table dashboard_days): the job
 * extends it forward to yesterday and, while history is missing, backward in batches of days.
 * Each batch is one transaction that first upserts its days' rows in dashboard_days (a row lock on
 * PostgreSQL; SQLite has one writer), then deletes and recounts those days. Two runs at once therefore
 * take turns per day and never leave duplicate rows, and a rerun corrects a day.
 * The last RECOUNT_DAYS complete days are recounted by every run: a message or payment written late
 * (a transaction open across midnight) is counted within two days.
 *
 * Known difference from the raw tables, on purpose: a day is counted as it was when last recounted.
 * Erasing a member later (their conversations go, their tracking is blanked) does not rewrite the
 * history of the dashboard.
 */

/** Days recounted by every run, ending with yesterday. */
export const RECOUNT_DAYS = 2;
/** Days per transaction while filling history. */
export const BATCH_DAYS = 7;
/** A run stops filling history after this long (well within the job lease); the next run goes on. */
const RUN_BUDGET_MS = 60_000;

export const DASHBOARD_ROLLUP_JOB: RecurringJob = { name: 'dashboard.rollup', next: everyHour };

const TRACKING = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** The first and last day rolled up, or null before the first run. */
export async function rolledUpDays(db: Db): Promise<{ first: number; last: number } | null> {
  const row = await db
    .selectFrom('dashboard_days')
    .select((eb) => [eb.fn.min('day').as('first'), eb.fn.max('day').as('last')])
    .executeTakeFirst();
  return row?.first == null || row.last == null ? null : { first: num(row.first), last: num(row.last) };
}

/** Counts days `from..to` (day numbers, inclusive) into the roll-up, replacing what was there. */
export async function rollUpDays(db: Db, from: number, to: number, now: number): Promise<void> {
  if (from > to) return;
  await db.transaction().execute((trx) => recountDays(trx, from, to, now));
}

/** `rollUpDays` within the caller's transaction: the days' lock rows, then their rows recounted. */
export async function recountDays(trx: Db, from: number, to: number, now: number): Promise<void> {
  const days = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const range: DashboardRange = { brand: null, fromMs: from * DAY_MS, toMs: (to + 1) * DAY_MS };
  // First: the lock. A second run on these days waits here until this one has committed.
  await trx
    .insertInto('dashboard_days')
    .values(days.map((day) => ({ day, rolled_at: now })))
    .onConflict((oc) => oc.column('day').doUpdateSet({ rolled_at: now }))
    .execute();
  for (const table of [
    'dashboard_daily',
    'dashboard_daily_payments',
    'dashboard_signup_tracking',
    'dashboard_revenue_tracking',
  ] as const) {
    await trx.deleteFrom(table).where('day', '>=', from).where('day', '<=', to).execute();
  }

  // Per brand and day, and '' for every brand (the raw queries themselves, brand null).
  const daily = new Map<string, { brand: string; day: number; [figure: string]: string | number }>();
  const add = (brand: string, day: number, figure: string, value: number) => {
    const key = `${day}|${brand}`;
    const row = daily.get(key) ?? {
      brand,
      day,
      signups: 0,
      activations: 0,
      messages: 0,
      senders: 0,
      first_purchases: 0,
    };
    row[figure] = value;
    daily.set(key, row);
  };
  for (const [day, n] of await signupsPerDay(trx, range)) add('', day, 'signups', n);
  for (const [day, n] of await activationsPerDay(trx, range)) add('', day, 'activations', n);
  for (const [day, n] of await firstPurchasesPerDay(trx, range)) add('', day, 'first_purchases', n);
  for (const [day, n] of await messagesPerDay(trx, range)) {
    add('', day, 'messages', n.messages);
    add('', day, 'senders', n.senders);
  }
  const byBrand = await Promise.all([
    trx
      .selectFrom('users')
      .select(['brand', dayOf('created_at').as('day'), (eb) => eb.fn.countAll().as('n')])
      .where('created_at', '>=', range.fromMs)
      .where('created_at', '<', range.toMs)
      .groupBy(['brand', sql`2`])
      .execute(),
    trx
      .selectFrom('users')
      .select(['brand', dayOf('activated_at').as('day'), (eb) => eb.fn.countAll().as('n')])
      .where('activated_at', '>=', range.fromMs)
      .where('activated_at', '<', range.toMs)
      .groupBy(['brand', sql`2`])
      .execute(),
    trx
      .selectFrom('payments as p')
      .select(['p.brand', dayOf('p.paid_at').as('day'), (eb) => eb.fn.count('p.user_id').distinct().as('n')])
      .where('p.paid_at', '>=', range.fromMs)
      .where('p.paid_at', '<', range.toMs)
      .where(isFirstPaidPayment)
      .groupBy(['p.brand', sql`2`])
      .execute(),
    trx
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select([
        'c.brand',
        dayOf('m.created_at').as('day'),
        (eb) => eb.fn.countAll().as('n'),
        (eb) => eb.fn.count('m.sender_id').distinct().as('senders'),
      ])
      .where(dayOf('m.created_at'), '>=', from)
      .where(dayOf('m.created_at'), '<=', to)
      .groupBy(['c.brand', sql`2`])
      .execute(),
  ]);
  const [signups, activations, firsts, messages] = byBrand;
  for (const row of signups) add(row.brand, num(row.day), 'signups', num(row.n));
  for (const row of activations) add(row.brand, num(row.day), 'activations', num(row.n));
  for (const row of firsts) add(row.brand, num(row.day), 'first_purchases', num(row.n));
  for (const row of messages) {
    add(row.brand, num(row.day), 'messages', num(row.n));
    add(row.brand, num(row.day), 'senders', num(row.senders));
  }
  const rows = [...daily.values()];
  for (let at = 0; at < rows.length; at += 500) {
    await trx
      .insertInto('dashboard_daily')
      .values(rows.slice(at, at + 500) as never)
      .execute();
  }

  // The additive figures per brand only: every brand is their sum.
  await trx
    .insertInto('dashboard_daily_payments')
    .columns(['brand', 'day', 'currency', 'payments', 'cents'])
    .expression(
      trx
        .selectFrom('payments')
        .select([
          'brand',
          dayOf('paid_at').as('day'),
          'currency',
          (eb) => eb.fn.countAll().as('payments'),
          (eb) => eb.fn.sum('amount_cents').as('cents'),
        ])
        .where('paid_at', '>=', range.fromMs)
        .where('paid_at', '<', range.toMs)
        .groupBy(['brand', sql`2`, 'currency']),
    )
    .execute();
  await trx
    .insertInto('dashboard_signup_tracking')
    .columns(['day', 'brand', ...TRACKING, 'signups'])
    .expression(
      trx
        .selectFrom('users')
        .select([dayOf('created_at').as('day'), 'brand', ...TRACKING, (eb) => eb.fn.countAll().as('signups')])
        .where('created_at', '>=', range.fromMs)
        .where('created_at', '<', range.toMs)
        .groupBy([sql`1`, 'brand', ...TRACKING]),
    )
    .execute();
  await trx
    .insertInto('dashboard_revenue_tracking')
    .columns(['day', 'brand', ...TRACKING, 'currency', 'payments', 'cents'])
    .expression(
      trx
        .selectFrom('payments as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select([
          dayOf('p.paid_at').as('day'),
          'p.brand',
          ...ATTRIBUTION_COLUMNS,
          'p.currency',
          (eb) => eb.fn.countAll().as('payments'),
          (eb) => eb.fn.sum('p.amount_cents').as('cents'),
        ])
        .where('p.paid_at', '>=', range.fromMs)
        .where('p.paid_at', '<', range.toMs)
        .groupBy([sql`1`, 'p.brand', ...ATTRIBUTION_COLUMNS, 'p.currency']),
    )
    .execute();
}

/**
 * One run of the roll-up job: recounts the last RECOUNT_DAYS complete days, adds any complete day not
 * rolled up yet, then fills history backwards (to the first member's signup: nothing is counted before
 * a member exists) in batches of BATCH_DAYS until done or `budgetMs` has passed.
 * Returns the days rolled up afterwards.
 */
export async function rollUpDashboard(
  db: Db,
  now: number,
  options: { budgetMs?: number; clock?: () => number } = {},
): Promise<{ first: number; last: number } | null> {
  const clock = options.clock ?? Date.now;
  const started = clock();
  const yesterday = Math.floor(now / DAY_MS) - 1;
  const before = await rolledUpDays(db);
  // Forward: contiguous with what is there (never a gap), the last RECOUNT_DAYS days again.
  let start = before ? Math.max(before.first, Math.min(before.last + 1, yesterday - RECOUNT_DAYS + 1)) : yesterday;
  for (; start <= yesterday; start += BATCH_DAYS) {
    await rollUpDays(db, start, Math.min(yesterday, start + BATCH_DAYS - 1), now);
  }
  const span = await rolledUpDays(db);
  if (!span) return null;
  const earliest = await db
    .selectFrom('users')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .executeTakeFirst();
  if (earliest?.at == null) return span;
  const firstDay = Math.floor(num(earliest.at) / DAY_MS);
  let first = span.first;
  while (first > firstDay && clock() - started < (options.budgetMs ?? RUN_BUDGET_MS)) {
    const from = Math.max(firstDay, first - BATCH_DAYS);
    await rollUpDays(db, from, first - 1, now);
    first = from;
  }
  return { first, last: span.last };
}

/**
 * Splits a request's range into the days the roll-up answers and the days to count raw (before and
 * after the rolled-up run; usually only today).
 */
async function splitRange(db: Db, range: DashboardRange) {
  const span = await rolledUpDays(db);
  const fromDay = range.fromMs / DAY_MS;
  const toDay = range.toMs / DAY_MS - 1;
  if (!span || span.last < fromDay || span.first > toDay) return { rolled: null, live: [range] };
  const rolled = { from: Math.max(fromDay, span.first), to: Math.min(toDay, span.last) };
  const live: DashboardRange[] = [];
  if (fromDay < rolled.from) live.push({ ...range, toMs: rolled.from * DAY_MS });
  if (toDay > rolled.to) live.push({ ...range, fromMs: (rolled.to + 1) * DAY_MS });
  return { rolled, live };
}

export interface DailyFigures {
  signups: number;
  activations: number;
  messages: number;
  senders: number;
  first_purchases: number;
}

/** Signups, activations, messages, active members (senders) and first purchases per day. */
export async function dailyFigures(db: Db, range: DashboardRange): Promise<Map<number, DailyFigures>> {
  const { rolled, live } = await splitRange(db, range);
  const result = new Map<number, DailyFigures>();
  const entry = (day: number) => {
    let figures = result.get(day);
    if (!figures) {
      figures = { signups: 0, activations: 0, messages: 0, senders: 0, first_purchases: 0 };
      result.set(day, figures);
    }
    return figures;
  };
  if (rolled) {
    const rows = await db
      .selectFrom('dashboard_daily')
      .select(['day', 'signups', 'activations', 'messages', 'senders', 'first_purchases'])
      .where('brand', '=', range.brand ?? '')
      .where('day', '>=', rolled.from)
      .where('day', '<=', rolled.to)
      .execute();
    for (const { day, ...figures } of rows) result.set(num(day), figures);
  }
  for (const part of live) {
    for (const [day, n] of await signupsPerDay(db, part)) entry(day).signups = n;
    for (const [day, n] of await activationsPerDay(db, part)) entry(day).activations = n;
    for (const [day, n] of await firstPurchasesPerDay(db, part)) entry(day).first_purchases = n;
    for (const [day, n] of await messagesPerDay(db, part)) {
      entry(day).messages = n.messages;
      entry(day).senders = n.senders;
    }
  }
  return result;
}

/** Paid payments per day and currency: number and cents (as paymentsPerDay). */
export async function dailyPayments(
  db: Db,
  range: DashboardRange,
): Promise<{ day: number; currency: string; payments: number; cents: number }[]> {
  const { rolled, live } = await splitRange(db, range);
  const result: { day: number; currency: string; payments: number; cents: number }[] = [];
  if (rolled) {
    let query = db
      .selectFrom('dashboard_daily_payments')
      .select(['day', 'currency', (eb) => eb.fn.sum('payments').as('payments'), (eb) => eb.fn.sum('cents').as('cents')])
      .where('day', '>=', rolled.from)
      .where('day', '<=', rolled.to);
    if (range.brand) query = query.where('brand', '=', range.brand);
    const rows = await query.groupBy(['day', 'currency']).execute();
    for (const row of rows) {
      result.push({ day: num(row.day), currency: row.currency, payments: num(row.payments), cents: num(row.cents) });
    }
  }
  for (const part of live) result.push(...(await paymentsPerDay(db, part)));
  return result;
}

/** One SQL condition per `live` range on a unix-millisecond column, for the raw side of a union with the roll-up. */
function liveTimeCondition(column: string, live: DashboardRange[]) {
  return live.map((part) => sql`(${sql.ref(column)} >= ${part.fromMs} and ${sql.ref(column)} < ${part.toMs})`);
}

/** Signups by tracking over the range, the biggest AFFILIATE_ROWS first (as signupsByTracking). */
export async function signupsByTrackingRolled(
  db: Db,
  range: DashboardRange,
): Promise<(TrackingKey & { signups: number })[]> {
  const { rolled, live } = await splitRange(db, range);
  const brand = range.brand ? sql`and brand = ${range.brand}` : sql``;
  const parts = [];
  if (rolled) {
    parts.push(sql`select network, ref, sub1, sub2, sub3, signups as n from dashboard_signup_tracking
      where day >= ${rolled.from} and day <= ${rolled.to} ${brand}`);
  }
  for (const condition of liveTimeCondition('created_at', live)) {
    parts.push(sql`select network, ref, sub1, sub2, sub3, 1 as n from users where ${condition} ${brand}`);
  }
  const { rows } = await sql<TrackingKey & { n: number | string }>`
    select network, ref, sub1, sub2, sub3, sum(n) as n from (${sql.join(parts, sql` union all `)}) t
    group by network, ref, sub1, sub2, sub3
    order by sum(n) desc, coalesce(network, ''), coalesce(ref, ''), coalesce(sub1, ''), coalesce(sub2, ''),
      coalesce(sub3, '')
    limit ${sql.lit(AFFILIATE_ROWS)}`.execute(db);
  return rows.map(({ n, ...key }) => ({ ...key, signups: num(n) }));
}

/** Payments by the payer's tracking and currency over the range (as revenueByTracking). */
export async function revenueByTrackingRolled(
  db: Db,
  range: DashboardRange,
): Promise<(TrackingKey & { currency: string; payments: number; revenue_cents: number })[]> {
  const { rolled, live } = await splitRange(db, range);
  const parts = [];
  if (rolled) {
    const brand = range.brand ? sql`and brand = ${range.brand}` : sql``;
    parts.push(sql`select network, ref, sub1, sub2, sub3, currency, payments, cents from dashboard_revenue_tracking
      where day >= ${rolled.from} and day <= ${rolled.to} ${brand}`);
  }
  const brand = range.brand ? sql`and p.brand = ${range.brand}` : sql``;
  for (const condition of liveTimeCondition('p.paid_at', live)) {
    parts.push(sql`select u.network, u.ref, u.sub1, u.sub2, u.sub3, p.currency, 1 as payments,
      p.amount_cents as cents from payments p join users u on u.id = p.user_id where ${condition} ${brand}`);
  }
  const { rows } = await sql<TrackingKey & { currency: string; payments: number | string; cents: number | string }>`
    select network, ref, sub1, sub2, sub3, currency, sum(payments) as payments, sum(cents) as cents
    from (${sql.join(parts, sql` union all `)}) t
    group by network, ref, sub1, sub2, sub3, currency
    order by sum(cents) desc, coalesce(network, ''), coalesce(ref, ''), coalesce(sub1, ''), coalesce(sub2, ''),
      coalesce(sub3, ''), currency
    limit ${sql.lit(AFFILIATE_ROWS)}`.execute(db);
  return rows.map(({ payments, cents, ...key }) => ({ ...key, payments: num(payments), revenue_cents: num(cents) }));
}

type Tracked = TrackingKey & { brand: string; day: number };

/** The rows of a roll-up tracking table with exactly this key (null matches null). */
function keyCondition(key: Tracked, currency: string | null) {
  return sql.join(
    [
      sql`brand = ${key.brand}`,
      sql`day = ${key.day}`,
      ...TRACKING.map((column) =>
        key[column] === null ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} = ${key[column]}`,
      ),
      ...(currency === null ? [] : [sql`currency = ${currency}`]),
    ],
    sql` and `,
  );
}

/**
 * Moves one signup or payment from its tracking key to the blank key in a roll-up tracking table, as
 * the raw tables will show it once the member's tracking is blanked.
 */
async function moveToBlankKey(trx: Db, key: Tracked, payment: { currency: string; cents: number } | null) {
  const blank: Tracked = {
    brand: key.brand,
    day: key.day,
    network: null,
    ref: null,
    sub1: null,
    sub2: null,
    sub3: null,
  };
  const currency = payment?.currency ?? null;
  const table = sql.table(payment ? 'dashboard_revenue_tracking' : 'dashboard_signup_tracking');
  const change = (sign: 1 | -1) =>
    payment
      ? sql`payments = payments + ${sign}, cents = cents + ${sign * payment.cents}`
      : sql`signups = signups + ${sign}`;
  await sql`update ${table} set ${change(-1)} where ${keyCondition(key, currency)}`.execute(trx);
  const counter = sql.ref(payment ? 'payments' : 'signups');
  await sql`delete from ${table} where ${keyCondition(key, currency)} and ${counter} <= 0`.execute(trx);
  const added = await sql`update ${table} set ${change(1)} where ${keyCondition(blank, currency)}`.execute(trx);
  if (Number(added.numAffectedRows ?? 0) > 0) return;
  if (payment) {
    await trx
      .insertInto('dashboard_revenue_tracking')
      .values({ ...blank, currency: payment.currency, payments: 1, cents: payment.cents })
      .execute();
  } else {
    await trx
      .insertInto('dashboard_signup_tracking')
      .values({ ...blank, signups: 1 })
      .execute();
  }
}

/**
 * For erasure (features/account/erase-account.ts, in its transaction, before the member's tracking is
 * blanked): the roll-up's affiliate tables stop naming the member's tracking values too, and count
 * their signup and payments under the blank key, as the raw tables will. The days' lock rows are
 * taken first, as the job takes them, so an erasure and a run counting the same day take turns.
 * Days not rolled up yet need nothing: they will be counted from the blanked tables.
 */
export async function forgetTrackingInRollup(trx: Db, userId: number): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select(['brand', 'created_at', ...TRACKING])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || TRACKING.every((column) => user[column] === null)) return;
  const payments = await trx
    .selectFrom('payments')
    .select(['brand', 'paid_at', 'currency', 'amount_cents'])
    .where('user_id', '=', userId)
    .where('paid_at', 'is not', null)
    .execute();
  const key = (brand: string, time: number): Tracked => ({
    brand,
    day: Math.floor(time / DAY_MS),
    network: user.network,
    ref: user.ref,
    sub1: user.sub1,
    sub2: user.sub2,
    sub3: user.sub3,
  });
  const days = [
    ...new Set([user.created_at, ...payments.map((p) => p.paid_at!)].map((t) => Math.floor(t / DAY_MS))),
  ].sort((a, b) => a - b);
  // Every day's lock row, taken as the job takes it (an upsert), not only the rows already there: a
  // run that is counting a day for the first time has inserted its row but not committed it, and an
  // update would not see it. The upsert waits for that run, then finds its counts to move. A row this
  // upsert inserts itself (rolled_at NOT_ROLLED) is a day nobody has counted; it goes again below,
  // and the job counts that day later from the blanked tables.
  const locked = await trx
    .insertInto('dashboard_days')
    .values(days.map((day) => ({ day, rolled_at: NOT_ROLLED })))
    .onConflict((oc) => oc.column('day').doUpdateSet((eb) => ({ rolled_at: eb.ref('dashboard_days.rolled_at') })))
    .returning(['day', 'rolled_at'])
    .execute();
  const rolled = new Set(locked.filter((row) => num(row.rolled_at) !== NOT_ROLLED).map((row) => num(row.day)));
  const signup = key(user.brand, user.created_at);
  if (rolled.has(signup.day)) await moveToBlankKey(trx, signup, null);
  for (const payment of payments) {
    const paid = key(payment.brand, payment.paid_at!);
    if (!rolled.has(paid.day)) continue;
    await moveToBlankKey(trx, paid, { currency: payment.currency, cents: payment.amount_cents });
  }
  await trx.deleteFrom('dashboard_days').where('rolled_at', '=', NOT_ROLLED).execute();
}

/** The `rolled_at` of a lock row that erasure inserted for a day not rolled up (never a real time). */
const NOT_ROLLED = -1;
