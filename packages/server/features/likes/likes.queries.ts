import type { Expression, SqlBool } from 'kysely';
import type { SearchFilters } from '@datekit/runtime/rules/search';
import type { Db } from '../../db/database.ts';
import { visibleTo, type ProfileScope, type Visibility } from '../members/visible-to.ts';
import { searchConditions, type SearchScope } from '../search/search-conditions.ts';
import { selectProfiles, withoutVisiblePhoto } from '../users/member-row.ts';
import { memberChanged } from '../users/member-cache.ts';

/** Profiles `viewerId` has not liked yet: the fictional liker and the swipe game offer only those. */
export function notLikedBy(eb: ProfileScope, viewerId: number): Expression<SqlBool> {
  return eb('p.id', 'not in', eb.selectFrom('likes').select('likes.liked_id').where('likes.liker_id', '=', viewerId));
}

/**
 * Whom a like shows: the other member while active and not blocked either way; a like began between
 * members who could reach each other, so it keeps to one brand, and an invisible member stays.
 */
const OTHER_OF_A_LIKE: Visibility = { brand: null, activeOnly: true, hideInvisible: false, hideBlocked: true };

/** Every like the member gave or received. */
export function likesOf(db: Db, memberId: number) {
  return db
    .selectFrom('likes')
    .select(['liker_id', 'liked_id', 'is_new', 'created_at'])
    .where((eb) => eb.or([eb('liker_id', '=', memberId), eb('liked_id', '=', memberId)]))
    .execute();
}

/** The profiles among `ids` (the other members of her likes) that the member may still see. */
export function likeProfiles(db: Db, memberId: number, ids: readonly number[]) {
  return selectProfiles(db)
    .where('p.id', 'in', ids)
    .where((eb) => visibleTo(eb, memberId, OTHER_OF_A_LIKE))
    .execute();
}

/** Whether `likerId`'s like of `likedId` stands (was not taken back). */
export async function likeStands(db: Db, likerId: number, likedId: number): Promise<boolean> {
  const like = db.selectFrom('likes').where('liker_id', '=', likerId).where('liked_id', '=', likedId);
  return (await like.select('liker_id').executeTakeFirst()) !== undefined;
}

/** Takes the like of `likerId` for `likedId` back; no like, no change. */
export async function removeLike(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.deleteFrom('likes').where('liker_id', '=', likerId).where('liked_id', '=', likedId).execute();
  await memberChanged(db, likerId);
}

/** The newest member whose like `memberId` has not seen (is_new), visible to her. */
export function newestUnseenLiker(db: Db, memberId: number) {
  return selectProfiles(db)
    .innerJoin('likes as l', 'l.liker_id', 'p.id')
    .where('l.liked_id', '=', memberId)
    .where('l.is_new', '=', 1)
    .where((eb) => visibleTo(eb, memberId, OTHER_OF_A_LIKE))
    .orderBy('l.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The fictional member who gives a new member (`scope.viewerId`) her first like: one the member search
 * would show her (`filters`: the niche's defaults; brand, countries, nobody blocked), whom she has not
 * liked yet; one with a visible photo first, then the newest.
 */
export function fictionalLiker(db: Db, scope: SearchScope & { viewerId: number }, filters: SearchFilters) {
  return selectProfiles(db)
    .where((eb) => searchConditions(eb, scope, filters))
    .where('p.fictional', '=', 1)
    .where((eb) => notLikedBy(eb, scope.viewerId))
    .orderBy(withoutVisiblePhoto)
    .orderBy('p.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
