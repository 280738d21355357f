/*
 * What the pages of one browser and the shared worker that holds their event stream say to each other
 * (stream-hub.ts on the worker's side, shared-source.ts on the pages').
 */

/** A page to the worker. */
export type PageMessage =
  /** This page's logged-in member wants the stream; `lastEventId` resumes a new one after what the page saw. */
  | { op: 'attach'; member: number; lastEventId: string | undefined }
  /** The page is done with the stream (logout, another member, a session that ended): no grace. */
  | { op: 'detach' }
  /** The page is going away (navigation, closed tab): the stream waits a moment for the next page. */
  | { op: 'leave' };

/** The worker to a page. */
export type WorkerMessage =
  | { op: 'open' }
  /** The stream broke (`readyState` 0: the browser retries it; 2: it gave up). */
  | { op: 'error'; readyState: number }
  | { op: 'event'; type: string; data: string; lastEventId: string }
  /** Another page attached for another member (a new login in another tab): this page's is closed. */
  | { op: 'replaced' }
  /** The worker cannot hold a stream (no EventSource in this browser's workers): the page opens its own. */
  | { op: 'unavailable' };

/** EventSource.CLOSED: the browser gave up reconnecting. */
export const CLOSED = 2;

/** The part of EventSource the stores and the worker use, so tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}
