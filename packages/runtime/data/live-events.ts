/*
 * The live events' names and resume parameter as plain data, apart from their zod schemas
 * (schemas/api/events.ts checks they match), so that browser code listening to the stream does not load zod.
 */

/** Every event name the stream may send. */
export const LIVE_EVENT_TYPES = [
  'message',
  'like',
  'match',
  'credits',
  'read',
  'chat-deleted',
  'typing',
  'seen',
  'session-ended',
  'ready',
  'reset',
  'reconnect',
] as const;

/** The query parameter that carries the last event id when a new EventSource replaces a closed one. */
export const LAST_EVENT_ID_PARAM = 'last_event_id';
