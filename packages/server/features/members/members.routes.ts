import { resolveSearchFilters } from '@datekit/runtime/rules/search';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { memberPreviewRoute, newMembersRoute } from '@datekit/runtime/schemas/api/contracts/members';
import { newestWithPhoto, searchableMember } from './members.queries.ts';
import { toProfileJson } from '../users/user-json.ts';
import { searchScope } from '../search/search-conditions.ts';

export const NEW_MEMBERS_LIMIT = 8;

export const newMembers = defineRoute({
  contract: newMembersRoute,
  summary:
    "The brand's newest visible members with an approved main photo, for the home page teaser: the members its niche is about (the gender and ages its search starts with) in its countries. Fictional profiles are flagged.",
  auth: 'none',
  handler: async ({ brand, services, reply }) => {
    const now = services.now();
    // The search a visitor would start with: a mature-women brand greets with mature women.
    const filters = resolveSearchFilters({}, services.searchDefaults[brand.niche.slug]);
    const scope = searchScope(brand, null, now);
    const rows = await newestWithPhoto(services.reads, scope, filters, NEW_MEMBERS_LIMIT);
    reply.header('cache-control', 'public, max-age=60');
    return { profiles: rows.map((row) => toProfileJson(row, now)) };
  },
});

/** Every age a profile may have: the preview looks a member up by id, not by the search's filters. */
const ANY_MEMBER = { gender: null, country: null, countryregion: null, min_age: 18, max_age: 99, page: 1 } as const;

export const memberPreview = defineRoute({
  contract: memberPreviewRoute,
  summary:
    "The card of one member (name, age, town, approved main photo) for the first message of a signup on /members/{id}/signup. Only members whom search would show the asker: active, visible, the brand's, not blocked either way.",
  auth: 'optional',
  errors: ['not_found'],
  handler: async ({ query, member, brand, services }) => {
    const now = services.now();
    const scope = searchScope(brand, member?.id ?? null, now);
    const row = await searchableMember(services.reads, query.id, scope, ANY_MEMBER);
    if (!row) throw new ApiError('not_found');
    return { profile: toProfileJson(row, now) };
  },
});

export const memberRoutes = [newMembers, memberPreview];
