import { z } from 'zod';
import { PHOTO_REJECT_REASONS } from '../../../data/operator.ts';

/** Photos one page of the queue shows by default, and the most a page (or a bulk decision) may hold. */
export const PHOTO_QUEUE_PAGE = 48;
export const PHOTO_QUEUE_MAX = 100;

export const operatorPhotosQuerySchema = z.object({
  brand: z.string().max(253).optional(),
  /** The last photo id of the page before: the queue goes on after it (oldest first, by id). */
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(PHOTO_QUEUE_MAX).optional(),
});

/** A photo of the same member, for comparison beside the one to decide. */
export const queuedMemberPhotoSchema = z.object({
  id: z.number(),
  status: z.enum(['active', 'inspection']),
  is_main: z.boolean(),
  url: z.string(),
});

export const queuedPhotoSchema = z.object({
  id: z.number(),
  member_id: z.number(),
  name: z.string(),
  brand: z.string(),
  uploaded_at: z.string(),
  /** The full image, for operators only (`/api/operator/photos/<id>/file`). */
  url: z.string(),
  /** The member's age today by the stated date of birth (null when it cannot be read). */
  age: z.number().nullable(),
  /** The member's other photos (any status), main first. */
  other_photos: z.array(queuedMemberPhotoSchema),
  /** Photos of this member the console rejected before (from the audit log). */
  earlier_rejections: z.number(),
  /** Reports about this member: all of them, and those still open. */
  reports: z.object({ total: z.number(), open: z.number() }),
});

export const operatorPhotosResponseSchema = z.object({
  photos: z.array(queuedPhotoSchema),
  /** Photos waiting in all (for the brand, when filtered). */
  total: z.number(),
  /** Pass as `after` for the next page; null on the last page. */
  next_after: z.number().nullable(),
});

export const photoRejectRequestSchema = z.object({ reason: z.enum(PHOTO_REJECT_REASONS) });

/** Several photos decided in one request: approve them all, or reject them all with one reason. */
export const photoBulkDecisionRequestSchema = z
  .object({
    ids: z
      .array(z.number().int().positive())
      .min(1)
      .max(PHOTO_QUEUE_MAX)
      .refine((ids) => new Set(ids).size === ids.length, 'each photo once'),
    decision: z.enum(['approve', 'reject']),
    reason: z.enum(PHOTO_REJECT_REASONS).optional(),
  })
  .refine((body) => body.decision === 'approve' || body.reason !== undefined, {
    path: ['reason'],
    message: 'a rejection needs a reason',
  });

/**
 * What became of each photo: decided now, decided before (a repeated request changes nothing), or
 * not there (never existed, or rejected and deleted before).
 */
export const PHOTO_BULK_OUTCOMES = ['approved', 'rejected', 'already_decided', 'not_found'] as const;

export const photoBulkDecisionResponseSchema = z.object({
  results: z.array(z.object({ id: z.number(), outcome: z.enum(PHOTO_BULK_OUTCOMES) })),
});

export type QueuedPhotoJson = z.infer<typeof queuedPhotoSchema>;
export type PhotoBulkDecisionRequest = z.infer<typeof photoBulkDecisionRequestSchema>;
export type PhotoBulkOutcome = (typeof PHOTO_BULK_OUTCOMES)[number];
