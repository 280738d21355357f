import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import {
  chatsRoute,
  conversationRoute,
  deleteConversationRoute,
  messageRoute,
} from '@datekit/runtime/schemas/api/contracts/chat';
import type { Services } from '../../services.ts';
import { toProfileJson } from '../users/user-json.ts';
import {
  conversationMembership,
  conversationsWithLastMessage,
  hideConversation,
  historyBoundary,
  messagesNewestFirst,
  newestMessageId,
  partnerProfile,
  partnerProfiles,
} from './chat.queries.ts';
import { presenceFromRow } from './chat-live.ts';
import { toMessageJson } from './messages.ts';
import { markReadUpTo } from './read.ts';
import { assertMessageLength, SEND_MESSAGE_ERRORS, sendMessage } from './send-message.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';

/**
 * How far back a conversation shows (spec §9: a chat history limit exists, older messages hidden):
 * the newest 200 messages, 50 a page.
 */
export const CHAT_HISTORY_LIMIT = 200;
export const CHAT_PAGE_SIZE = 50;

export const listChats = defineRoute({
  contract: chatsRoute,
  summary: 'Your conversations, newest first, with the other member, the last message and the unread count.',
  auth: 'member',
  handler: async ({ member, services }) => {
    // Two queries for any number of chats: the conversations with their last message, then the profiles.
    const rows = await conversationsWithLastMessage(services.reads, member.id);
    const otherId = (r: (typeof rows)[number]) => (r.member_a === member.id ? r.member_b : r.member_a);
    const profiles = rows.length ? await partnerProfiles(services.reads, member.id) : [];
    const byId = new Map(profiles.map((p) => [p.id, p]));
    const now = services.now();
    const chats = rows
      .filter((r) => byId.has(otherId(r)))
      .map((r) => ({
        conversation: {
          id: r.id,
          last_message_at: new Date(r.last_message_at).toISOString(),
          last_message:
            r.m_id !== null && (r.cleared_at === null || r.m_created_at! > r.cleared_at)
              ? toMessageJson(
                  {
                    id: r.m_id,
                    conversation_id: r.id,
                    sender_id: r.sender_id!,
                    kind: r.kind!,
                    body: r.body,
                    gift_id: r.gift_id,
                    photo_filename: r.photo_filename,
                    photo_blurred_filename: r.photo_blurred_filename,
                    created_at: r.m_created_at!,
                  },
                  member,
                )
              : null,
        },
        profile: toProfileJson(byId.get(otherId(r))!, now),
        num_unread_messages: r.unread,
        presence: presenceFromRow(byId.get(otherId(r))!, now),
      }));
    return { chats, total_unread: chats.reduce((sum, c) => sum + c.num_unread_messages, 0) };
  },
});

async function membership(services: Services, memberId: number, conversationId: number) {
  const row = await conversationMembership(services.db, memberId, conversationId);
  // Someone else's conversation is answered exactly like one that does not exist.
  if (!row) throw new ApiError('not_found');
  return row;
}

/** Opening the conversation reads it up to its newest message (the spec's side effect of the GET). */
async function markNewestRead(services: Services, memberId: number, conversationId: number) {
  const newest = await newestMessageId(services.db, conversationId);
  if (newest) await markReadUpTo(services, memberId, conversationId, newest);
}

export const readChat = defineRoute({
  contract: conversationRoute,
  summary: `One conversation: the other member and its messages, newest last, ${CHAT_PAGE_SIZE} a page (before: an older message id) within the newest ${CHAT_HISTORY_LIMIT}. Opening it sets its unread counter to 0.`,
  auth: 'member',
  errors: ['not_found'],
  handler: async ({ query, member, services }) => {
    const chat = await membership(services, member.id, query.id);
    const otherId = chat.member_a === member.id ? chat.member_b : chat.member_a;
    const since = chat.cleared_at ?? -1;
    // The oldest message still inside the history limit; anything older stays hidden.
    const boundary = await historyBoundary(services.reads, chat.id, since, CHAT_HISTORY_LIMIT);
    const [rows, other] = await Promise.all([
      messagesNewestFirst(services.reads, chat.id, {
        since,
        fromId: boundary,
        beforeId: query.before,
        size: CHAT_PAGE_SIZE + 1,
      }),
      partnerProfile(services.reads, member.id, otherId),
      chat.unread > 0 ? markNewestRead(services, member.id, chat.id) : undefined,
    ]);
    if (!other) throw new ApiError('not_found');
    const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
    return {
      conversation: { id: chat.id },
      profile: toProfileJson(other, services.now()),
      messages: page.map((m) => toMessageJson(m, member)),
      has_more: rows.length > CHAT_PAGE_SIZE,
      history_limit: CHAT_HISTORY_LIMIT,
      presence: presenceFromRow(other, services.now()),
      seen_message_id: chat.seen_message_id,
    };
  },
});

export const sendTextMessage = defineRoute({
  contract: messageRoute,
  rateLimit: RATE_LIMITS.messages,
  summary:
    "Send a text message to a member (starts the conversation when there is none). Costs the brand's message_credits; refused without enough credits, above message_length, to an unconfirmed member, and where blocking or invisibility forbid it.",
  auth: 'member',
  errors: ['message_empty', 'message_too_long', ...SEND_MESSAGE_ERRORS],
  status: 201,
  idempotent: true,
  handler: async ({ body, member, brand, services }) => {
    const text = body.text.trim();
    if (!text) throw new ApiError('message_empty');
    assertMessageLength(brand, text);
    return sendMessage(services, brand, member, body.profile_id, { kind: 'text', text, cost: brand.message_credits });
  },
});

export const deleteChat = defineRoute({
  contract: deleteConversationRoute,
  summary:
    'Delete a conversation from your list (spec §4): its messages so far are gone for you; a new message brings it back.',
  auth: 'member',
  errors: ['not_found'],
  handler: async ({ body, member, services }) => {
    const chat = await membership(services, member.id, body.conversation.id);
    await services.db.transaction().execute(async (trx) => {
      await hideConversation(trx, member.id, chat.id, services.now());
      await services.events.publish(trx, member.id, { type: 'chat-deleted', conversation_id: chat.id });
    });
    return { ok: true as const };
  },
});

export const chatRoutes = [listChats, readChat, sendTextMessage, deleteChat];
