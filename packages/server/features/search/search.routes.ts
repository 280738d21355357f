import {
  resolveSearchFilters,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  type SearchSort,
  SIMILAR_AGE_SLACK,
  SIMILAR_LIMIT,
  SIMILAR_THRESHOLD,
} from '@datekit/runtime/rules/search';
import { authenticationRequired } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { searchRoute } from '@datekit/runtime/schemas/api/contracts/members';
import { hasTrafficSource } from '../signup/signup-rules.ts';
import { cardPhotos } from '../photos/member-photo-list.ts';
import type { ProfileRow } from '../users/member-row.ts';
import { toProfileJson } from '../users/user-json.ts';
import { distanceKm, nearestFirst } from './distance.ts';
import { searchScope } from './search-conditions.ts';
import { searchCount, searchPage, similarMembers } from './search.queries.ts';

export const searchMembers = defineRoute({
  contract: searchRoute,
  summary:
    "Member search: filters gender, country, countryregion, min_age, max_age (defaults from the brand's niche), 24 a page, the total, and similar members when few match; sort=nearest puts the nearest towns first for a member whose town is known. Each result has its distance and its photos as the searcher may see them. Visitors may search where the brand allows it.",
  auth: 'optional',
  errors: ['authentication_required'],
  handler: async ({ query, member, brand, services }) => {
    if (!member) {
      const tracked = hasTrafficSource(query as Record<string, string | undefined>);
      const open = brand.logged_out_search || (brand.logged_out_search_trafficsource && tracked);
      if (!open) throw authenticationRequired();
    }
    const filters = resolveSearchFilters(query, services.searchDefaults[brand.niche.slug]);
    const now = services.now();
    const scope = searchScope(brand, member?.id ?? null, now);

    // From the searcher's town, never a position of her own; visitors have none.
    const from = member && member.lat !== null && member.lon !== null ? { lat: member.lat, lon: member.lon } : null;
    const order = query.sort === 'nearest' && from ? nearestFirst(from) : [];
    const sort: SearchSort = order.length > 0 ? 'nearest' : 'newest';

    // Four queries at most, whatever the page holds: the page, the total, similar members, their photos.
    const [rows, counted] = await Promise.all([
      searchPage(services.reads, scope, filters, order, filters.page),
      searchCount(services.reads, scope, filters),
    ]);
    const total = Math.min(counted, SEARCH_COUNT_CAP);
    let similar: typeof rows = [];
    if (filters.page === 1 && total < SIMILAR_THRESHOLD) {
      const wider = {
        ...filters,
        country: null,
        countryregion: null,
        min_age: Math.max(18, filters.min_age - SIMILAR_AGE_SLACK),
        max_age: Math.min(99, filters.max_age + SIMILAR_AGE_SLACK),
      };
      const shown = rows.map((r) => r.id);
      similar = await similarMembers(services.reads, scope, wider, order, shown, SIMILAR_LIMIT);
    }
    const photos = await cardPhotos(
      services.reads,
      member,
      [...rows, ...similar].map((r) => r.id),
    );
    const card = (row: ProfileRow) => ({
      ...toProfileJson(row, now),
      distance_km: distanceKm(from, row),
      photos: photos.get(row.id) ?? [],
    });
    return {
      profiles: rows.map(card),
      total,
      total_capped: counted > SEARCH_COUNT_CAP,
      page: filters.page,
      page_size: SEARCH_PAGE_SIZE,
      similar: similar.map(card),
      sort,
      nearest: member ? (from ? ('available' as const) : ('needs_town' as const)) : null,
    };
  },
});

export const searchRoutes = [searchMembers];
