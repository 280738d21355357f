import { LAST_EVENT_ID_PARAM } from '../data/live-events.ts';

/** The stream's URL; a new EventSource resumes after `lastEventId` (the browser's own reconnects send the header). */
export function eventStreamUrl(lastEventId: string | undefined): string {
  return lastEventId ? `/api/events?${LAST_EVENT_ID_PARAM}=${encodeURIComponent(lastEventId)}` : '/api/events';
}
