import type { Db } from '../db/database.ts';

/**
 * One heartbeat for all the event streams of a process, instead of one timer per stream: with 10,000
 * open tabs, per-stream timers meant 400 table reads and 400 presence writes a second, which queued in
 * front of live deliveries. Each beat (every `intervalMs`):
 * - writes an SSE comment line (`: ping`) to every stream, in slices that yield to the event loop, so
 *   proxies see traffic well within their idle timeouts and deliveries are not held up;
 * - records every member with an open stream as present, in a few multi-row upserts;
 * - wakes the streams of members with events written within the last two beats (one indexed query on
 *   `member_events.created_at`): the safety net for a wake-up that never came (an event written by a
 *   CLI process on SQLite, a notification lost while the LISTEN connection was reopened). Each woken
 *   stream reads after its own cursor, so nothing is sent twice.
 */
export interface HeartbeatOptions {
  db: Db;
  intervalMs: number;
  now: () => number;
  /** Records that these members have an open stream now. */
  markSeen: (db: Db, memberIds: readonly number[], now: number) => Promise<void>;
  warn: (error: unknown, what: string) => void;
}

/** Streams pinged per slice before yielding to the event loop. */
const SLICE = 250;

/** What the heartbeat needs of one open stream. */
export interface OpenStream {
  memberId: number;
  /** Writes the comment line. */
  ping: () => void;
  /** Reads the table after the stream's cursor and sends what is new. */
  pump: () => void;
}

export class StreamHeartbeat {
  private readonly streams = new Map<number, OpenStream>();
  private next = 0;
  private timer: NodeJS.Timeout | undefined;

  private readonly options: HeartbeatOptions;

  constructor(options: HeartbeatOptions) {
    this.options = options;
  }

  get size(): number {
    return this.streams.size;
  }

  /** Adds a stream; the answer removes it. The timer runs only while some stream is open. */
  add(stream: OpenStream): () => void {
    const key = this.next++;
    this.streams.set(key, stream);
    if (!this.timer) {
      this.timer = setInterval(() => void this.beat(), this.options.intervalMs);
      this.timer.unref();
    }
    return () => {
      this.streams.delete(key);
      if (this.streams.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  /** One beat (public for tests). */
  async beat(): Promise<void> {
    const { db, now, markSeen, warn, intervalMs } = this.options;
    const streams = [...this.streams.values()];
    // Ascending ids: two instances' upserts take the rows' locks in the same order on PostgreSQL.
    const members = [...new Set(streams.map((s) => s.memberId))].sort((a, b) => a - b);
    for (let i = 0; i < streams.length; i += SLICE) {
      for (const stream of streams.slice(i, i + SLICE)) stream.ping();
      if (i + SLICE < streams.length) await new Promise((resolve) => setImmediate(resolve));
    }
    // In slices too: on SQLite a statement holds the event loop while it runs.
    const at = now();
    for (let i = 0; i < members.length; i += SLICE) {
      await markSeen(db, members.slice(i, i + SLICE), at).catch((error: unknown) =>
        warn(error, 'presence write failed'),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
    try {
      // Events are stamped with the wall clock when written (event-store.ts), whatever `now` says.
      const recent = await db
        .selectFrom('member_events')
        .select('member_id')
        .distinct()
        .where('created_at', '>=', Date.now() - 2 * intervalMs)
        .execute();
      const woken = new Set(recent.map((r) => r.member_id));
      for (const stream of this.streams.values()) if (woken.has(stream.memberId)) stream.pump();
    } catch (error) {
      warn(error, 'heartbeat read failed');
    }
  }
}
