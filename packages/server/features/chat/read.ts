import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { Addressed } from '../../realtime/event-bus.ts';
import type { Services } from '../../services.ts';

/**
 * The member had the conversation's messages up to `messageId` on screen: its unread counter keeps only
 * the other member's messages after it (their other tabs hear `read` once it is back to 0), and the
 * newest message seen becomes the other member's read receipt (`seen`), never moving back. Repeating it
 * changes and tells nothing. Blocking deletes the conversation, so a blocked member is never told.
 * `messageId` must be a message of this conversation: nobody can acknowledge what was not sent yet.
 * The one way to mark a conversation read: POST /api/chat-read.php and the GET /api/chat.php that opens it.
 */
export async function markReadUpTo(
  services: Services,
  memberId: number,
  conversationId: number,
  messageId: number,
): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const row = await readState(trx, memberId, conversationId, messageId);
    // Someone else's conversation, or a message not in it, is answered like one that does not exist.
    if (!row) throw new ApiError('not_found');
    const after = await unreadAfterQuery.first(trx, { memberId, conversationId, messageId });
    const unread = Math.min(row.unread, Number(after?.n ?? 0));
    const seen = Math.max(row.seen_message_id ?? 0, messageId);
    if (unread === row.unread && seen === row.seen_message_id) return;
    await readStateUpdate.all(trx, { memberId, conversationId, unread, seen });
    const events: Addressed[] = [];
    if (unread === 0 && row.unread > 0)
      events.push({ to: memberId, event: { type: 'read', conversation_id: conversationId } });
    if (seen !== row.seen_message_id) {
      events.push({ to: row.other_id, event: { type: 'seen', conversation_id: conversationId, message_id: seen } });
    }
    if (events.length) await services.events.publishAll(trx, events);
  });
}

/** The member's counter and receipt in the conversation, and the other member, when `messageId` is in it. */
function readState(db: Db, memberId: number, conversationId: number, messageId: number) {
  return readStateQuery.first(db, { memberId, conversationId, messageId });
}

const readStateQuery = compiledQuery((db: Db, p: { memberId: number; conversationId: number; messageId: number }) =>
  db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversation_members as other', (join) =>
      join.onRef('other.conversation_id', '=', 'cm.conversation_id').on('other.member_id', '!=', p.memberId),
    )
    .innerJoin('messages as m', (join) =>
      join.onRef('m.conversation_id', '=', 'cm.conversation_id').on('m.id', '=', p.messageId),
    )
    .select(['cm.unread', 'cm.seen_message_id', 'other.member_id as other_id'])
    .where('cm.conversation_id', '=', p.conversationId)
    .where('cm.member_id', '=', p.memberId),
);

/** How many of the other member's messages in the conversation came after `messageId`. */
const unreadAfterQuery = compiledQuery((db: Db, p: { memberId: number; conversationId: number; messageId: number }) =>
  db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation_id', '=', p.conversationId)
    .where('sender_id', '!=', p.memberId)
    .where('id', '>', p.messageId),
);

const readStateUpdate = compiledQuery(
  (db: Db, p: { memberId: number; conversationId: number; unread: number; seen: number }) =>
    db
      .updateTable('conversation_members')
      .set({ unread: p.unread, seen_message_id: p.seen })
      .where('conversation_id', '=', p.conversationId)
      .where('member_id', '=', p.memberId),
);
