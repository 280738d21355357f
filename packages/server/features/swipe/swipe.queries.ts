import type { SearchFilters } from '@datekit/runtime/rules/search';
import type { Db } from '../../db/database.ts';
import { notLikedBy } from '../likes/likes.queries.ts';
import { searchConditions, type SearchScope } from '../search/search-conditions.ts';
import { selectProfiles, withoutVisiblePhoto } from '../users/member-row.ts';

/** How many swipe likes the member gave from `since` on. `db` may be a transaction. */
export async function swipesSince(db: Db, memberId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('liker_id', '=', memberId)
    .where('source', '=', 'swipe')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The next members for `scope.viewerId` to judge: those the member search would show her (`filters`),
 * whom she has not liked yet; one with a visible photo first, then the newest.
 */
export function candidateProfiles(
  db: Db,
  scope: SearchScope & { viewerId: number },
  filters: SearchFilters,
  limit: number,
) {
  return selectProfiles(db)
    .where((eb) => searchConditions(eb, scope, filters))
    .where((eb) => notLikedBy(eb, scope.viewerId))
    .orderBy(withoutVisiblePhoto)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}
