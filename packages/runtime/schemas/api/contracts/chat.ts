import { z } from 'zod';
import { contract } from '../../../api/contract.ts';
import { GIFT_IDS } from '../../../data/gifts.ts';
import {
  chatReadRequestSchema,
  chatsResponseSchema,
  conversationResponseSchema,
  giftsResponseSchema,
  icebreakersResponseSchema,
  sendMessageRequestSchema,
  sentMessageResponseSchema,
  typingRequestSchema,
} from '../chat.ts';
import { okResponseSchema } from '../ok.ts';
import { routeIdSchema } from '../route-id.ts';

export const chatsRoute = contract({ method: 'GET', path: '/api/chats.php', response: chatsResponseSchema });

/** A page of one conversation: the newest messages, or those before the message `before`. */
export const conversationRoute = contract({
  method: 'GET',
  path: '/api/chat.php',
  query: z.object({ id: routeIdSchema, before: routeIdSchema.optional() }),
  response: conversationResponseSchema,
});

export const deleteConversationRoute = contract({
  method: 'DELETE',
  path: '/api/chat.php',
  body: z.object({ conversation: z.object({ id: z.number().int().positive() }) }),
  response: okResponseSchema,
});

export const messageRoute = contract({
  method: 'POST',
  path: '/api/message.php',
  body: sendMessageRequestSchema,
  response: sentMessageResponseSchema,
});

export const giftsRoute = contract({ method: 'GET', path: '/api/gifts.php', response: giftsResponseSchema });

export const giftRoute = contract({
  method: 'POST',
  path: '/api/gift.php',
  body: z.object({ profile_id: z.number().int().positive(), gift_id: z.enum(GIFT_IDS) }),
  response: sentMessageResponseSchema,
});

/**
 * A photo into a conversation. The body is the image itself (multipart), which `api().call` does not
 * send: `stores/conversation.ts` uploads it with `fetch` to `chatPhotoRoute.path`.
 */
export const chatPhotoRoute = contract({
  method: 'POST',
  path: '/api/chat-photo.php',
  query: z.object({ profile_id: routeIdSchema }),
  response: sentMessageResponseSchema,
});

export const icebreakersRoute = contract({
  method: 'GET',
  path: '/api/icebreakers.php',
  response: icebreakersResponseSchema,
});

export const typingRoute = contract({
  method: 'POST',
  path: '/api/chat-typing.php',
  body: typingRequestSchema,
  response: okResponseSchema,
});

export const chatReadRoute = contract({
  method: 'POST',
  path: '/api/chat-read.php',
  body: chatReadRequestSchema,
  response: okResponseSchema,
});
