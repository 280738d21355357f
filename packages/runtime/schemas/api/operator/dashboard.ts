import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The dashboard's filter: one brand or all (no brand), and a range of UTC days, both ends included. */
export const dashboardQuerySchema = z.object({
  brand: z.string().max(60).optional(),
  /** First day (YYYY-MM-DD, UTC); default 29 days before `to`. */
  from: day.optional(),
  /** Last day (YYYY-MM-DD, UTC); default today. */
  to: day.optional(),
});

const tracking = {
  network: z.string().nullable(),
  ref: z.string().nullable(),
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
};

const range = {
  brand: z.string().nullable(),
  from: day,
  to: day,
};

export const activityDaySchema = z.object({
  day,
  signups: z.number(),
  activations: z.number(),
  messages: z.number(),
  /** Members who sent at least one message that day. */
  active_members: z.number(),
});

export const dashboardActivityResponseSchema = z.object({
  ...range,
  /** Every brand of the installation (domains), for the brand picker. */
  brands: z.array(z.object({ domain: z.string(), name: z.string() })),
  /** Every day of the range, oldest first, zeros included. */
  days: z.array(activityDaySchema),
  /** Signups of the range by stored tracking, most first. */
  affiliates: z.array(z.object({ ...tracking, signups: z.number() })),
});

export const revenueDaySchema = z.object({
  day,
  /** Members whose first paid payment (ever) was on that day. */
  first_purchases: z.number(),
  /** Payments paid that day. */
  payments: z.number(),
  /** Cents paid that day, per currency (refunds later on not deducted). */
  revenue_cents: z.record(z.string(), z.number()),
});

export const dashboardRevenueResponseSchema = z.object({
  ...range,
  /** The currencies that appear, alphabetical. */
  currencies: z.array(z.string()),
  days: z.array(revenueDaySchema),
  /** Payments of the range by the payer's stored tracking and currency, most revenue first. */
  affiliates: z.array(z.object({ ...tracking, currency: z.string(), payments: z.number(), revenue_cents: z.number() })),
});

export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
export type DashboardActivityResponse = z.infer<typeof dashboardActivityResponseSchema>;
export type DashboardRevenueResponse = z.infer<typeof dashboardRevenueResponseSchema>;
