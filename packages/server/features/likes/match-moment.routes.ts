import { defineRoute } from '../../http/define-route.ts';
import { matchMomentRoute, matchMomentSeenRoute } from '@datekit/runtime/schemas/api/contracts/likes';
import { toProfileJson } from '../users/user-json.ts';
import { markMatchSeen, unseenMatch } from './match-moment.ts';

export const getMatchMoment = defineRoute({
  contract: matchMomentRoute,
  summary:
    'The newest match the member has not seen yet (it was made while she was away), or null: her next page shows its "It\'s a Match" moment.',
  auth: 'member',
  handler: async ({ member, services }) => {
    const row = await unseenMatch(services.db, member.id);
    return { profile: row ? toProfileJson(row, services.now()) : null };
  },
});

export const matchMomentSeen = defineRoute({
  contract: matchMomentSeenRoute,
  summary: 'The member saw the match moment with profile_id: it does not show again. Seeing it twice changes nothing.',
  auth: 'member',
  handler: async ({ body, member, services }) => {
    await markMatchSeen(services.db, member.id, body.profile_id, services.now());
    return { ok: true as const };
  },
});

export const matchMomentRoutes = [getMatchMoment, matchMomentSeen];
