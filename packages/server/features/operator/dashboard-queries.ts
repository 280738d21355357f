import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';
import { ATTRIBUTION_COLUMNS } from '../users/member-row.ts';

/** One UTC day in milliseconds: a time's day number is `time / DAY` in integer arithmetic on both engines. */

/** A range of whole UTC days: `[fromMs, toMs)` in unix milliseconds, and the brand (null: every brand). */
export interface DashboardRange {
  brand: string | null;
  fromMs: number;
  /** Exclusive: the start of the day after the last one. */
  toMs: number;
}

/**
 * The day number of a unix-millisecond column. Both SQLite and PostgreSQL divide integers (bigint)
 * without a remainder, so `created_at / 86400000` is the UTC day on either engine, with no date
 * functions of their own (and the range condition on the raw column keeps the index usable).
 */
export function dayOf(column: string) {
  return sql<number | string>`${sql.ref(column)} / ${sql.lit(DAY_MS)}`;
}

/** Counts come back as strings (bigint) from PostgreSQL and as numbers from SQLite. */
export const num = (value: unknown) => Number(value ?? 0);

export interface TrackingKey {
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
}

/** Signups (users.created_at) per day. Index users_created / users_brand_created. */
export async function signupsPerDay(db: Db, range: DashboardRange): Promise<Map<number, number>> {
  let query = db
    .selectFrom('users')
    .select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll().as('n')])
    .where('created_at', '>=', range.fromMs)
    .where('created_at', '<', range.toMs);
  if (range.brand) query = query.where('brand', '=', range.brand);
  const rows = await query.groupBy(sql`1`).execute();
  return new Map(rows.map((row) => [num(row.day), num(row.n)]));
}

/** Activations (users.activated_at) per day. Index users_activated / users_brand_activated. */
export async function activationsPerDay(db: Db, range: DashboardRange): Promise<Map<number, number>> {
  let query = db
    .selectFrom('users')
    .select([dayOf('activated_at').as('day'), (eb) => eb.fn.countAll().as('n')])
    .where('activated_at', '>=', range.fromMs)
    .where('activated_at', '<', range.toMs);
  if (range.brand) query = query.where('brand', '=', range.brand);
  const rows = await query.groupBy(sql`1`).execute();
  return new Map(rows.map((row) => [num(row.day), num(row.n)]));
}

/**
 * Messages and the members who sent them per day. Messages carry no brand: their conversation does
 * (one primary-key lookup per message, only when a brand is chosen). The range is on the day number,
 * the very expression of index messages_day, so the rows come grouped by day from the index.
 */
export async function messagesPerDay(
  db: Db,
  range: DashboardRange,
): Promise<Map<number, { messages: number; senders: number }>> {
  let query = db
    .selectFrom('messages as m')
    .select([
      dayOf('m.created_at').as('day'),
      (eb) => eb.fn.countAll().as('n'),
      (eb) => eb.fn.count('m.sender_id').distinct().as('senders'),
    ])
    .where(dayOf('m.created_at'), '>=', range.fromMs / DAY_MS)
    .where(dayOf('m.created_at'), '<', range.toMs / DAY_MS);
  if (range.brand) {
    const brand = range.brand;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('conversations as c')
          .select(sql.lit(1).as('one'))
          .whereRef('c.id', '=', 'm.conversation_id')
          .where('c.brand', '=', brand),
      ),
    );
  }
  const rows = await query.groupBy(sql`1`).execute();
  return new Map(rows.map((row) => [num(row.day), { messages: num(row.n), senders: num(row.senders) }]));
}

/** Payments paid per day: their number and cents per currency. Index payments_paid / payments_brand_paid. */
export async function paymentsPerDay(
  db: Db,
  range: DashboardRange,
): Promise<{ day: number; currency: string; payments: number; cents: number }[]> {
  let query = db
    .selectFrom('payments')
    .select([
      dayOf('paid_at').as('day'),
      'currency',
      (eb) => eb.fn.countAll().as('n'),
      (eb) => eb.fn.sum<number | string>('amount_cents').as('cents'),
    ])
    .where('paid_at', '>=', range.fromMs)
    .where('paid_at', '<', range.toMs);
  if (range.brand) query = query.where('brand', '=', range.brand);
  const rows = await query.groupBy([sql`1`, 'currency']).execute();
  return rows.map((row) => ({
    day: num(row.day),
    currency: row.currency,
    payments: num(row.n),
    cents: num(row.cents),
  }));
}

type PaymentScope = ExpressionBuilder<Database & { p: Database['payments'] }, 'p'>;

/** Payment `p` is its member's first paid one: no payment of theirs was paid before it (index payments_user_paid). */
export function isFirstPaidPayment(eb: PaymentScope) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('payments as q')
        .select(sql.lit(1).as('one'))
        .whereRef('q.user_id', '=', 'p.user_id')
        .whereRef('q.paid_at', '<', 'p.paid_at'),
    ),
  );
}

/**
 * Members whose first paid payment ever falls on each day: a payment of the range with no earlier
 * paid payment of the same member (index payments_user_paid answers that per payment).
 */
export async function firstPurchasesPerDay(db: Db, range: DashboardRange): Promise<Map<number, number>> {
  let query = db
    .selectFrom('payments as p')
    .select([dayOf('p.paid_at').as('day'), (eb) => eb.fn.count('p.user_id').distinct().as('n')])
    .where('p.paid_at', '>=', range.fromMs)
    .where('p.paid_at', '<', range.toMs)
    .where(isFirstPaidPayment);
  if (range.brand) query = query.where('p.brand', '=', range.brand);
  const rows = await query.groupBy(sql`1`).execute();
  return new Map(rows.map((row) => [num(row.day), num(row.n)]));
}

/** How many affiliate rows a table shows at most (the biggest first). */
export const AFFILIATE_ROWS = 500;

/** Signups of the range by the tracking stored at signup (network, ref, sub1-3). */
export async function signupsByTracking(db: Db, range: DashboardRange): Promise<(TrackingKey & { signups: number })[]> {
  let query = db
    .selectFrom('users')
    .select(['network', 'ref', 'sub1', 'sub2', 'sub3', (eb) => eb.fn.countAll().as('n')])
    .where('created_at', '>=', range.fromMs)
    .where('created_at', '<', range.toMs);
  if (range.brand) query = query.where('brand', '=', range.brand);
  const rows = await query
    .groupBy(['network', 'ref', 'sub1', 'sub2', 'sub3'])
    .orderBy(sql`count(*)`, 'desc')
    // coalesce: SQLite sorts nulls first and PostgreSQL last; the same order on both. Every key column:
    // ties come in one order, so the roll-up's answer is row for row the raw one.
    .orderBy(sql`coalesce(network, '')`)
    .orderBy(sql`coalesce(ref, '')`)
    .orderBy(sql`coalesce(sub1, '')`)
    .orderBy(sql`coalesce(sub2, '')`)
    .orderBy(sql`coalesce(sub3, '')`)
    .limit(AFFILIATE_ROWS)
    .execute();
  return rows.map(({ n, ...key }) => ({ ...key, signups: num(n) }));
}

/** Payments of the range by the payer's tracking and the currency. */
export async function revenueByTracking(
  db: Db,
  range: DashboardRange,
): Promise<(TrackingKey & { currency: string; payments: number; revenue_cents: number })[]> {
  let query = db
    .selectFrom('payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      ...ATTRIBUTION_COLUMNS,
      'p.currency',
      (eb) => eb.fn.countAll().as('n'),
      (eb) => eb.fn.sum<number | string>('p.amount_cents').as('cents'),
    ])
    .where('p.paid_at', '>=', range.fromMs)
    .where('p.paid_at', '<', range.toMs);
  if (range.brand) query = query.where('p.brand', '=', range.brand);
  const rows = await query
    .groupBy([...ATTRIBUTION_COLUMNS, 'p.currency'])
    .orderBy(sql`sum(p.amount_cents)`, 'desc')
    .orderBy(sql`coalesce(u.network, '')`)
    .orderBy(sql`coalesce(u.ref, '')`)
    .orderBy(sql`coalesce(u.sub1, '')`)
    .orderBy(sql`coalesce(u.sub2, '')`)
    .orderBy(sql`coalesce(u.sub3, '')`)
    .orderBy('p.currency')
    .limit(AFFILIATE_ROWS)
    .execute();
  return rows.map(({ n, cents, ...key }) => ({ ...key, payments: num(n), revenue_cents: num(cents) }));
}
