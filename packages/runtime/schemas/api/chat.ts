import { z } from 'zod';
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

/** One entry of GET /api/chats.php (spec §3 chat list item). */
export const chatListItemSchema = z.object({
  conversation: z.object({ id: z.number(), last_message_at: z.string(), last_message: messageSchema.nullable() }),
  profile: profileSchema,
  num_unread_messages: z.number(),
});

export const sendMessageRequestSchema = z.object({
  profile_id: z.number().int().positive(),
  text: z.string().max(10_000),
});

export type Message = z.infer<typeof messageSchema>;
export type ChatListItem = z.infer<typeof chatListItemSchema>;
