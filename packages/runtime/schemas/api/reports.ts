import { z } from 'zod';
import { REPORT_REASONS, REPORT_SUBJECT_MAX, REPORT_TEXT_MAX } from '../../data/reports.ts';

/**
 * POST /api/report.php: a member or a visitor reports a member's profile, a conversation or one
 * message (DSA art. 16 notice). A visitor leaves an e-mail address for the confirmation and the outcome.
 */
export const reportBodySchema = z.object({
  reported_id: z.number().int().positive(),
  context: z.enum(['profile', 'conversation', 'message']),
  /** The conversation or message id for those contexts. */
  context_id: z.number().int().positive().optional(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().trim().max(REPORT_TEXT_MAX).default(''),
  /** Visitors only: where the confirmation and the outcome go. */
  email: z.string().trim().max(254).optional(),
  name: z.string().trim().max(100).optional(),
});
export type ReportBody = z.input<typeof reportBodySchema>;

/** POST /api/complaint.php: the /complaints page's form, for anyone. */
export const complaintBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().max(254),
  /** What the complaint is about: a subject or the URL of a page or profile. */
  subject: z.string().trim().min(1).max(REPORT_SUBJECT_MAX),
  text: z.string().trim().min(10).max(REPORT_TEXT_MAX),
});
export type ComplaintBody = z.input<typeof complaintBodySchema>;

/** The report is stored and a confirmation is on its way to the reporter (art. 16(4)). */
export const reportResponseSchema = z.object({ ok: z.literal(true), report_id: z.number() });
