import { z } from 'zod';
import { FUNNEL_GROUPS, type FunnelGroup } from '../../../data/funnel-groups.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-11-25');

/** Amounts per currency (`{ EUR: 1995 }`), in cents. */
const perCurrency = z.record(z.string(), z.number());

/** What a funnel row counts (features/campaigns/funnel.ts). */
export const funnelFiguresSchema = z.object({
  visits: z.number(),
  soi: z.number(),
  doi: z.number(),
  doi_rate: z.number().nullable(),
  first_purchases: z.number(),
  quality_holds: z.number(),
  postback_failures: z.number(),
  revenue_cents: perCurrency,
  revenue_per_visit_cents: perCurrency,
});

export const experimentArmSchema = z.object({
  arm: z.string(),
  variant: z.string(),
  niche: z.string().nullable(),
  weight: z.number(),
});

export const experimentArmStatsSchema = experimentArmSchema.extend({
  ...funnelFiguresSchema.shape,
  /** SOI per visit and its 95 % Wilson interval. */
  soi_rate: z.number().nullable(),
  soi_rate_low: z.number().nullable(),
  soi_rate_high: z.number().nullable(),
  /** The z-test against the control (arm a); null for the control and below the minimum sample. */
  p_value: z.number().nullable(),
  significant: z.boolean(),
});

export const experimentSchema = z.object({
  id: z.number(),
  brand: z.string(),
  path: z.string(),
  name: z.string(),
  status: z.enum(['running', 'ended']),
  winner_arm: z.string().nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  arms: z.array(experimentArmStatsSchema),
  /** The arm the test names as the winner; null: no significant difference (yet). */
  leader: z.string().nullable(),
  /** The p-value each comparison must stay under (0.05 / challengers). */
  threshold: z.number(),
});
export type ExperimentJson = z.infer<typeof experimentSchema>;

export const operatorExperimentsQuerySchema = z.object({ brand: z.string().min(1).max(253) });
export const operatorExperimentsResponseSchema = z.object({ experiments: z.array(experimentSchema) });
export type OperatorExperimentsResponse = z.infer<typeof operatorExperimentsResponseSchema>;

export const experimentCreateRequestSchema = z.object({
  brand: z.string().min(1).max(253),
  path: z.string().max(200),
  name: z.string().max(100).optional(),
  arms: z
    .array(
      z.object({
        variant: z.string().max(60),
        niche: z.string().max(60).nullable().optional(),
        weight: z.number(),
      }),
    )
    .max(20),
});
export type ExperimentCreateRequest = z.infer<typeof experimentCreateRequestSchema>;

export const experimentActionRequestSchema = z.object({
  brand: z.string().min(1).max(253),
  /** For promote: the arm that gets all traffic. */
  arm: z.string().max(4).optional(),
});

export const experimentResponseSchema = z.object({ experiment: experimentSchema });

export { FUNNEL_GROUPS, type FunnelGroup };

export const operatorFunnelQuerySchema = z.object({
  brand: z.string().min(1).max(253),
  from: day,
  to: day,
  /** lander: per variant, niche and experiment arm; network: per source; sub1: per sub1 of one network. */
  group: z.enum(FUNNEL_GROUPS).default('lander'),
  /** With group sub1: the network to drill into ('' is traffic without one). */
  network: z.string().max(100).optional(),
});
export type OperatorFunnelQuery = z.input<typeof operatorFunnelQuerySchema>;

export const funnelRowSchema = funnelFiguresSchema.extend({
  variant: z.string().optional(),
  niche: z.string().optional(),
  experiment_id: z.number().optional(),
  arm: z.string().optional(),
  network: z.string().optional(),
  sub1: z.string().optional(),
});
export type FunnelRowJson = z.infer<typeof funnelRowSchema>;

export const operatorFunnelResponseSchema = z.object({
  rows: z.array(funnelRowSchema),
  total: funnelFiguresSchema,
});
export type OperatorFunnelResponse = z.infer<typeof operatorFunnelResponseSchema>;
