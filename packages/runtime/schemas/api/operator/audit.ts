import { z } from 'zod';
import { routeIdSchema } from '../route-id.ts';

export const operatorAuditQuerySchema = z.object({
  before: routeIdSchema.optional(),
  action: z.string().max(60).optional(),
  operator: z.string().max(254).optional(),
  target_type: z.string().max(30).optional(),
  target_id: z.string().max(40).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  operator_email: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  reason: z.string().nullable(),
  /** JSON text of what changed. */
  details: z.string().nullable(),
  created_at: z.string(),
});

export const operatorAuditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  next_before: z.number().nullable(),
});

export type AuditEntryJson = z.infer<typeof auditEntrySchema>;
