import { z } from 'zod';
import type { LIVE_EVENT_TYPES } from '../../data/live-events.ts';
import { messageSchema } from './chat.ts';

/**
 * What GET /api/events sends to a member's open tabs. Each event is one server-sent event whose name
 * repeats `type`; events about the member's data carry an `id:` line, so a reconnecting tab resumes
 * after the last one it received (`Last-Event-ID`).
 */
export const memberEventSchema = z.discriminatedUnion('type', [
  /** A message in one of the member's conversations, sent or received, as that member sees it. */
  z.object({ type: z.literal('message'), conversation_id: z.number(), message: messageSchema }),
  z.object({ type: z.literal('like'), profile_id: z.number() }),
  z.object({ type: z.literal('match'), profile_id: z.number() }),
  /** The member's new balance; `paid_user` when a first purchase just made the member premium. */
  z.object({ type: z.literal('credits'), credits: z.number(), paid_user: z.literal(true).optional() }),
  /** The member opened the conversation in some tab: its unread counter is back to 0. */
  z.object({ type: z.literal('read'), conversation_id: z.number() }),
  z.object({ type: z.literal('chat-deleted'), conversation_id: z.number() }),
  /**
   * The other member of a conversation is typing (sent at most every few seconds while they type);
   * the indicator lasts TYPING_SHOWN_MS after the last one. `sent_at` lets a tab that reconnects skip
   * old ones.
   */
  z.object({ type: z.literal('typing'), conversation_id: z.number(), profile_id: z.number(), sent_at: z.string() }),
  /** The other member of a conversation had its messages up to `message_id` on screen (read receipt). */
  z.object({ type: z.literal('seen'), conversation_id: z.number(), message_id: z.number() }),
  /**
   * The member's sessions ended (a ban or suspension): the stream ends right after this event, and the
   * tab asks who is logged in (the answer leads to /pages/ban) instead of reconnecting.
   */
  z.object({ type: z.literal('session-ended') }),
]);

/**
 * What the stream itself says, about no data of the member's: `ready` first, with the id the stream
 * starts after (so a tab knows an id to resume from before any event came); `reset` instead of `ready`
 * when the events after the tab's `Last-Event-ID` are no longer kept (the tab reloads its state);
 * `reconnect` when this server is going away (the tab opens a new stream, which a load balancer sends
 * to another instance, resuming after its last id).
 */
export const streamControlEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('reset') }),
  z.object({ type: z.literal('reconnect') }),
]);

export const liveEventSchema = z.union([memberEventSchema, streamControlEventSchema]);

export type MemberEvent = z.infer<typeof memberEventSchema>;
export type StreamControlEvent = z.infer<typeof streamControlEventSchema>;
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

// The names the browser listens for live apart from zod; this checks they are exactly the schema's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameEventTypes: Same<(typeof LIVE_EVENT_TYPES)[number], LiveEvent['type']> = true;
void sameEventTypes;
