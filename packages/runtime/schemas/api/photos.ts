import { z } from 'zod';

/** One of the member's own photos (GET /api/photos.php): `inspection` until an operator checked it. */
export const ownPhotoSchema = z.object({
  id: z.number(),
  filename: z.string(),
  thumb_filename: z.string(),
  match: z.string(),
  status: z.enum(['active', 'inspection']),
  is_main: z.boolean(),
});

/** GET /api/photos.php: the photos and how many the member may hold (spec §5: 3 free, 25 premium). */
export const ownPhotosResponseSchema = z.object({ photos: z.array(ownPhotoSchema), limit: z.number() });

/** POST /api/photos.php */
export const uploadPhotoResponseSchema = z.object({ photo: ownPhotoSchema });

export type OwnPhoto = z.infer<typeof ownPhotoSchema>;
