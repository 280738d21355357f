import { z } from 'zod';
import { DECISION_GROUNDS, REPORT_DECISIONS, REPORT_TEXT_MAX } from '../../../data/reports.ts';

export const operatorReportsQuerySchema = z.object({ brand: z.string().max(253).optional() });

/** One open report of the moderators' queue. */
export const queuedReportSchema = z.object({
  id: z.number(),
  brand: z.string(),
  created_at: z.string(),
  context: z.string(),
  context_id: z.number().nullable(),
  reason: z.string(),
  text: z.string(),
  subject: z.string().nullable(),
  reporter: z.object({ id: z.number().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  reported: z.object({ id: z.number(), name: z.string(), sanction: z.string().nullable() }).nullable(),
  /** Open reports about the same member, this one included: a decision closes them all. */
  open_about_member: z.number(),
});

export const operatorReportsResponseSchema = z.object({ reports: z.array(queuedReportSchema) });

/** A moderator's decision; `facts` go to the member as written (DSA art. 17 statement of reasons). */
export const reportDecisionRequestSchema = z.object({
  decision: z.enum(REPORT_DECISIONS),
  ground: z.enum(DECISION_GROUNDS),
  facts: z.string().trim().min(1).max(REPORT_TEXT_MAX),
  photo_id: z.number().int().positive().optional(),
  suspend_days: z.number().int().min(1).max(365).optional(),
});

export const reportDecisionResponseSchema = z.object({
  ok: z.literal(true),
  /** Other open reports about the same member that this decision closed. */
  also_closed: z.array(z.number()),
});

export const memberBanRequestSchema = z.object({
  ground: z.enum(DECISION_GROUNDS),
  facts: z.string().trim().min(1).max(REPORT_TEXT_MAX),
});

export const memberUnbanRequestSchema = z.object({ reason: z.string().trim().min(1).max(500) });

export type QueuedReportJson = z.infer<typeof queuedReportSchema>;
export type ReportDecisionRequest = z.infer<typeof reportDecisionRequestSchema>;
