import { z } from 'zod';
import { GIFT_IDS } from '../../data/gifts.ts';
import { profileSchema } from './user.ts';

export const messageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  sender_id: z.number(),
  kind: z.enum(['text', 'gift', 'photo']),
  text: z.string().nullable(),
  gift: z.string().nullable(),
  photo: z.string().nullable(),
  /** The photo is the blurred version: premium members see it in full. */
  photo_locked: z.boolean(),
  sent_at: z.string(),
});

/**
 * Whether the other member is around: `online` (a tab open now), `today` (one was open within the last
 * 24 hours), or null: longer ago, or never shown (an invisible member, or one who hides it).
 */
export const presenceSchema = z.enum(['online', 'today']).nullable();

/** One entry of GET /api/chats.php (spec §3 chat list item). */
export const chatListItemSchema = z.object({
  conversation: z.object({ id: z.number(), last_message_at: z.string(), last_message: messageSchema.nullable() }),
  profile: profileSchema,
  num_unread_messages: z.number(),
  presence: presenceSchema,
});

/** GET /api/chats.php: the member's conversations, newest first, and the total of unread messages. */
export const chatsResponseSchema = z.object({ chats: z.array(chatListItemSchema), total_unread: z.number() });

/** GET /api/chat.php: one conversation, its other member and a page of its messages, oldest first. */
export const conversationResponseSchema = z.object({
  conversation: z.object({ id: z.number() }),
  profile: profileSchema,
  messages: z.array(messageSchema),
  has_more: z.boolean(),
  history_limit: z.number(),
  presence: presenceSchema,
  /** The newest message the other member has had on screen (read receipts); null before they read any. */
  seen_message_id: z.number().nullable(),
});

/** POST /api/chat-typing.php: the member is typing in one of their conversations. */
export const typingRequestSchema = z.object({ conversation_id: z.number().int().positive() });

/**
 * POST /api/chat-read.php: the member had the conversation's messages up to `message_id` (one of its
 * messages, usually the newest on screen) in view. The same names as the `seen` event it causes.
 */
export const chatReadRequestSchema = z.object({
  conversation_id: z.number().int().positive(),
  message_id: z.number().int().positive(),
});

/** POST /api/message.php, /api/gift.php and /api/chat-photo.php: the message sent and the new balance. */
export const sentMessageResponseSchema = z.object({ message: messageSchema, credits: z.number() });

/** GET /api/gifts.php: each gift named in the visitor's language, priced for the brand. */
export const giftsResponseSchema = z.object({
  gifts: z.array(z.object({ id: z.enum(GIFT_IDS), name: z.string(), price: z.number() })),
});

/** GET /api/icebreakers.php: opening lines in the visitor's language. */
export const icebreakersResponseSchema = z.object({ icebreakers: z.array(z.string()) });

export const sendMessageRequestSchema = z.object({
  profile_id: z.number().int().positive(),
  text: z.string().max(10_000),
});

export type Message = z.infer<typeof messageSchema>;
export type ChatReadRequest = z.infer<typeof chatReadRequestSchema>;
export type Presence = z.infer<typeof presenceSchema>;
export type ChatListItem = z.infer<typeof chatListItemSchema>;
