import { z } from 'zod';
import { profileSchema } from '@datekit/runtime/schemas/api/user.ts';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { selectProfiles } from '../users/member-row.ts';
import { toProfileJson } from '../users/user-json.ts';
import { reachableProfile } from './contact-rules.ts';

export const memberProfile = defineRoute({
  method: 'GET',
  url: '/api/member.php',
  summary:
    "Another member's profile with your relation to them. Opening it clears the new flag of their like (spec §4). Blocked: 403 blocked_by.",
  auth: 'member',
  query: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({
    profile: profileSchema,
    liked: z.boolean(),
    likes_you: z.boolean(),
    match: z.boolean(),
    blocked: z.boolean(),
  }),
  handler: async ({ query, member, services }) => {
    const target = await reachableProfile(services, member, query.id);
    const [row, liked] = await Promise.all([
      selectProfiles(services.db).where('p.id', '=', target.id).executeTakeFirst(),
      services.db
        .selectFrom('likes')
        .select('liker_id')
        .where('liker_id', '=', member.id)
        .where('liked_id', '=', target.id)
        .executeTakeFirst(),
      services.db
        .updateTable('likes')
        .set({ is_new: 0 })
        .where('liker_id', '=', target.id)
        .where('liked_id', '=', member.id)
        .where('is_new', '=', 1)
        .execute(),
    ]);
    if (!row) throw new ApiError('not_found');
    return {
      profile: toProfileJson(row, services.now()),
      liked: Boolean(liked),
      likes_you: target.contactedViewer,
      match: Boolean(liked) && target.contactedViewer,
      blocked: target.blockedByViewer,
    };
  },
});

export const memberProfileRoutes = [memberProfile];
