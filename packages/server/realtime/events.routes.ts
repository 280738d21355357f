import { defineRoute } from '../http/define-route.ts';
import type { MemberEvent } from './event-bus.ts';
import { RECONNECT_EVENT } from './open-streams.ts';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for the logged-in member: every open tab gets new messages, likes, matches,
 * credit changes and read state as they happen. Clients fall back to the spec's periodic refresh
 * (5 s, then 60 s / 300 s) while the stream is down; `retry` tells the browser when to reconnect.
 */
export const eventStream = defineRoute({
  method: 'GET',
  url: '/api/events',
  summary: 'Server-sent events for the logged-in member: message, like, match, credits, read, chat-deleted.',
  auth: 'member',
  handler: async ({ request, reply, member, services }) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write('retry: 3000\n\n');
    const send = (event: MemberEvent) => raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    const unsubscribe = services.events.subscribe(member.id, send);
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    // On shutdown the stream says `reconnect` and ends, so the tab moves on and the process can exit.
    const forget = services.streams.add(() => raw.end(RECONNECT_EVENT));
    request.raw.once('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      forget();
    });
    return undefined;
  },
});

export const eventRoutes = [eventStream];
