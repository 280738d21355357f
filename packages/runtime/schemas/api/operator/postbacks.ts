import { z } from 'zod';

/** Conversions an affiliate network may be told of (docs/marketing.md). */
export const POSTBACK_EVENT_NAMES = ['soi', 'doi', 'sale', 'reversal'] as const;
export const POSTBACK_STATUSES = ['queued', 'sent', 'failed', 'refused', 'held', 'rejected', 'blocked'] as const;
export type PostbackStatusName = (typeof POSTBACK_STATUSES)[number];

export const operatorPostbacksQuerySchema = z.object({ brand: z.string().min(1).max(253) });

export const postbackConfigSchema = z.object({
  id: z.number(),
  brand: z.string(),
  network: z.string(),
  events: z.array(z.enum(POSTBACK_EVENT_NAMES)),
  /** The URL template as the marketer wrote it. */
  url: z.string(),
  /** Whether flagged signups' SOI postbacks wait for an operator. */
  hold: z.boolean(),
  created_at: z.string(),
  created_by: z.string(),
});

export const postbackAttemptSchema = z.object({
  at: z.string(),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error: z.string().nullable(),
});

export const postbackDeliverySchema = z.object({
  id: z.number(),
  network: z.string(),
  event: z.enum(POSTBACK_EVENT_NAMES),
  member_id: z.number(),
  status: z.enum(POSTBACK_STATUSES),
  url: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** The signup's traffic-quality score (0–100) and why; null for signups from before scoring. */
  score: z.number().nullable(),
  reasons: z.array(z.string()),
  attempts: z.array(postbackAttemptSchema),
});

export const trafficBlockSchema = z.object({
  id: z.number(),
  brand: z.string(),
  network: z.string(),
  sub1: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string(),
});

/** The most deliveries (and held ones) one answer lists, newest first. */
export const OPERATOR_DELIVERIES_PAGE = 100;

export const operatorPostbacksResponseSchema = z.object({
  configs: z.array(postbackConfigSchema),
  /** The newest deliveries of every status, with their attempts. */
  deliveries: z.array(postbackDeliverySchema),
  /** SOI postbacks waiting for a decision. */
  held: z.array(postbackDeliverySchema),
  blocks: z.array(trafficBlockSchema),
  /** The brand's traffic_hold_score. */
  hold_score: z.number(),
});

export const postbackCreateRequestSchema = z.object({
  brand: z.string().min(1).max(253),
  network: z.string().max(100),
  events: z.array(z.enum(POSTBACK_EVENT_NAMES)).max(4),
  url: z.string().max(2000),
  hold: z.boolean(),
});

export const trafficBlockRequestSchema = z.object({
  brand: z.string().min(1).max(253),
  network: z.string().max(100),
  sub1: z.string().max(100).optional(),
});

export type OperatorPostbacksResponse = z.infer<typeof operatorPostbacksResponseSchema>;
export type PostbackDeliveryJson = z.infer<typeof postbackDeliverySchema>;
export type PostbackCreateRequest = z.infer<typeof postbackCreateRequestSchema>;
export type TrafficBlockRequest = z.infer<typeof trafficBlockRequestSchema>;
