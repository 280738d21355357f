import type { SearchFilters } from '@datekit/runtime/rules/search';
import type { Db } from '../../db/database.ts';
import { searchConditions, type SearchScope } from '../search/search-conditions.ts';
import { selectProfiles } from '../users/member-row.ts';

/** The profile columns a brand may show to other members (its `visible_profile_fields`). */
export const DETAIL_FIELDS = [
  'gender',
  'sexuality',
  'relationship_status',
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'signup_reason',
  'region',
  'about',
] as const;

/** The newest members the search would show (`scope`, `filters`) with an approved main photo. */
export function newestWithPhoto(db: Db, scope: SearchScope, filters: SearchFilters, limit: number) {
  return selectProfiles(db)
    .where((eb) => searchConditions(eb, scope, filters))
    .where('ph.status', '=', 'active')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** Member `id` if the search would show them to `scope`'s viewer under `filters`. */
export function searchableMember(db: Db, id: number, scope: SearchScope, filters: SearchFilters) {
  return selectProfiles(db)
    .where('p.id', '=', id)
    .where((eb) => searchConditions(eb, scope, filters))
    .executeTakeFirst();
}

/**
 * The list row of member `id`: the viewer herself, or a member `reachableProfile` (contact-rules.ts)
 * has just admitted. Not for anyone else.
 */
export function admittedProfile(db: Db, id: number) {
  return selectProfiles(db).where('p.id', '=', id).executeTakeFirst();
}

/** The detail columns of member `id`, admitted as for `admittedProfile`. */
export function admittedDetails(db: Db, id: number) {
  return db.selectFrom('profiles').select(DETAIL_FIELDS).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The interests of member `id`, in their order. */
export function interestsOf(db: Db, id: number) {
  return db
    .selectFrom('profile_interests')
    .select('interest_id')
    .where('profile_id', '=', id)
    .orderBy('interest_id')
    .execute();
}

/** Whether `likerId` likes `likedId`. */
export async function likes(db: Db, likerId: number, likedId: number): Promise<boolean> {
  const row = await db
    .selectFrom('likes')
    .select('liker_id')
    .where('liker_id', '=', likerId)
    .where('liked_id', '=', likedId)
    .executeTakeFirst();
  return Boolean(row);
}

/** `memberId` has seen the like `likerId` gave her: it is no longer new (spec §4). */
export async function markLikeSeen(db: Db, likerId: number, memberId: number): Promise<void> {
  await db
    .updateTable('likes')
    .set({ is_new: 0 })
    .where('liker_id', '=', likerId)
    .where('liked_id', '=', memberId)
    .where('is_new', '=', 1)
    .execute();
}
