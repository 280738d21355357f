import os from 'node:os';
import { ApiError } from '../../errors/api-error.ts';

/** What a request refused for lack of capacity is told to wait (Retry-After). */
export const BUSY_RETRY_AFTER_S = 1;
/** A wait for a free slot longer than this is refused (503 `server_busy`) instead of accepted. */
export const MAX_HASH_WAIT_MS = 3_000;
/** The weight of the newest duration in the running mean. */
const SMOOTHING = 0.2;

/**
 * How many hashes run at once: one per core but one, which stays with the event loop (every other
 * request, and reading what arrives), and one thread of libuv's pool (4 by default,
 * UV_THREADPOOL_SIZE) always left to the file system and DNS lookups.
 */
export function hashSlots(): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(os.availableParallelism() - 1, pool - 1));
}

/**
 * Bounds the password hashes in progress. A hash at the production cost takes a core for a few hundred
 * milliseconds (seconds on a busy machine) on libuv's thread pool, where work once queued can be
 * neither refused nor cancelled: a burst of logins queued there made every accepted login wait behind
 * all the others, and a stopping process cannot exit before that queue is done (Node waits for the
 * pool's work at exit). So at most `slots` hashes run; the others wait here, in order, while their
 * expected wait (from the hashes' recent durations) stays under MAX_HASH_WAIT_MS. Beyond that, and for
 * whatever still waits when the server begins to shut down, the request answers 503 `server_busy`
 * (Retry-After) with nothing done, which the client retries.
 */
export class HashingCapacity {
  private running = 0;
  private readonly waiting: { start: () => void; refuse: (error: Error) => void }[] = [];
  private meanMs: number | undefined;
  private closed = false;

  private readonly slots: number;

  constructor(slots = hashSlots()) {
    this.slots = slots;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new ApiError('server_busy');
    if (this.running >= this.slots) {
      // Until the first hash has been timed, nothing is known to be too long: a burst at start (six
      // signups at once) waits for the first hash rather than being refused on a guess.
      const tooLong =
        this.meanMs !== undefined && ((this.waiting.length + 1) / this.slots) * this.meanMs > MAX_HASH_WAIT_MS;
      if (tooLong) throw new ApiError('server_busy');
      await new Promise<void>((start, refuse) => this.waiting.push({ start, refuse }));
    } else this.running += 1;
    const started = performance.now();
    try {
      return await work();
    } finally {
      const ms = performance.now() - started;
      this.meanMs = this.meanMs === undefined ? ms : this.meanMs + SMOOTHING * (ms - this.meanMs);
      // The slot passes straight to the next waiting hash, or is freed.
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running -= 1;
    }
  }

  /** Shutdown: hashes that have not started are refused, and so is every new one; those running finish. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.refuse(new ApiError('server_busy'));
  }
}
