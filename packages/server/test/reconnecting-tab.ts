import http from 'node:http';
import { serverSentEvents } from './event-stream.ts';

export interface ReconnectingTabOptions {
  /** What EventSource waits before reconnecting (the stream's `retry:`); 100 ms unless given. */
  retryMs?: number;
  /** Reconnections wait for this too (a drill that wants every message since a cut to come by replay). */
  gate?: Promise<void>;
}

/**
 * A browser tab's EventSource over real HTTP: whenever its stream ends or cannot be opened (the server
 * ended it because the database went away or the process was killed, or answered 503), it reconnects
 * after `retryMs` with its Last-Event-ID, as the browser does. Counts the chat messages it receives by
 * id, with when each came first, so a test can tell lost from duplicated from late.
 */
export class ReconnectingTab {
  /** Times each message id was received. */
  readonly counts = new Map<number, number>();
  /** When each message id was first received (ms since the epoch). */
  readonly firstReceivedAt = new Map<number, number>();
  reconnects = 0;
  private lastEventId: string | undefined;
  private request: http.ClientRequest | undefined;
  private closed = false;
  private waiters: (() => void)[] = [];
  private connectedOnce!: () => void;
  /** Resolves at the first `ready` event. */
  readonly connected = new Promise<void>((resolve) => (this.connectedOnce = resolve));

  private readonly retryMs: number;
  private readonly gate: Promise<void>;

  private readonly port: number;
  private readonly host: string;
  private readonly cookie: string;

  constructor(port: number, host: string, cookie: string, options: ReconnectingTabOptions = {}) {
    this.port = port;
    this.host = host;
    this.cookie = cookie;
    this.retryMs = options.retryMs ?? 100;
    this.gate = options.gate ?? Promise.resolve();
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    let retried = false;
    const retry = () => {
      if (this.closed || retried) return;
      retried = true;
      this.reconnects += 1;
      void this.gate.then(() => setTimeout(() => this.connect(), this.retryMs));
    };
    const req = http.get(
      {
        host: '127.0.0.1',
        port: this.port,
        path: '/api/events',
        headers: {
          host: this.host,
          cookie: this.cookie,
          accept: 'text/event-stream',
          ...(this.lastEventId !== undefined ? { 'last-event-id': this.lastEventId } : {}),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.on('end', retry);
          return;
        }
        res.setEncoding('utf8');
        res.on(
          'data',
          serverSentEvents(({ id, type, data }) => {
            if (id !== undefined) this.lastEventId = id;
            if (type === 'ready') this.connectedOnce();
            if (type !== 'message') return;
            const messageId = (JSON.parse(data!) as { message: { id: number } }).message.id;
            this.counts.set(messageId, (this.counts.get(messageId) ?? 0) + 1);
            if (!this.firstReceivedAt.has(messageId)) this.firstReceivedAt.set(messageId, Date.now());
            for (const waiter of this.waiters.splice(0)) waiter();
          }),
        );
        res.on('close', retry);
      },
    );
    req.on('error', retry); // refused, or cut
    this.request = req;
  }

  /** Resolves once every id was received, or after `timeoutMs` (the caller then reports what is missing). */
  async waitFor(ids: readonly number[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (ids.some((id) => !this.counts.has(id)) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  /** Of `ids`: how many never came, and how many extra copies came. */
  tally(ids: readonly number[]): { missing: number; duplicates: number } {
    return {
      missing: ids.filter((id) => !this.counts.has(id)).length,
      duplicates: ids.reduce((sum, id) => sum + Math.max(0, (this.counts.get(id) ?? 0) - 1), 0),
    };
  }

  close(): void {
    this.closed = true;
    this.request?.destroy();
  }
}

/** Posts a chat message as a tab would; answers its id when the server acknowledged it (201), else null. */
export function postMessage(
  port: number,
  host: string,
  cookie: string,
  to: number,
  text: string,
): Promise<{ status: number; id: number | null }> {
  const body = JSON.stringify({ profile_id: to, text });
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/message.php',
        headers: {
          host,
          cookie,
          'x-client-request': '1',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer += chunk));
        res.on('end', () => {
          const status = res.statusCode!;
          resolve({
            status,
            id: status === 201 ? (JSON.parse(answer) as { message: { id: number } }).message.id : null,
          });
        });
        res.on('error', () => resolve({ status: 0, id: null }));
      },
    );
    req.on('error', () => resolve({ status: 0, id: null }));
    req.end(body);
  });
}
