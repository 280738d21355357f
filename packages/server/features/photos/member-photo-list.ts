import type { MemberPhoto } from '@datekit/runtime';
import type { Services } from '../../services.ts';
import { MEDIA_PREFIX } from '../users/user-json.ts';

/**
 * A member's photos as `viewer` may see them, main first (GET /api/member.php and
 * /api/member-photos.php). Another member: the checked photos only; premium viewers get every one, free
 * viewers the main one and for the rest only the blurred copy made on the server (the rule `/media/*`
 * applies, media-access.ts). Herself: every photo, those awaiting their check marked `pending`.
 */
export async function memberPhotoList(
  services: Services,
  viewer: { id: number; paid_user: number },
  profileId: number,
): Promise<MemberPhoto[]> {
  const own = profileId === viewer.id;
  const rows = await services.db
    .selectFrom('photos')
    .select(['id', 'filename', 'thumb_filename', 'blurred_filename', 'is_main', 'status'])
    .where('profile_id', '=', profileId)
    // Photos awaiting their check reach their owner only.
    .$if(!own, (q) => q.where('status', '=', 'active'))
    .orderBy('is_main', 'desc')
    .orderBy('id')
    .execute();
  if (own) {
    return rows.map((p) => ({
      id: p.id,
      locked: false as const,
      filename: MEDIA_PREFIX + p.filename,
      thumb_filename: MEDIA_PREFIX + p.thumb_filename,
      ...(p.status === 'active' ? {} : { pending: true as const }),
    }));
  }
  const premium = viewer.paid_user === 1;
  return rows.map((p) =>
    premium || p.is_main === 1
      ? {
          id: p.id,
          locked: false as const,
          filename: MEDIA_PREFIX + p.filename,
          thumb_filename: MEDIA_PREFIX + p.thumb_filename,
        }
      : { id: p.id, locked: true as const, blurred: p.blurred_filename ? MEDIA_PREFIX + p.blurred_filename : null },
  );
}
