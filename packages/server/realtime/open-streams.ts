/**
 * The event streams this process holds open. A stream registers how to end itself; on shutdown every
 * stream is told to reconnect (to another instance, or to this one once it is back) and is ended, so
 * no open tab keeps the process alive.
 */
export class OpenStreams {
  private readonly enders = new Set<() => void>();
  /** Streams opened since the process started: pages that share their browser's stream open few. */
  opened = 0;

  /** Registers an open stream; the returned function forgets it (call it when the stream closes). */
  add(end: () => void): () => void {
    this.opened += 1;
    this.enders.add(end);
    return () => this.enders.delete(end);
  }

  get size(): number {
    return this.enders.size;
  }

  /** Ends every open stream; returns how many there were. */
  endAll(): number {
    const count = this.enders.size;
    for (const end of [...this.enders]) end();
    this.enders.clear();
    return count;
  }
}

/** The SSE event that tells a client to reconnect; it ends the stream right after it. */
export const RECONNECT_EVENT = 'event: reconnect\ndata: {"type":"reconnect"}\n\n';
