import { CARD_PHOTOS } from '@datekit/runtime/rules/search';
import type { MemberPhoto } from '@datekit/runtime/schemas/api/members';
import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import type { Services } from '../../services.ts';
import { MEDIA_PREFIX } from '../users/user-json.ts';

/** Who looks at another member's photos: a visitor, a free member or a premium one. */
export type PhotoViewer = { id: number; paid_user: number } | null;

interface PhotoRow {
  id: number;
  filename: string;
  thumb_filename: string;
  blurred_filename: string | null;
  is_main: number;
}

/**
 * One checked photo of another member as `viewer` may see it (the rule `/media/*` applies,
 * media-access.ts): the main photo to everyone; the rest in full to premium members, as the blurred
 * copy made on the server to free members, and as a locked place without any picture to visitors.
 */
function shownPhoto(p: PhotoRow, viewer: PhotoViewer): MemberPhoto {
  if (p.is_main === 1 || viewer?.paid_user === 1) {
    return {
      id: p.id,
      locked: false,
      filename: MEDIA_PREFIX + p.filename,
      thumb_filename: MEDIA_PREFIX + p.thumb_filename,
    };
  }
  const blurred = viewer && p.blurred_filename ? MEDIA_PREFIX + p.blurred_filename : null;
  return { id: p.id, locked: true, blurred };
}

/**
 * A member's photos, main first: every one for herself (`ownPhotos`), only those past their check for
 * anyone else (`checkedPhotos`): photos awaiting their check reach their owner only.
 */
function photosOf(db: Db, profileId: number) {
  return db
    .selectFrom('photos')
    .select(['id', 'filename', 'thumb_filename', 'blurred_filename', 'is_main', 'status'])
    .where('profile_id', '=', profileId)
    .orderBy('is_main', 'desc')
    .orderBy('id');
}

const ownPhotos = compiledQuery((db: Db, p: { profileId: number }) => photosOf(db, p.profileId));
const checkedPhotos = compiledQuery((db: Db, p: { profileId: number }) =>
  photosOf(db, p.profileId).where('status', '=', 'active'),
);

/**
 * A member's photos as `viewer` may see them, main first (GET /api/member.php and
 * /api/member-photos.php). Another member: the checked photos only, as `shownPhoto` says. Herself:
 * every photo, those awaiting their check marked `pending`.
 */
export async function memberPhotoList(
  services: Services,
  viewer: { id: number; paid_user: number },
  profileId: number,
): Promise<MemberPhoto[]> {
  const own = profileId === viewer.id;
  const rows = await (own ? ownPhotos : checkedPhotos).all(services.db, { profileId });
  if (!own) return rows.map((p) => shownPhoto(p, viewer));
  return rows.map((p) => ({
    id: p.id,
    locked: false as const,
    filename: MEDIA_PREFIX + p.filename,
    thumb_filename: MEDIA_PREFIX + p.thumb_filename,
    ...(p.status === 'active' ? {} : { pending: true as const }),
  }));
}

/**
 * The checked photos of several other members at once, for the cards of a result list (search): one
 * query whatever the page holds, main first, at most `CARD_PHOTOS` each, as `shownPhoto` says.
 */
export async function cardPhotos(
  db: Db,
  viewer: PhotoViewer,
  profileIds: number[],
): Promise<Map<number, MemberPhoto[]>> {
  const byMember = new Map<number, MemberPhoto[]>(profileIds.map((id) => [id, []]));
  if (profileIds.length === 0) return byMember;
  const rows = await db
    .selectFrom('photos')
    .select(['profile_id', 'id', 'filename', 'thumb_filename', 'blurred_filename', 'is_main'])
    .where('profile_id', 'in', profileIds)
    .where('status', '=', 'active')
    .orderBy('profile_id')
    .orderBy('is_main', 'desc')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const photos = byMember.get(row.profile_id);
    if (photos && photos.length < CARD_PHOTOS) photos.push(shownPhoto(row, viewer));
  }
  return byMember;
}
