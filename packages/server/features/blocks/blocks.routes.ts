import { z } from 'zod';
import { okResponseSchema } from '@datekit/runtime/schemas/api/ok';
import { defineRoute } from '../../http/define-route.ts';
import { reachableProfile } from '../members/contact-rules.ts';
import { deleteBlock, deleteConversationBetween, deleteLikesBetween, insertBlock } from './blocks.queries.ts';

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
      await insertBlock(trx, member.id, target.id, services.now());
      await deleteLikesBetween(trx, member.id, target.id);
      // Blocking deletes the chats between the two as well (spec §6).
      await deleteConversationBetween(trx, member.id, target.id);
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
    await deleteBlock(services.db, member.id, body.profile_id);
    return { ok: true as const };
  },
});

export const blockRoutes = [block, unblock];
