import { defineRoute } from '../../http/define-route.ts';
import { blockRoute, unblockRoute } from '@datekit/runtime/schemas/api/contracts/members';
import { reachableProfile } from '../members/contact-rules.ts';
import { deleteBlock, deleteConversationBetween, deleteLikesBetween, insertBlock } from './blocks.queries.ts';

/**
 * Block a member (spec §6): they can no longer view or contact the blocker, and the likes between
 * the two are deleted, and so are their chats, in one transaction.
 */
export const block = defineRoute({
  contract: blockRoute,
  summary: 'Block a member: they cannot view your profile or contact you; likes between you are deleted.',
  auth: 'member',
  errors: ['not_found', 'blocked_by'],
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
  contract: unblockRoute,
  summary: 'Unblock a member. Deleted likes do not come back.',
  auth: 'member',
  handler: async ({ body, member, services }) => {
    await deleteBlock(services.db, member.id, body.profile_id);
    return { ok: true as const };
  },
});

export const blockRoutes = [block, unblock];
