import { z } from 'zod';
import { okResponseSchema } from '@datekit/runtime';
import { defineRoute } from '../../http/define-route.ts';
import { reachableProfile } from '../members/contact-rules.ts';

const profileIdBody = z.object({ profile_id: z.number().int().positive() });

/**
 * Block a member (spec §6): they can no longer view or contact the blocker, and the likes between
 * the two are deleted, and so are their chats, in one transaction.
 */
export const block = defineRoute({
  method: 'POST',
  url: '/api/block.php',
  summary: 'Block a member: they cannot view your profile or contact you; likes between you are deleted.',
  auth: 'member',
  errors: ['not_found', 'blocked_by'],
  body: profileIdBody,
  response: okResponseSchema,
  handler: async ({ body, member, services }) => {
    const target = await reachableProfile(services, member, body.profile_id);
    await services.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('blocks')
        .values({ blocker_id: member.id, blocked_id: target.id, created_at: services.now() })
        .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
        .execute();
      await trx
        .deleteFrom('likes')
        .where((eb) =>
          eb.or([
            eb.and([eb('liker_id', '=', member.id), eb('liked_id', '=', target.id)]),
            eb.and([eb('liker_id', '=', target.id), eb('liked_id', '=', member.id)]),
          ]),
        )
        .execute();
      // Blocking deletes the chats between the two as well (spec §6).
      await trx
        .deleteFrom('conversations')
        .where('member_a', '=', Math.min(member.id, target.id))
        .where('member_b', '=', Math.max(member.id, target.id))
        .execute();
    });
    return { ok: true as const };
  },
});

export const unblock = defineRoute({
  method: 'DELETE',
  url: '/api/block.php',
  summary: 'Unblock a member. Deleted likes do not come back.',
  auth: 'member',
  body: profileIdBody,
  response: okResponseSchema,
  handler: async ({ body, member, services }) => {
    await services.db
      .deleteFrom('blocks')
      .where('blocker_id', '=', member.id)
      .where('blocked_id', '=', body.profile_id)
      .execute();
    return { ok: true as const };
  },
});

export const blockRoutes = [block, unblock];
