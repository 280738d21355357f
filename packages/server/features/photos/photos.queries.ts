import type { Db } from '../../db/database.ts';
import type { StoredPhoto } from '../../media/process-photo.ts';
import { memberChanged } from '../users/member-cache.ts';

/** The columns a member sees of her own photo. */
const OWN_PHOTO_FIELDS = ['id', 'filename', 'thumb_filename', 'match_filename', 'status', 'is_main'] as const;

/** How many photos the member holds, checked or not. `db` may be a transaction. */
export async function photoCount(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('profile_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the member already has a main photo. */
export async function hasMainPhoto(db: Db, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('photos')
    .select('id')
    .where('profile_id', '=', memberId)
    .where('is_main', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds an upload awaiting its check; answers it as its owner sees it. */
export async function insertPhoto(db: Db, memberId: number, stored: StoredPhoto, isMain: boolean, now: number) {
  const photo = await db
    .insertInto('photos')
    .values({ profile_id: memberId, ...stored, status: 'inspection', is_main: isMain ? 1 : 0, created_at: now })
    .returning(OWN_PHOTO_FIELDS)
    .executeTakeFirstOrThrow();
  await memberChanged(db, memberId);
  return photo;
}

/** The member's own photos, in inspection or active, main first. */
export function ownPhotos(db: Db, memberId: number) {
  return db
    .selectFrom('photos')
    .select(OWN_PHOTO_FIELDS)
    .where('profile_id', '=', memberId)
    .orderBy('is_main', 'desc')
    .orderBy('id')
    .execute();
}

/** One photo, if it is the member's own. */
export function ownPhotoById(db: Db, memberId: number, id: number) {
  return db.selectFrom('photos').selectAll().where('id', '=', id).where('profile_id', '=', memberId).executeTakeFirst();
}

/** Makes `photoId` the member's only main photo; `db` should be a transaction. */
export async function makeMainPhoto(db: Db, memberId: number, photoId: number): Promise<void> {
  await db.updateTable('photos').set({ is_main: 0 }).where('profile_id', '=', memberId).execute();
  await db.updateTable('photos').set({ is_main: 1 }).where('id', '=', photoId).execute();
  await memberChanged(db, memberId);
}
