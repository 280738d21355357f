import {
  dashboardActivityResponseSchema,
  dashboardQuerySchema,
  dashboardRevenueResponseSchema,
  type DashboardQuery,
} from '@datekit/runtime';
import { ApiError } from '../../errors/api-error.ts';
import {
  activationsPerDay,
  DAY_MS,
  firstPurchasesPerDay,
  messagesPerDay,
  paymentsPerDay,
  revenueByTracking,
  signupsByTracking,
  signupsPerDay,
  type DashboardRange,
} from './dashboard-queries.ts';
import { defineOperatorRoute } from './define-operator-route.ts';

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
export const dashboardActivity = defineOperatorRoute({
  method: 'GET',
  url: '/api/operator/dashboard/activity',
  summary: 'Signups, activations, messages and active members per day, and signups by tracking; one brand or all.',
  access: 'dashboard.read',
  query: dashboardQuerySchema,
  response: dashboardActivityResponseSchema,
  errors: ['validation_failed'],
  handler: async ({ services, query }) => {
    const { range, days, echo } = dashboardRange(query, services.now());
    // A fixed number of aggregate queries, whatever the range (GROUP BY day in SQL).
    const signups = await signupsPerDay(services.db, range);
    const activations = await activationsPerDay(services.db, range);
    const messages = await messagesPerDay(services.db, range);
    const affiliates = await signupsByTracking(services.db, range);
    return {
      ...echo,
      brands: services.brands.all().map((brand) => ({ domain: brand.domain, name: brand.name })),
      days: days.map((day) => ({
        day: isoDay(day),
        signups: signups.get(day) ?? 0,
        activations: activations.get(day) ?? 0,
        messages: messages.get(day)?.messages ?? 0,
        active_members: messages.get(day)?.senders ?? 0,
      })),
      affiliates,
    };
  },
});

/** First purchases, payments and revenue per day and currency, and revenue by affiliate tracking. */
export const dashboardRevenue = defineOperatorRoute({
  method: 'GET',
  url: '/api/operator/dashboard/revenue',
  summary: 'First purchases, payments and revenue (cents per currency) per day, and revenue by tracking.',
  access: 'dashboard.revenue',
  query: dashboardQuerySchema,
  response: dashboardRevenueResponseSchema,
  errors: ['validation_failed'],
  handler: async ({ services, query }) => {
    const { range, days, echo } = dashboardRange(query, services.now());
    const firsts = await firstPurchasesPerDay(services.db, range);
    const paid = await paymentsPerDay(services.db, range);
    const affiliates = await revenueByTracking(services.db, range);
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
        first_purchases: firsts.get(day) ?? 0,
        payments: byDay.get(day)?.payments ?? 0,
        revenue_cents: byDay.get(day)?.revenue ?? {},
      })),
      affiliates,
    };
  },
});

export const operatorDashboardRoutes = [dashboardActivity, dashboardRevenue];
