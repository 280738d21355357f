import { z } from 'zod';
import { PHOTO_REJECT_REASONS } from '../../../data/operator.ts';

export const operatorPhotosQuerySchema = z.object({ brand: z.string().max(253).optional() });

export const queuedPhotoSchema = z.object({
  id: z.number(),
  member_id: z.number(),
  name: z.string(),
  brand: z.string(),
  uploaded_at: z.string(),
  /** The full image, for operators only (`/api/operator/photos/<id>/file`). */
  url: z.string(),
});

export const operatorPhotosResponseSchema = z.object({ photos: z.array(queuedPhotoSchema) });

export const photoRejectRequestSchema = z.object({ reason: z.enum(PHOTO_REJECT_REASONS) });

export type QueuedPhotoJson = z.infer<typeof queuedPhotoSchema>;
export type OperatorPhotosResponse = z.infer<typeof operatorPhotosResponseSchema>;
