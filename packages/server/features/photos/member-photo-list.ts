import type { MemberPhoto } from '@datekit/runtime';
import type { Services } from '../../services.ts';
import { MEDIA_PREFIX } from '../users/user-json.ts';

/**
 * Another member's checked photos as a viewer may see them, main first (GET /api/member.php and
 * /api/member-photos.php). Premium viewers get every photo; free viewers the main one, and for the
 * rest only the blurred copy made on the server: the same rule `/media/*` applies (media-access.ts).
 */
export async function memberPhotoList(
  services: Services,
  premiumViewer: boolean,
  profileId: number,
): Promise<MemberPhoto[]> {
  const rows = await services.db
    .selectFrom('photos')
    .select(['id', 'filename', 'thumb_filename', 'blurred_filename', 'is_main'])
    .where('profile_id', '=', profileId)
    .where('status', '=', 'active')
    .orderBy('is_main', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((p) =>
    premiumViewer || p.is_main === 1
      ? {
          id: p.id,
          locked: false as const,
          filename: MEDIA_PREFIX + p.filename,
          thumb_filename: MEDIA_PREFIX + p.thumb_filename,
        }
      : { id: p.id, locked: true as const, blurred: p.blurred_filename ? MEDIA_PREFIX + p.blurred_filename : null },
  );
}
