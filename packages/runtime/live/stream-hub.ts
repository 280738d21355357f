import { LIVE_EVENT_TYPES } from '../data/live-events.ts';
import { CLOSED, type EventSourceLike, type PageMessage, type WorkerMessage } from './protocol.ts';
import { eventStreamUrl } from './stream-url.ts';

/** A page's end of the channel, as the worker sees it (a MessagePort; a fake in tests). */
export interface HubPort {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent<PageMessage>) => void) | null;
  /** Chromium tells when the page behind a port is gone; elsewhere the page's `leave` says it. */
  addEventListener?(type: 'close', listener: () => void): void;
}

/**
 * How long the stream stays open after the last page left. A member moving to the next page of the
 * site leaves one page and attaches from the next a few hundred milliseconds later (the worker
 * outlives the page: `extendedLifetime`); the stream they had goes on, and the server is spared a new
 * connection, a session check and a read per page view. Long enough for a slow phone to load the next
 * page, short enough that a closed tab soon stops counting as present.
 */
export const LEAVE_GRACE_MS = 5_000;

interface Stream {
  member: number;
  source: EventSourceLike;
  open: boolean;
}

/**
 * One event stream for every page of a browser (the shared worker's state, stream-worker.ts): the
 * pages attach for their logged-in member and each receives the stream's events. The stream belongs to
 * one member, as the browser's session cookie does: a page attaching for another member (a login in
 * another tab) replaces it, and the pages of the old one are told so, never given the new member's events.
 */
export function createStreamHub(options: { createSource: (url: string) => EventSourceLike; graceMs?: number }): {
  connect(port: HubPort): void;
} {
  const graceMs = options.graceMs ?? LEAVE_GRACE_MS;
  /** The pages attached, each with the member it asked for. */
  const attached = new Map<HubPort, number>();
  let stream: Stream | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;

  const send = (member: number, message: WorkerMessage) => {
    for (const [port, wanted] of attached) if (wanted === member) port.postMessage(message);
  };
  const closeStream = () => {
    clearTimeout(grace);
    stream?.source.close();
    stream = undefined;
  };
  const open = (member: number, lastEventId: string | undefined) => {
    const source = options.createSource(eventStreamUrl(lastEventId));
    const current: Stream = { member, source, open: false };
    stream = current;
    let last = lastEventId;
    source.onopen = () => {
      if (stream !== current) return;
      current.open = true;
      send(member, { op: 'open' });
    };
    source.onerror = () => {
      if (stream !== current) return;
      current.open = false;
      // A stream the browser gave up on is opened again by the next page that attaches.
      if (source.readyState === CLOSED) stream = undefined;
      send(member, { op: 'error', readyState: source.readyState });
    };
    for (const type of LIVE_EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        if (stream !== current) return;
        if (event.lastEventId) last = event.lastEventId;
        if (type === 'reconnect') {
          // This server is going away: a new stream (to another instance) resumes after the last id.
          source.close();
          open(member, last);
          return;
        }
        // A session that ended gets no new stream (no reconnect loop); its pages ask who is logged in.
        if (type === 'session-ended') closeStream();
        send(member, { op: 'event', type, data: event.data, lastEventId: event.lastEventId });
      });
    }
  };

  const attach = (port: HubPort, member: number, lastEventId: string | undefined) => {
    clearTimeout(grace);
    attached.set(port, member);
    if (stream?.member === member) {
      if (stream.open) port.postMessage({ op: 'open' });
      return;
    }
    if (stream) {
      // The newest page knows who is logged in now; the old member's pages are told theirs ended.
      const replaced = stream.member;
      closeStream();
      for (const [other, wanted] of attached) {
        if (wanted !== replaced) continue;
        attached.delete(other);
        other.postMessage({ op: 'replaced' });
      }
    }
    open(member, lastEventId);
  };
  const release = (port: HubPort, wait: boolean) => {
    if (!attached.delete(port) || !stream) return;
    if ([...attached.values()].includes(stream.member)) return;
    clearTimeout(grace);
    if (wait) grace = setTimeout(closeStream, graceMs);
    else closeStream();
  };

  return {
    connect(port) {
      port.onmessage = ({ data }) => {
        if (data.op === 'attach') attach(port, data.member, data.lastEventId);
        else release(port, data.op === 'leave');
      };
      port.addEventListener?.('close', () => release(port, true));
    },
  };
}
