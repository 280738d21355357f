import { z } from 'zod';
import {
  chatsResponseSchema,
  conversationResponseSchema,
  okResponseSchema,
  sendMessageRequestSchema,
  sentMessageResponseSchema,
  routeIdSchema,
} from '@datekit/runtime';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import type { Services } from '../../services.ts';
import { visibleTo, type Visibility } from '../members/visible-to.ts';
import { selectProfiles } from '../users/member-row.ts';
import { toProfileJson } from '../users/user-json.ts';
import { PRESENCE_COLUMNS, presenceFromRow } from './chat-live.ts';
import { toMessageJson } from './messages.ts';
import { markReadUpTo } from './read.ts';
import { assertMessageLength, sendMessage } from './send-message.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';

/**
 * How far back a conversation shows (spec §9: a chat history limit exists, older messages hidden):
 * the newest 200 messages, 50 a page.
 */
export const CHAT_HISTORY_LIMIT = 200;
export const CHAT_PAGE_SIZE = 50;

/**
 * How a conversation shows its other member: whatever their profile's status or invisible mode
 * (partners still see an invisible member, spec §6; `selectProfiles` leaves out those pending
 * deletion or sanctioned); a conversation keeps to its brand. Blocking deletes the conversation.
 */
const PARTNER: Visibility = { brand: null, activeOnly: false, hideInvisible: false, hideBlocked: true };

export const listChats = defineRoute({
  method: 'GET',
  url: '/api/chats.php',
  summary: 'Your conversations, newest first, with the other member, the last message and the unread count.',
  auth: 'member',
  response: chatsResponseSchema,
  handler: async ({ member, services }) => {
    // Two queries for any number of chats: the conversations with their last message, then the profiles.
    const rows = await services.db
      .selectFrom('conversation_members as cm')
      .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
      .leftJoin('messages as m', (join) =>
        join.onRef('m.conversation_id', '=', 'c.id').on((eb) =>
          eb(
            'm.id',
            '=',
            eb
              .selectFrom('messages as last')
              .select((l) => l.fn.max('last.id').as('id'))
              .whereRef('last.conversation_id', '=', 'c.id'),
          ),
        ),
      )
      .select([
        'c.id',
        'c.member_a',
        'c.member_b',
        'c.last_message_at',
        'cm.unread',
        'cm.cleared_at',
        'm.id as m_id',
        'm.sender_id',
        'm.kind',
        'm.body',
        'm.gift_id',
        'm.photo_filename',
        'm.photo_blurred_filename',
        'm.created_at as m_created_at',
      ])
      .where('cm.member_id', '=', member.id)
      .where('cm.hidden', '=', 0)
      .orderBy('c.last_message_at', 'desc')
      .execute();
    const otherId = (r: (typeof rows)[number]) => (r.member_a === member.id ? r.member_b : r.member_a);
    const profiles = rows.length
      ? await selectProfiles(services.db)
          .leftJoin('member_presence as mp', 'mp.user_id', 'p.id')
          .select(PRESENCE_COLUMNS)
          .where('p.id', 'in', rows.map(otherId))
          .where((eb) => visibleTo(eb, member.id, PARTNER))
          .execute()
      : [];
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
  const row = await services.db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .innerJoin('conversation_members as partner', (join) =>
      join.onRef('partner.conversation_id', '=', 'c.id').on('partner.member_id', '!=', memberId),
    )
    .select(['c.id', 'c.member_a', 'c.member_b', 'cm.cleared_at', 'cm.unread', 'partner.seen_message_id'])
    .where('cm.conversation_id', '=', conversationId)
    .where('cm.member_id', '=', memberId)
    .executeTakeFirst();
  // Someone else's conversation is answered exactly like one that does not exist.
  if (!row) throw new ApiError('not_found');
  return row;
}

/** Opening the conversation reads it up to its newest message (the spec's side effect of the GET). */
async function markNewestRead(services: Services, memberId: number, conversationId: number) {
  const newest = await services.db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  if (newest?.id) await markReadUpTo(services, memberId, conversationId, newest.id);
}

export const readChat = defineRoute({
  method: 'GET',
  url: '/api/chat.php',
  summary: `One conversation: the other member and its messages, newest last, ${CHAT_PAGE_SIZE} a page (before: an older message id) within the newest ${CHAT_HISTORY_LIMIT}. Opening it sets its unread counter to 0.`,
  auth: 'member',
  errors: ['not_found'],
  query: z.object({ id: routeIdSchema, before: routeIdSchema.optional() }),
  response: conversationResponseSchema,
  handler: async ({ query, member, services }) => {
    const chat = await membership(services, member.id, query.id);
    const otherId = chat.member_a === member.id ? chat.member_b : chat.member_a;
    const since = chat.cleared_at ?? -1;
    // The oldest message still inside the history limit; anything older stays hidden.
    const boundary = await services.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', chat.id)
      .where('created_at', '>', since)
      .orderBy('id', 'desc')
      .offset(CHAT_HISTORY_LIMIT - 1)
      .limit(1)
      .executeTakeFirst();
    const [rows, other] = await Promise.all([
      services.db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', chat.id)
        .where('created_at', '>', since)
        .$if(Boolean(boundary), (q) => q.where('id', '>=', boundary!.id))
        .$if(query.before !== undefined, (q) => q.where('id', '<', query.before!))
        .orderBy('id', 'desc')
        .limit(CHAT_PAGE_SIZE + 1)
        .execute(),
      selectProfiles(services.db)
        .leftJoin('member_presence as mp', 'mp.user_id', 'p.id')
        .select(PRESENCE_COLUMNS)
        .where('p.id', '=', otherId)
        .where((eb) => visibleTo(eb, member.id, PARTNER))
        .executeTakeFirst(),
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
  method: 'POST',
  url: '/api/message.php',
  rateLimit: RATE_LIMITS.messages,
  summary:
    "Send a text message to a member (starts the conversation when there is none). Costs the brand's message_credits; refused without enough credits, above message_length, to an unconfirmed member, and where blocking or invisibility forbid it.",
  auth: 'member',
  errors: [
    'message_empty',
    'message_too_long',
    'not_found',
    'blocked_by',
    'recipient_not_confirmed',
    'premium_required',
    'insufficient_credits',
  ],
  body: sendMessageRequestSchema,
  response: sentMessageResponseSchema,
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
  method: 'DELETE',
  url: '/api/chat.php',
  summary:
    'Delete a conversation from your list (spec §4): its messages so far are gone for you; a new message brings it back.',
  auth: 'member',
  errors: ['not_found'],
  body: z.object({ conversation: z.object({ id: z.number().int().positive() }) }),
  response: okResponseSchema,
  handler: async ({ body, member, services }) => {
    const chat = await membership(services, member.id, body.conversation.id);
    await services.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('conversation_members')
        .set({ hidden: 1, unread: 0, cleared_at: services.now() })
        .where('conversation_id', '=', chat.id)
        .where('member_id', '=', member.id)
        .execute();
      await services.events.publish(trx, member.id, { type: 'chat-deleted', conversation_id: chat.id });
    });
    return { ok: true as const };
  },
});

export const chatRoutes = [listChats, readChat, sendTextMessage, deleteChat];
