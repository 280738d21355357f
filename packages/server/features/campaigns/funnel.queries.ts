import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';

/** What the funnel can be split by: the lander (variant, niche, experiment arm) and the source. */
export const FUNNEL_DIMENSIONS = ['variant', 'niche', 'experiment_id', 'arm', 'network', 'sub1'] as const;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];
export type FunnelKey = Partial<Record<FunnelDimension, string | number>>;

/** The signup's column of each dimension; its null is the visits' '' (0 for the experiment). */
const USER_COLUMN: Record<FunnelDimension, string> = {
  variant: 'lander_variant',
  niche: 'lander_niche',
  experiment_id: 'experiment_id',
  arm: 'experiment_arm',
  network: 'network',
  sub1: 'sub1',
};

export interface FunnelScope {
  brand: string;
  /** UTC day numbers (`time / 86400000`), both included; none: every day. */
  fromDay?: number;
  toDay?: number;
  experimentId?: number;
  /** Only this source (the drill into sub1); '' is traffic without a network. */
  network?: string;
}

const DAY_MS = 86_400_000;

function userKey(dimension: FunnelDimension): RawBuilder<string | number> {
  const column = sql.ref(`u.${USER_COLUMN[dimension]}`);
  return dimension === 'experiment_id' ? sql<number>`coalesce(${column}, 0)` : sql<string>`coalesce(${column}, '')`;
}

/** Visits per key (lander_visits). */
export async function visitsBy(db: Db, scope: FunnelScope, dimensions: readonly FunnelDimension[]) {
  let query = db
    .selectFrom('lander_visits as v')
    .select((eb) => [...dimensions.map((d) => sql.ref(`v.${d}`).as(d)), eb.fn.sum<number>('v.visits').as('visits')])
    .where('v.brand', '=', scope.brand);
  if (scope.fromDay !== undefined) query = query.where('v.day', '>=', scope.fromDay);
  if (scope.toDay !== undefined) query = query.where('v.day', '<=', scope.toDay);
  if (scope.experimentId !== undefined) query = query.where('v.experiment_id', '=', scope.experimentId);
  if (scope.network !== undefined) query = query.where('v.network', '=', scope.network);
  if (dimensions.length) query = query.groupBy(dimensions.map((d) => `v.${d}` as const));
  return (await query.execute()) as unknown as (FunnelKey & { visits: number | string })[];
}

/**
 * The members who signed up in the scope (its days are their signup days): SOI, DOI (e-mail
 * confirmed, at any time since), how many bought (first purchases), how many traffic quality flagged
 * (their SOI postback held) and how many of their postbacks failed for good, per key.
 */
export async function signupsBy(db: Db, scope: FunnelScope, dimensions: readonly FunnelDimension[]) {
  const query = signupScope(db, scope)
    .select((eb) => [
      ...dimensions.map((d) => userKey(d).as(d)),
      eb.fn.countAll<number>().as('soi'),
      eb.fn.count<number>('u.activated_at').as('doi'),
      sql<number>`count(case when exists (select 1 from payments p where p.user_id = u.id and p.paid_at is not null) then 1 end)`.as(
        'first_purchases',
      ),
      sql<number>`count(case when exists (select 1 from signup_quality q where q.user_id = u.id and q.flagged = 1) then 1 end)`.as(
        'quality_holds',
      ),
      sql<number>`coalesce(sum((select count(*) from postback_deliveries d where d.user_id = u.id and d.status = 'failed')), 0)`.as(
        'postback_failures',
      ),
    ])
    .$if(dimensions.length > 0, (q) => q.groupBy(dimensions.map((d) => userKey(d))));
  return (await query.execute()) as unknown as (FunnelKey & {
    soi: number | string;
    doi: number | string;
    first_purchases: number | string;
    quality_holds: number | string;
    postback_failures: number | string;
  })[];
}

/** What the scope's members paid, refunds taken off, per key and currency. */
export async function revenueBy(db: Db, scope: FunnelScope, dimensions: readonly FunnelDimension[]) {
  const query = signupScope(db, scope)
    .innerJoin('payments as p', 'p.user_id', 'u.id')
    .where('p.paid_at', 'is not', null)
    .select((eb) => [
      ...dimensions.map((d) => userKey(d).as(d)),
      'p.currency',
      eb.fn.sum<number>(sql`p.amount_cents - p.refunded_cents`).as('cents'),
    ])
    .groupBy([...dimensions.map((d) => userKey(d)), 'p.currency']);
  return (await query.execute()) as unknown as (FunnelKey & { currency: string; cents: number | string })[];
}

function signupScope(db: Db, scope: FunnelScope) {
  let query = db.selectFrom('users as u').where('u.brand', '=', scope.brand);
  if (scope.fromDay !== undefined) query = query.where('u.created_at', '>=', scope.fromDay * DAY_MS);
  if (scope.toDay !== undefined) query = query.where('u.created_at', '<', (scope.toDay + 1) * DAY_MS);
  if (scope.experimentId !== undefined) query = query.where('u.experiment_id', '=', scope.experimentId);
  if (scope.network !== undefined) query = query.where(sql<string>`coalesce(u.network, '')`, '=', scope.network);
  return query;
}
