import { newMembersResponseSchema } from '@datekit/runtime';
import { defineRoute } from '../../http/define-route.ts';
import { selectProfiles } from '../users/member-row.ts';
import { toProfileJson } from '../users/user-json.ts';

export const NEW_MEMBERS_LIMIT = 8;

export const newMembers = defineRoute({
  method: 'GET',
  url: '/api/new-members.php',
  summary:
    "The brand's newest visible members with an approved main photo, for the home page teaser. Fictional profiles are flagged.",
  auth: 'none',
  response: newMembersResponseSchema,
  handler: async ({ brand, services, reply }) => {
    const rows = await selectProfiles(services.db)
      .where('p.brand', '=', brand.domain)
      .where('p.status', '=', 'active')
      .where('ph.status', '=', 'active')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(NEW_MEMBERS_LIMIT)
      .execute();
    reply.header('cache-control', 'public, max-age=60');
    return { profiles: rows.map((row) => toProfileJson(row, services.now())) };
  },
});

export const memberRoutes = [newMembers];
