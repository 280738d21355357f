import { type DashboardQuery } from '@datekit/runtime/schemas/api/operator/dashboard';
import { ApiError } from '../../errors/api-error.ts';
import type { DashboardRange } from './dashboard-queries.ts';
import { dailyFigures, dailyPayments, revenueByTrackingRolled, signupsByTrackingRolled } from './dashboard-rollup.ts';
import { defineRoute } from '../../http/define-route.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';
import { dashboardActivityRoute, dashboardRevenueRoute } from '@datekit/runtime/schemas/api/contracts/operator';

/** The default range: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
/** The longest range one request may ask for (two years and a day for leap years). */
const MAX_DAYS = 731;

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** The filter as whole UTC days; a bad range answers 422 like any invalid input. */
export function dashboardRange(query: DashboardQuery, now: number) {
  const last = query.to ? dayNumber(query.to) : Math.floor(now / DAY_MS);
  const first = query.from ? dayNumber(query.from) : last - (DEFAULT_DAYS - 1);
  if (!Number.isFinite(first) || !Number.isFinite(last)) {
    throw new ApiError('validation_failed', {}, { fields: { [query.from ? 'from' : 'to']: 'Invalid date' } });
  }
  if (first > last) throw new ApiError('validation_failed', {}, { fields: { from: 'After to' } });
  if (last - first + 1 > MAX_DAYS) throw new ApiError('validation_failed', {}, { fields: { from: 'Range too long' } });
  const range: DashboardRange = { brand: query.brand || null, fromMs: first * DAY_MS, toMs: (last + 1) * DAY_MS };
  const days = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return { range, days, echo: { brand: range.brand, from: isoDay(first), to: isoDay(last) } };
}

/** Signups, activations, messages, active members per day, and signups by affiliate tracking. */
export const dashboardActivity = defineRoute({
  contract: dashboardActivityRoute,
  summary: 'Signups, activations, messages and active members per day, and signups by tracking; one brand or all.',
  access: 'dashboard.read',
  errors: ['validation_failed'],
  handler: async ({ services, query }) => {
    const { range, days, echo } = dashboardRange(query, services.now());
    // A fixed number of queries, whatever the range: the daily roll-up, and today counted raw.
    const figures = await dailyFigures(services.db, range);
    const affiliates = await signupsByTrackingRolled(services.db, range);
    return {
      ...echo,
      brands: services.brands.all().map((brand) => ({ domain: brand.domain, name: brand.name })),
      days: days.map((day) => ({
        day: isoDay(day),
        signups: figures.get(day)?.signups ?? 0,
        activations: figures.get(day)?.activations ?? 0,
        messages: figures.get(day)?.messages ?? 0,
        active_members: figures.get(day)?.senders ?? 0,
      })),
      affiliates,
    };
  },
});

/** First purchases, payments and revenue per day and currency, and revenue by affiliate tracking. */
export const dashboardRevenue = defineRoute({
  contract: dashboardRevenueRoute,
  summary: 'First purchases, payments and revenue (cents per currency) per day, and revenue by tracking.',
  access: 'dashboard.revenue',
  errors: ['validation_failed'],
  handler: async ({ services, query }) => {
    const { range, days, echo } = dashboardRange(query, services.now());
    const figures = await dailyFigures(services.db, range);
    const paid = await dailyPayments(services.db, range);
    const affiliates = await revenueByTrackingRolled(services.db, range);
    const byDay = new Map<number, { payments: number; revenue: Record<string, number> }>();
    for (const row of paid) {
      const entry = byDay.get(row.day) ?? { payments: 0, revenue: {} };
      entry.payments += row.payments;
      entry.revenue[row.currency] = (entry.revenue[row.currency] ?? 0) + row.cents;
      byDay.set(row.day, entry);
    }
    return {
      ...echo,
      currencies: [...new Set(paid.map((row) => row.currency))].sort(),
      days: days.map((day) => ({
        day: isoDay(day),
        first_purchases: figures.get(day)?.first_purchases ?? 0,
        payments: byDay.get(day)?.payments ?? 0,
        revenue_cents: byDay.get(day)?.revenue ?? {},
      })),
      affiliates,
    };
  },
});

export const operatorDashboardRoutes = [dashboardActivity, dashboardRevenue];
