import { FREE_CONVERSATION_LIMIT } from '@datekit/runtime/rules/constants';
import type { ErrorCode } from '@datekit/runtime/errors';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { lockMember } from '../../db/lock-member.ts';
import type { StoredChatPhoto } from '../../media/process-photo.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { balanceOf, book } from '../credits/ledger.ts';
import { contactableProfile } from '../members/contact-rules.ts';
import { queueMessageMail } from '../notifications/mail-notifications.ts';
import { queuePush } from '../../push/push-notifications.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { conversationsStartedBy, findConversation, startConversation } from './conversations.ts';
import { MESSAGE_COLUMNS, toMessageJson } from './messages.ts';

/**
 * A text longer than the brand's message_length is refused (`message_too_long`). Also holds for the
 * signup message, which becomes a chat message on activation; `field` names the form field then.
 */
export function assertMessageLength(brand: Brand, text: string, field?: string): void {
  const max = brand.message_length;
  if (text.length > max) throw new ApiError('message_too_long', { max }, field ? { field, max } : { max });
}

/** The refusals of `sendMessage`, which every route that sends into a chat declares. */
export const SEND_MESSAGE_ERRORS = [
  'not_found',
  'blocked_by',
  'recipient_not_confirmed',
  'premium_required',
  'insufficient_credits',
] as const satisfies readonly ErrorCode[];

export interface Outgoing {
  kind: 'text' | 'gift' | 'photo';
  text?: string;
  giftId?: string;
  /** The stored files of a chat photo (`storeChatPhoto`). */
  photo?: StoredChatPhoto;
  /** Credits this message costs (message_credits, a gift's price, photo_credits). */
  cost: number;
}

/**
 * Sends one message (spec §1, §5, §6, §8). In one transaction under the sender's lock: the recipient
 * must be reachable and contactable, confirmed, and not blocked either way; a free member starts at
 * most FREE_CONVERSATION_LIMIT conversations; the cost is booked in the ledger only when the balance
 * covers it — so concurrent sends can never spend more than there is. The live events for both members
 * are recorded in the same transaction.
 */
export async function sendMessage(
  services: Services,
  brand: Brand,
  sender: CurrentMember,
  recipientId: number,
  outgoing: Outgoing,
) {
  const recipient = await contactableProfile(services, sender, recipientId);
  const recipientUser = await services.db
    .selectFrom('users')
    .select(['status', 'paid_user'])
    .where('id', '=', recipient.id)
    .executeTakeFirstOrThrow();
  if (recipientUser.status !== 'active')
    throw new ApiError('recipient_not_confirmed', { name: recipient.name }, { name: recipient.name });

  const now = services.now();
  const result = await services.db.transaction().execute(async (trx) => {
    await lockMember(trx, services.engine, sender.id);
    const existing = await findConversation(trx, sender.id, recipient.id);
    if (!existing && !sender.paid_user && (await conversationsStartedBy(trx, sender.id)) >= FREE_CONVERSATION_LIMIT) {
      throw new ApiError('premium_required', {}, { limit: FREE_CONVERSATION_LIMIT, buy_url: '/credits' });
    }
    const balance = await balanceOf(trx, sender.id);
    if (balance < outgoing.cost) {
      throw new ApiError(
        'insufficient_credits',
        // i18next's context picks the gift's and the photo's own sentence (insufficient_credits_gift).
        { name: recipient.name, context: outgoing.kind },
        { name: recipient.name, credits: balance, cost: outgoing.cost, buy_url: '/credits' },
      );
    }
    const conversationId =
      existing ?? (await startConversation(trx, { brand: brand.domain, from: sender.id, to: recipient.id, at: now }));
    const message = await trx
      .insertInto('messages')
      .values({
        conversation_id: conversationId,
        sender_id: sender.id,
        kind: outgoing.kind,
        body: outgoing.text ?? null,
        gift_id: outgoing.giftId ?? null,
        photo_filename: outgoing.photo?.filename ?? null,
        photo_blurred_filename: outgoing.photo?.blurred_filename ?? null,
        created_at: now,
      })
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirstOrThrow();
    if (outgoing.cost > 0) {
      await book(trx, {
        userId: sender.id,
        amount: -outgoing.cost,
        reason: outgoing.kind === 'text' ? 'message' : outgoing.kind,
        ref: `message:${message.id}`,
        at: now,
      });
    }
    await trx.updateTable('conversations').set({ last_message_at: now }).where('id', '=', conversationId).execute();
    // Both members see the chat in their list again if they had deleted it, and the recipient has one
    // more unread message: one statement for the conversation's two member rows.
    await trx
      .updateTable('conversation_members')
      .set((eb) => ({
        unread: eb
          .case()
          .when('member_id', '=', recipient.id)
          .then(eb('unread', '+', 1))
          .else(eb.ref('unread'))
          .end(),
        hidden: 0,
      }))
      .where('conversation_id', '=', conversationId)
      .execute();
    await queueMessageMail(
      trx,
      { conversationId, recipientId: recipient.id, senderId: sender.id, newConversation: !existing },
      now,
      services.config.notificationBatchMs,
    );
    await queuePush(
      services,
      trx,
      { kind: 'message', recipientId: recipient.id, otherId: sender.id, newConversation: !existing },
      now,
    );
    const sent = toMessageJson(message, sender);
    const credits = balance - outgoing.cost;
    // In the same transaction: the members' tabs hear of exactly the messages that were stored.
    await services.events.publishAll(trx, [
      {
        to: recipient.id,
        event: {
          type: 'message',
          conversation_id: conversationId,
          message: toMessageJson(message, { id: recipient.id, paid_user: recipientUser.paid_user }),
        },
      },
      { to: sender.id, event: { type: 'message', conversation_id: conversationId, message: sent } },
      { to: sender.id, event: { type: 'credits', credits } },
    ]);
    return { message: sent, credits };
  });
  return result;
}
