import type { Db } from '../db/database.ts';

/**
 * One heartbeat for all the event streams of a process, instead of one timer per stream: with 10,000
 * open tabs, per-stream timers meant 400 table reads and 400 presence writes a second, which queued in
 * front of live deliveries. Each beat (every `intervalMs`):
 * - writes an SSE comment line (`: ping`) to every stream, in slices that yield to the event loop, so
 *   proxies see traffic well within their idle timeouts and deliveries are not held up;
 * - records every member with an open stream as present, in a few multi-row upserts;
 * - wakes the streams that have not sent their member's newest event of the last two beats (one
 *   indexed query on `member_events.created_at`): the safety net for a wake-up that never came (an
 *   event written by a CLI process on SQLite, a notification lost while the LISTEN connection was
 *   reopened). A stream the bus kept up to date is not woken: on a busy site nearly every member has
 *   a recent event, and reading the table for every open stream at once held the process for half a
 *   second at 3,000 streams (bench/capacity.ts). A woken stream reads after its own cursor, so
 *   nothing is sent twice.
 *
 * A stream that opens between two beats is recorded as present by a small batch of its own: every
 * member whose stream opened since the last write, written at most once per `presenceFlushMs` (at
 * once after a quiet spell, else when that much has passed since the last one). Not one write per
 * open: the site opens a stream on every page view.
 */
export interface HeartbeatOptions {
  db: Db;
  intervalMs: number;
  now: () => number;
  /** How long a new stream's member waits at most to be written with others as present. */
  presenceFlushMs?: number;
  /** Records that these members have an open stream now. */
  markSeen: (db: Db, memberIds: readonly number[], now: number) => Promise<void>;
  warn: (error: unknown, what: string) => void;
}

/** How long a new stream waits at most to be recorded as present (HeartbeatOptions.presenceFlushMs). */
export const PRESENCE_FLUSH_MS = 1_000;

/** Streams pinged per slice before yielding to the event loop. */
const SLICE = 250;

/** What the heartbeat needs of one open stream. */
export interface OpenStream {
  memberId: number;
  /** Writes the comment line. */
  ping: () => void;
  /** Reads the table after the stream's cursor and sends what is new. */
  pump: () => void;
  /** The id of the last event the stream has read (sent, or passed over as not for it). */
  cursor: () => number;
}

export class StreamHeartbeat {
  private readonly streams = new Map<number, OpenStream>();
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Members whose stream opened since presence was last written, and the timer that writes them. */
  private fresh = new Set<number>();
  private flushTimer: NodeJS.Timeout | undefined;
  private lastFlushAt = -Infinity;
  private flushing = false;
  /** Callers of `presenceWritten` waiting for the batch under way or due. */
  private waiters: (() => void)[] = [];

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
    this.fresh.add(stream.memberId);
    if (!this.flushTimer) {
      const due = this.lastFlushAt + (this.options.presenceFlushMs ?? PRESENCE_FLUSH_MS);
      this.flushTimer = setTimeout(
        () => {
          const waiters = this.waiters.splice(0);
          void this.flushPresence().finally(() => waiters.forEach((resolve) => resolve()));
        },
        Math.max(0, due - Date.now()),
      );
      this.flushTimer.unref();
    }
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

  /** Resolves once the members of the streams opened so far are recorded as present (or failed to be). */
  presenceWritten(): Promise<void> {
    if (!this.flushTimer && !this.flushing) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Records the members of the streams opened since the last write as present, in one batch; those
   * whose streams closed meanwhile are left out (a page that was left at once).
   */
  private async flushPresence(): Promise<void> {
    this.flushTimer = undefined;
    this.flushing = true;
    this.lastFlushAt = Date.now();
    const open = new Set([...this.streams.values()].map((s) => s.memberId));
    const members = [...this.fresh].filter((id) => open.has(id)).sort((a, b) => a - b);
    this.fresh = new Set();
    try {
      await this.markSeen(members);
    } finally {
      this.flushing = false;
      // Those who asked meanwhile wait for the next batch only when one is due.
      if (!this.flushTimer) for (const resolve of this.waiters.splice(0)) resolve();
    }
  }

  /** Writes presence in slices: on SQLite a statement holds the event loop while it runs. */
  private async markSeen(members: readonly number[]): Promise<void> {
    const { db, now, markSeen, warn } = this.options;
    const at = now();
    for (let i = 0; i < members.length; i += SLICE) {
      await markSeen(db, members.slice(i, i + SLICE), at).catch((error: unknown) =>
        warn(error, 'presence write failed'),
      );
      if (i + SLICE < members.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** One beat (public for tests). */
  async beat(): Promise<void> {
    const { db, warn, intervalMs } = this.options;
    const streams = [...this.streams.values()];
    // Ascending ids: two instances' upserts take the rows' locks in the same order on PostgreSQL.
    const members = [...new Set(streams.map((s) => s.memberId))].sort((a, b) => a - b);
    for (let i = 0; i < streams.length; i += SLICE) {
      for (const stream of streams.slice(i, i + SLICE)) stream.ping();
      if (i + SLICE < streams.length) await new Promise((resolve) => setImmediate(resolve));
    }
    await this.markSeen(members);
    try {
      // Events are stamped with the wall clock when written (event-store.ts), whatever `now` says.
      const recent = await db
        .selectFrom('member_events')
        .select((eb) => ['member_id', eb.fn.max('id').as('latest')])
        .where('created_at', '>=', Date.now() - 2 * intervalMs)
        .groupBy('member_id')
        .execute();
      const latest = new Map(recent.map((r) => [r.member_id, Number(r.latest)]));
      for (const stream of this.streams.values()) {
        const newest = latest.get(stream.memberId);
        if (newest !== undefined && newest > stream.cursor()) stream.pump();
      }
    } catch (error) {
      warn(error, 'heartbeat read failed');
    }
  }
}
