import type { RawBuilder } from 'kysely';
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, type SearchFilters } from '@datekit/runtime/rules/search';
import type { Db } from '../../db/database.ts';
import { plannedPerExecution } from '../../db/prepared-statements.ts';
import { selectProfiles } from '../users/member-row.ts';
import { searchConditions, type SearchScope } from './search-conditions.ts';

/** The orderings a search puts first (nearestFirst in distance.ts), before a visible photo and the newest. */
export type SearchOrder = readonly RawBuilder<number>[];

/**
 * The members a search finds, in its order: `order` first, then those with a visible photo, newest
 * first. The photo's part is `profiles.photo_visible` (the same as `withoutVisiblePhoto`, kept by
 * triggers), so without `order` a page is read in order from `profiles_search_order` and the
 * read stops after it, however many members match. On PostgreSQL it is planned for its values each
 * time (`plannedPerExecution`): a generic plan cannot know how many members the filters match.
 */
function searchResults(db: Db, scope: SearchScope, filters: SearchFilters, order: SearchOrder) {
  return order
    .reduce(
      (sorted, by) => sorted.orderBy(by),
      selectProfiles(db).where((eb) => searchConditions(eb, scope, filters)),
    )
    .orderBy('p.photo_visible', 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .modifyEnd(plannedPerExecution);
}

/** One page (1-based) of the members a search finds. */
export function searchPage(db: Db, scope: SearchScope, filters: SearchFilters, order: SearchOrder, page: number) {
  return searchResults(db, scope, filters, order)
    .limit(SEARCH_PAGE_SIZE)
    .offset((page - 1) * SEARCH_PAGE_SIZE)
    .execute();
}

/** How many members a search finds, counted up to SEARCH_COUNT_CAP + 1 (more shows as capped). */
export async function searchCount(db: Db, scope: SearchScope, filters: SearchFilters): Promise<number> {
  const count = await db
    .selectFrom((inner) =>
      inner
        .selectFrom('profiles as p')
        .select('p.id')
        .where((eb) => searchConditions(eb, scope, filters))
        .limit(SEARCH_COUNT_CAP + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(count.total);
}

/** Up to `limit` members a wider search (`filters`) finds, leaving out those already `shown`. */
export function similarMembers(
  db: Db,
  scope: SearchScope,
  filters: SearchFilters,
  order: SearchOrder,
  shown: readonly number[],
  limit: number,
) {
  return searchResults(db, scope, filters, order)
    .$if(shown.length > 0, (q) => q.where('p.id', 'not in', shown))
    .limit(limit)
    .execute();
}
