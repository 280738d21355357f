import { z } from 'zod';
import { messageSchema } from './chat.ts';

/**
 * What GET /api/events sends to a member's open tabs; the SSE event name repeats `type`. The server
 * publishes these types and the runtime's live-events store reads them.
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), conversation_id: z.number(), message: messageSchema }),
  z.object({ type: z.literal('like'), profile_id: z.number() }),
  z.object({ type: z.literal('match'), profile_id: z.number() }),
  z.object({ type: z.literal('credits'), credits: z.number() }),
  z.object({ type: z.literal('read'), conversation_id: z.number() }),
  z.object({ type: z.literal('chat-deleted'), conversation_id: z.number() }),
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

export const LIVE_EVENT_TYPES = liveEventSchema.options.map(
  (option) => option.shape.type.value,
) as readonly LiveEventType[];
