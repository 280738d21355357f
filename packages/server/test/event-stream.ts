import http from 'node:http';
import { liveEventSchema } from '@datekit/runtime/schemas/api/events';
import type { TestClient } from './http-client.ts';

export interface StreamEvent {
  type: string;
  data: Record<string, unknown>;
  /** The `id:` line of the event, when it had one. */
  id?: number;
}

export interface EventStream {
  /** The next event of this type (earlier ones of other types stay queued). */
  next(type: string, timeoutMs?: number): Promise<StreamEvent>;
  /** The id the browser would send as Last-Event-ID on its next reconnect. */
  lastEventId(): string | undefined;
  /** Every event received so far, in order. */
  readonly received: StreamEvent[];
  /** Resolves when the server ends the stream (not when `close` is called). */
  readonly ended: Promise<void>;
  /** Whether the server has ended the stream. */
  isEnded(): boolean;
  /** The headers the stream's answer began with. */
  readonly headers: http.IncomingHttpHeaders;
  close(): void;
}

/** One event of a text/event-stream, its fields as written (each undefined when its line is absent). */
export interface ServerSentEvent {
  /** The `id:` line's value; an empty `id:` line counts too (EventSource then forgets the last id). */
  id: string | undefined;
  type: string | undefined;
  data: string | undefined;
}

/**
 * A text/event-stream reader for the test tabs: feed it the answer's chunks (utf8 strings); it calls
 * `onEvent` for each complete event (events end at a blank line, and a chunk may hold part of one).
 */
export function serverSentEvents(onEvent: (event: ServerSentEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onEvent({
        id: /^id: ?(.*)$/m.exec(block)?.[1],
        type: /^event: (.+)$/m.exec(block)?.[1],
        data: /^data: (.+)$/m.exec(block)?.[1],
      });
    }
  };
}

/**
 * A browser tab's EventSource, over real HTTP with the client's cookies: collects events as they come
 * and keeps the last event id the way EventSource does (an `id:` line counts even without data).
 * Resolves once the server answered 200, i.e. once the stream's starting point is fixed.
 */
export function openEventStream(
  client: Pick<TestClient, 'port' | 'host' | 'cookies'>,
  port = client.port,
  options: { lastEventId?: string; query?: string } = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const queued: StreamEvent[] = [];
    const received: StreamEvent[] = [];
    const waiting: { type: string; resolve: (e: StreamEvent) => void }[] = [];
    let lastId: string | undefined;
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/events${options.query ? `?${options.query}` : ''}`,
        headers: {
          host: client.host,
          accept: 'text/event-stream',
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(options.lastEventId !== undefined ? { 'last-event-id': options.lastEventId } : {}),
        },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`event stream answered ${res.statusCode}`));
        let serverEnded = false;
        const ended = new Promise<void>((done) =>
          res.once('end', () => {
            serverEnded = true;
            done();
          }),
        );
        res.setEncoding('utf8');
        res.on(
          'data',
          serverSentEvents(({ id, type, data }) => {
            if (id !== undefined) lastId = id;
            if (!type || !data) return;
            // Every event must match the schema the browser runtime's live-events store reads.
            liveEventSchema.parse(JSON.parse(data));
            const event: StreamEvent = {
              type,
              data: JSON.parse(data) as Record<string, unknown>,
              ...(id !== undefined ? { id: Number(id) } : {}),
            };
            received.push(event);
            const waiter = waiting.findIndex((w) => w.type === type);
            if (waiter >= 0) waiting.splice(waiter, 1)[0]!.resolve(event);
            else queued.push(event);
          }),
        );
        resolve({
          headers: res.headers,
          next(type, timeoutMs = 2000) {
            const index = queued.findIndex((e) => e.type === type);
            if (index >= 0) return Promise.resolve(queued.splice(index, 1)[0]!);
            return new Promise((done, fail) => {
              const timer = setTimeout(() => fail(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
              waiting.push({ type, resolve: (e) => (clearTimeout(timer), done(e)) });
            });
          },
          lastEventId: () => lastId,
          received,
          ended,
          isEnded: () => serverEnded,
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}
