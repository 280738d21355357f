import type { Db } from '../../db/database.ts';
import {
  revenueBy,
  signupsBy,
  visitsBy,
  type FunnelDimension,
  type FunnelKey,
  type FunnelScope,
} from './funnel.queries.ts';

/** One row of the funnel: a key (lander, arm, source) and what its visitors did. */
export interface FunnelRow {
  key: FunnelKey;
  visits: number;
  /** Single opt-ins: signups. */
  soi: number;
  /** Double opt-ins: signups whose e-mail was confirmed. */
  doi: number;
  /** DOI / SOI; null without signups. */
  doi_rate: number | null;
  /** Members who bought (at least once). */
  first_purchases: number;
  /** Signups that traffic quality flagged: their SOI postback held for an operator (docs/marketing.md). */
  quality_holds: number;
  /** Postbacks of these members that failed for good (every attempt refused or unanswered). */
  postback_failures: number;
  /** Paid, refunds taken off, in cents per currency. */
  revenue_cents: Record<string, number>;
  /** Revenue per visit in cents per currency; empty without visits. */
  revenue_per_visit_cents: Record<string, number>;
}

/** What a key counts before anything is counted (a row of no visits and no signups). */
export function noFigures(): Omit<FunnelRow, 'key'> {
  return {
    visits: 0,
    soi: 0,
    doi: 0,
    doi_rate: null,
    first_purchases: 0,
    quality_holds: 0,
    postback_failures: 0,
    revenue_cents: {},
    revenue_per_visit_cents: {},
  };
}

const num = (value: number | string | null | undefined) => Number(value ?? 0);

/**
 * The funnel per key: visits counted on the lander pages, and what the members who signed up in the
 * same days did (SOI, DOI, first purchase, revenue up to now). A cohort view: a member who signed up
 * on the last day of the range and bought a week later counts in this range.
 */
export async function funnel(db: Db, scope: FunnelScope, dimensions: readonly FunnelDimension[]): Promise<FunnelRow[]> {
  const [visits, signups, revenue] = await Promise.all([
    visitsBy(db, scope, dimensions),
    signupsBy(db, scope, dimensions),
    revenueBy(db, scope, dimensions),
  ]);
  const rows = new Map<string, FunnelRow>();
  const row = (source: FunnelKey) => {
    const key: FunnelKey = {};
    for (const d of dimensions) key[d] = d === 'experiment_id' ? num(source[d]) : String(source[d] ?? '');
    const id = JSON.stringify(dimensions.map((d) => key[d]));
    let found = rows.get(id);
    if (!found) {
      found = { key, ...noFigures() };
      rows.set(id, found);
    }
    return found;
  };
  for (const v of visits) row(v).visits += num(v.visits);
  for (const s of signups) {
    const r = row(s);
    r.soi += num(s.soi);
    r.doi += num(s.doi);
    r.first_purchases += num(s.first_purchases);
    r.quality_holds += num(s.quality_holds);
    r.postback_failures += num(s.postback_failures);
  }
  for (const p of revenue) {
    const r = row(p);
    r.revenue_cents[p.currency] = (r.revenue_cents[p.currency] ?? 0) + num(p.cents);
  }
  for (const r of rows.values()) {
    r.doi_rate = r.soi ? r.doi / r.soi : null;
    if (r.visits)
      for (const [currency, cents] of Object.entries(r.revenue_cents))
        r.revenue_per_visit_cents[currency] = Math.round((cents / r.visits) * 100) / 100;
  }
  return [...rows.values()].sort((a, b) => b.visits - a.visits || b.soi - a.soi);
}
