import { newMembersResponseSchema, resolveSearchFilters } from '@datekit/runtime';
import { defineRoute } from '../../http/define-route.ts';
import { searchConditions } from '../search/search-conditions.ts';
import { selectProfiles } from '../users/member-row.ts';
import { toProfileJson } from '../users/user-json.ts';

export const NEW_MEMBERS_LIMIT = 8;

export const newMembers = defineRoute({
  method: 'GET',
  url: '/api/new-members.php',
  summary:
    "The brand's newest visible members with an approved main photo, for the home page teaser: the members its niche is about (the gender and ages its search starts with) in its countries. Fictional profiles are flagged.",
  auth: 'none',
  response: newMembersResponseSchema,
  handler: async ({ brand, services, reply }) => {
    const now = services.now();
    // The search a visitor would start with: a mature-women brand greets with mature women.
    const filters = resolveSearchFilters({}, services.searchDefaults[brand.niche.slug]);
    const scope = { brand: brand.domain, countries: brand.countries, viewerId: null, today: new Date(now) };
    const rows = await selectProfiles(services.db)
      .where((eb) => searchConditions(eb, scope, filters))
      .where('ph.status', '=', 'active')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(NEW_MEMBERS_LIMIT)
      .execute();
    reply.header('cache-control', 'public, max-age=60');
    return { profiles: rows.map((row) => toProfileJson(row, now)) };
  },
});

export const memberRoutes = [newMembers];
