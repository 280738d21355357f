import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the listener does with the next request: answer with this status, or never answer ('hang'). */
export type ListenerAnswer = number | 'hang';

export interface PostbackListener {
  /** `http://127.0.0.1:<port>`, for POSTBACK_ENDPOINT_ALLOWLIST. */
  origin: string;
  /** Every request received, oldest first: its path and query, parsed. */
  received: { path: string; query: Record<string, string>; answered: ListenerAnswer }[];
  /** Answers for the next requests, in order; once used up, 200. */
  answers: ListenerAnswer[];
  /** Milliseconds before each answer (the benchmark's slow network). */
  delayMs: number;
  close(): Promise<void>;
}

/** A local affiliate network: a real HTTP server on 127.0.0.1 that records each postback it gets. */
export async function startPostbackListener(): Promise<PostbackListener> {
  const listener: Omit<PostbackListener, 'origin' | 'close'> = { received: [], answers: [], delayMs: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://listener');
    const answer = listener.answers.shift() ?? 200;
    listener.received.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), answered: answer });
    if (answer === 'hang') return;
    setTimeout(() => {
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end(answer < 300 ? 'OK' : 'error');
    }, listener.delayMs);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(listener, {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
