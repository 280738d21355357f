import type { OutgoingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { LAST_EVENT_ID_PARAM } from '@datekit/runtime/data/live-events';
import { defineRoute } from '../http/define-route.ts';
import { eventsAfter, readStreamStart, type StoredEvent, type StreamStart } from './event-store.ts';
import { markStreamsSeen } from '../features/notifications/presence.ts';
import { sanctionError } from '../features/reports/sanctions.ts';
import type { Services } from '../services.ts';
import { RECONNECT_EVENT } from './open-streams.ts';
import { StreamHeartbeat } from './stream-heartbeat.ts';
import { sessionStillValid } from '../features/users/current-member.ts';
import { authenticationRequired } from '../errors/api-error.ts';

/**
 * A comment line every 25 s keeps proxies from closing an idle stream: under nginx's default
 * proxy_read_timeout (60 s), AWS ALB's idle timeout (60 s), Cloudflare's (100 s) and HAProxy's usual
 * `timeout tunnel`/`server` settings (≥ 30 s). The table is read then too (stream-heartbeat.ts).
 */
export const HEARTBEAT_MS = 25_000;

/** One heartbeat per process (per services), shared by all its streams. */
const heartbeats = new WeakMap<Services, StreamHeartbeat>();
function heartbeatOf(services: Services, warn: (error: unknown, what: string) => void): StreamHeartbeat {
  let heartbeat = heartbeats.get(services);
  if (!heartbeat) {
    heartbeat = new StreamHeartbeat({
      db: services.db,
      intervalMs: HEARTBEAT_MS,
      now: () => services.now(),
      markSeen: markStreamsSeen,
      warn,
    });
    heartbeats.set(services, heartbeat);
  }
  return heartbeat;
}

/**
 * Resolves once the members of the streams open in this process are recorded as present (the
 * heartbeat writes a new stream's presence within PRESENCE_FLUSH_MS, not before the answer begins).
 */
export function presenceWritten(services: Services): Promise<void> {
  return heartbeats.get(services)?.presenceWritten() ?? Promise.resolve();
}

/** The event after which a stream ends, if its session is indeed over (see `sessionStillValid`). */
const SESSION_ENDED = 'session-ended';

/** Events read from the table per query while a stream catches up. */
const BATCH = 200;

/** A `Last-Event-ID`: the id of an event, 0 for "none yet". Anything else cannot be resumed from. */
function parseEventId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * Server-sent events for the logged-in member, read from the `member_events` table: every event has
 * an `id:` line, and a tab that reconnects with `Last-Event-ID` (the header the browser sends on its
 * own reconnects, or the `last_event_id` query parameter for a new EventSource) first gets every event
 * after that id, then the live ones: the stream reads the table after its last id whenever the bus
 * says the member has new events, and at every heartbeat. One reader per stream with one cursor, so
 * no event is sent twice and none is skipped. A stream starts with a `ready` event whose id is where
 * it starts (the newest event for a new stream), so even its first reconnect resumes; an id that is no
 * longer kept gets a `reset` event instead (the tab reloads its state). The response begins only once the starting point is fixed: whatever commits
 * after the client sees the answer is delivered.
 */
export const eventStream = defineRoute({
  method: 'GET',
  url: '/api/events',
  summary:
    'Server-sent events for the logged-in member: ready, then message, like, match, credits, read, chat-deleted, session-ended (each with an id; the stream ends after session-ended); reset, reconnect. Resumes after Last-Event-ID (header, or the last_event_id query parameter).',
  auth: 'member',
  query: z.object({ [LAST_EVENT_ID_PARAM]: z.string().optional() }),
  handler: async ({ request, reply, member, services, query, locale }) => {
    // Reads only, each one statement: on SQLite the read connection, never queued behind a send.
    const db = services.reads;
    const asked = request.headers['last-event-id'] ?? query[LAST_EVENT_ID_PARAM];
    const resumeFrom = asked === undefined ? null : parseEventId(asked);
    // The last id sent to this tab.
    let cursor = 0;

    let closed = false;
    // Forgets the stream everywhere (bus, heartbeat, open streams); set once the stream is registered.
    let finish = (): void => {
      closed = true;
    };
    // The opening read counts as a read in progress: a wake-up meanwhile asks for one more read.
    let reading = true;
    let again = false;
    /**
     * Sends `first` (rows read by the opening statement, whose session was valid), then reads the table
     * after the cursor for as long as wake-ups ask for more.
     */
    const readOn = async (first?: StoredEvent[]): Promise<void> => {
      reading = true;
      try {
        let batch = first;
        do {
          again = false;
          let rows = batch ?? (await eventsAfter(db, member.id, cursor, BATCH));
          const opening = batch !== undefined;
          batch = undefined;
          if (closed) return;
          // Nothing new; a wake-up during the read (`again`) reads once more.
          if (rows.length === 0) continue;
          const full = rows.length === BATCH;
          const lastId = rows.at(-1)!.id;
          const endedAt = rows.findIndex((row) => row.type === SESSION_ENDED);
          // The opening statement read the rows and the session in one snapshot: a session valid
          // there makes any `session-ended` among them an old one.
          const ends = endedAt >= 0 && !opening && !(await sessionStillValid(services, member.sessionTokenHash));
          if (closed) return;
          // An old `session-ended` (a tab resuming after the member was let back in) is not passed on.
          if (endedAt >= 0 && !ends) rows = rows.filter((row) => row.type !== SESSION_ENDED);
          else if (ends) rows = rows.slice(0, endedAt + 1);
          if (rows.length > 0)
            raw.write(rows.map((row) => `id: ${row.id}\nevent: ${row.type}\ndata: ${row.payload}\n\n`).join(''));
          if (ends) {
            // The session is over: the tab hears it, then the stream ends.
            finish();
            raw.end();
            return;
          }
          cursor = lastId;
          if (full) again = true;
        } while (again);
      } catch (error) {
        // The database is unreachable: end the stream; the browser reconnects with its Last-Event-ID.
        request.log.warn({ err: error }, 'event stream read failed');
        raw.end();
      } finally {
        reading = false;
      }
    };
    const pump = (): void => {
      if (closed) return;
      if (reading) again = true;
      else void readOn();
    };
    // Subscribed before the starting point is read: a wake-up in between only triggers one more read.
    const unsubscribe = services.events.subscribe(member.id, pump);
    let start: StreamStart;
    try {
      // One statement: the starting point, the session's state and the first events, in one snapshot.
      start = await readStreamStart(db, {
        memberId: member.id,
        tokenHash: member.sessionTokenHash,
        now: services.now(),
        resumeFrom,
        limit: BATCH,
      });
      cursor = start.resumable ? resumeFrom! : start.latestId;
      // A ban, sign-out or deletion that committed after the session was checked and before the
      // starting point was read is not after the cursor: its `session-ended` would never reach this
      // stream. Read with the starting point, the session says so, and the request gets the answer
      // any later request of it would (read here, not from a cache of sessions).
      if (!start.session) throw authenticationRequired();
      const sanctioned = sanctionError(start.session, locale, services.now());
      if (sanctioned) throw sanctioned;
    } catch (error) {
      unsubscribe();
      throw error;
    }

    reply.hijack();
    const raw = reply.raw;
    // A hijacked reply is written by hand: the headers set on it so far (request id, security set) too.
    raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    // An id that cannot be resumed from (pruned, another member's, malformed): the tab reloads its state.
    const opening = asked !== undefined && !start.resumable ? 'reset' : 'ready';
    // One write with the headers: every write is a system call, and a stream opens on every page view.
    raw.write(`retry: 3000\nid: ${cursor}\nevent: ${opening}\ndata: {"type":"${opening}"}\n\n`);
    // The heartbeat also records the member as present (a tab open, for every instance to see), in
    // its next batch: within PRESENCE_FLUSH_MS of the first new stream, not one write per open.
    const stopBeating = heartbeatOf(services, (err, what) => request.log.warn({ err }, what)).add({
      memberId: member.id,
      ping: () => raw.write(': ping\n\n'),
      pump,
      cursor: () => cursor,
    });
    // On shutdown the stream says `reconnect` and ends, so the tab moves on and the process can exit.
    const forget = services.streams.add(() => raw.end(RECONNECT_EVENT));
    finish = () => {
      closed = true;
      stopBeating();
      unsubscribe();
      forget();
    };
    request.raw.once('close', finish);
    await readOn(start.events);
    return undefined;
  },
});

export const eventRoutes = [eventStream];
