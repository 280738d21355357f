import { z } from 'zod';
import { matchMomentResponseSchema } from '@datekit/runtime/schemas/api/likes';
import { okResponseSchema } from '@datekit/runtime/schemas/api/ok';
import { defineRoute } from '../../http/define-route.ts';
import { toProfileJson } from '../users/user-json.ts';
import { markMatchSeen, unseenMatch } from './match-moment.ts';

export const getMatchMoment = defineRoute({
  method: 'GET',
  url: '/api/match-moment.php',
  summary:
    'The newest match the member has not seen yet (it was made while she was away), or null: her next page shows its "It\'s a Match" moment.',
  auth: 'member',
  response: matchMomentResponseSchema,
  handler: async ({ member, services }) => {
    const row = await unseenMatch(services.db, member.id);
    return { profile: row ? toProfileJson(row, services.now()) : null };
  },
});

export const matchMomentSeen = defineRoute({
  method: 'POST',
  url: '/api/match-moment.php',
  summary: 'The member saw the match moment with profile_id: it does not show again. Seeing it twice changes nothing.',
  auth: 'member',
  body: z.object({ profile_id: z.number().int().positive() }),
  response: okResponseSchema,
  handler: async ({ body, member, services }) => {
    await markMatchSeen(services.db, member.id, body.profile_id, services.now());
    return { ok: true as const };
  },
});

export const matchMomentRoutes = [getMatchMoment, matchMomentSeen];
