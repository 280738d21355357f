import http from 'node:http';
import { liveEventSchema } from '@datekit/runtime';
import type { TestClient } from './http-client.ts';

export interface StreamEvent {
  type: string;
  data: Record<string, unknown>;
}

/** A browser tab's EventSource, over real HTTP with the client's cookies: collects events as they come. */
export function openEventStream(
  client: TestClient,
  port = client.port,
): Promise<{ next(type: string, timeoutMs?: number): Promise<StreamEvent>; close(): void }> {
  return new Promise((resolve, reject) => {
    const events: StreamEvent[] = [];
    const waiting: { type: string; resolve: (e: StreamEvent) => void }[] = [];
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: {
          host: client.host,
          accept: 'text/event-stream',
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`event stream answered ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (!type || !data) continue;
            // Every event must match the schema the browser runtime's live-events store reads.
            liveEventSchema.parse(JSON.parse(data));
            const event = { type, data: JSON.parse(data) as Record<string, unknown> };
            const waiter = waiting.findIndex((w) => w.type === type);
            if (waiter >= 0) waiting.splice(waiter, 1)[0]!.resolve(event);
            else events.push(event);
          }
        });
        resolve({
          next(type, timeoutMs = 2000) {
            const queued = events.findIndex((e) => e.type === type);
            if (queued >= 0) return Promise.resolve(events.splice(queued, 1)[0]!);
            return new Promise((done, fail) => {
              const timer = setTimeout(() => fail(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
              waiting.push({ type, resolve: (e) => (clearTimeout(timer), done(e)) });
            });
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}
