import type { SearchFilters } from '@datekit/runtime/rules/search';
import { compiledQuery } from '../../db/compiled-query.ts';
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
  return admittedProfileQuery.first(db, { id });
}

const admittedProfileQuery = compiledQuery((db: Db, p: { id: number }) => selectProfiles(db).where('p.id', '=', p.id));

/** The detail columns of member `id`, admitted as for `admittedProfile`. */
export async function admittedDetails(db: Db, id: number) {
  const row = await admittedDetailsQuery.first(db, { id });
  if (!row) throw new Error(`admittedDetails: no profile ${id}`);
  return row;
}

const admittedDetailsQuery = compiledQuery((db: Db, p: { id: number }) =>
  db.selectFrom('profiles').select(DETAIL_FIELDS).where('id', '=', p.id),
);

/** The interests of member `id`, in their order. */
export function interestsOf(db: Db, id: number) {
  return interestsQuery.all(db, { id });
}

const interestsQuery = compiledQuery((db: Db, p: { id: number }) =>
  db.selectFrom('profile_interests').select('interest_id').where('profile_id', '=', p.id).orderBy('interest_id'),
);

/** Whether `likerId` likes `likedId`. */
export async function likes(db: Db, likerId: number, likedId: number): Promise<boolean> {
  return Boolean(await likeQuery.first(db, { likerId, likedId }));
}

const likeQuery = compiledQuery((db: Db, p: { likerId: number; likedId: number }) =>
  db.selectFrom('likes').select('liker_id').where('liker_id', '=', p.likerId).where('liked_id', '=', p.likedId),
);

/** `memberId` has seen the like `likerId` gave her: it is no longer new (spec §4). */
export async function markLikeSeen(db: Db, likerId: number, memberId: number): Promise<void> {
  await markLikeSeenQuery.all(db, { likerId, memberId });
}

const markLikeSeenQuery = compiledQuery((db: Db, p: { likerId: number; memberId: number }) =>
  db
    .updateTable('likes')
    .set({ is_new: 0 })
    .where('liker_id', '=', p.likerId)
    .where('liked_id', '=', p.memberId)
    .where('is_new', '=', 1),
);
