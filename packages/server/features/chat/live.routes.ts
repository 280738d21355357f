import { defineRoute } from '../../http/define-route.ts';
import { chatReadRoute, typingRoute } from '@datekit/runtime/schemas/api/contracts/chat';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';
import { livePartner } from './chat-live.ts';
import { markReadUpTo } from './read.ts';

/**
 * Tells the other member of a conversation that the member is typing, as a live event on their
 * stream (no polling). The chat sends it at most every TYPING_SEND_INTERVAL_MS while the member types;
 * the other tab shows it for TYPING_SHOWN_MS. Nothing reaches a member who blocked or was blocked.
 */
export const sendTyping = defineRoute({
  contract: typingRoute,
  rateLimit: RATE_LIMITS.typing,
  summary:
    'You are typing in one of your conversations: the other member sees "is typing" for a few seconds. Refused (not_found) where blocking or a gone member forbid chatting.',
  auth: 'member',
  errors: ['not_found'],
  handler: async ({ body, member, services }) => {
    const partner = await livePartner(services.db, member.id, body.conversation_id);
    await services.events.publish(services.db, partner, {
      type: 'typing',
      conversation_id: body.conversation_id,
      profile_id: member.id,
      sent_at: new Date(services.now()).toISOString(),
    });
    return { ok: true as const };
  },
});

/**
 * The open conversation acknowledges what arrived on screen: the client's one way to mark a chat read,
 * instead of fetching its messages again. GET /api/chat.php still marks what it answers read (spec §4:
 * opening a chat resets its unread counter), but no client flow relies on it.
 */
export const readChatUpTo = defineRoute({
  contract: chatReadRoute,
  summary:
    "You had one of your conversations on screen up to one of its messages: your unread counter keeps only the other member's newer messages, and the other member gets the read receipt. Repeating it changes nothing; a message not in the conversation, or someone else's conversation, is not_found.",
  auth: 'member',
  errors: ['not_found'],
  handler: async ({ body, member, services }) => {
    await markReadUpTo(services, member.id, body.conversation_id, body.message_id);
    return { ok: true as const };
  },
});

export const chatLiveRoutes = [sendTyping, readChatUpTo];
