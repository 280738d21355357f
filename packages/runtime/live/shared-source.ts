import { CLOSED, type EventSourceLike, type PageMessage, type WorkerMessage } from './protocol.ts';
import { eventStreamUrl } from './stream-url.ts';

/** What a page asks the stream for: its logged-in member's events, after the last one it saw. */
export interface StreamRequest {
  member: number;
  lastEventId: string | undefined;
}

type Listener = (event: MessageEvent<string>) => void;

/** The page's one port to the shared worker, and the source attached through it now. */
interface Link {
  port: MessagePort;
  current: SharedStreamSource | undefined;
}

/** `null`: this page has no shared worker (none in this browser, or its script failed to load). */
let link: Link | null | undefined;

const post = (target: Link, message: PageMessage) => target.port.postMessage(message);

/** The worker's script failed (a deploy replaced it, a blocked worker): this page's streams are its own. */
function giveUp(failed: Link): void {
  if (link === failed) link = null;
  failed.current?.fallBack();
}

function workerLink(): Link | null {
  if (link !== undefined) return link;
  link = null;
  if (typeof SharedWorker !== 'function') return link;
  try {
    const worker = new SharedWorker(new URL('./stream-worker.ts', import.meta.url), {
      name: 'datekit-live-events',
      // Chromium keeps the worker, and so the stream, alive while the member goes on to the next page.
      extendedLifetime: true,
    } as WorkerOptions);
    const made: Link = { port: worker.port, current: undefined };
    worker.port.onmessage = (event: MessageEvent<WorkerMessage>) => made.current?.receive(event.data);
    worker.onerror = () => giveUp(made);
    window.addEventListener('pagehide', () => post(made, { op: 'leave' }));
    // Back from the back/forward cache: the stream may have closed meanwhile.
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) made.current?.attach();
    });
    link = made;
  } catch {
    // A browser that refuses the worker (a privacy mode, a policy) keeps a stream per page.
  }
  return link;
}

/**
 * An EventSource for the page that is the browser's one stream, held by a shared worker
 * (stream-hub.ts): the pages of all tabs receive the same events, and a member going from page to page
 * keeps the stream they had rather than opening one per page view. Where the worker cannot hold it,
 * the page falls back to its own EventSource (`openDirect`), as browsers without shared workers do.
 */
class SharedStreamSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private state = 0;
  private direct: EventSourceLike | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  private lastEventId: string | undefined;
  private readonly link: Link;
  private readonly member: number;
  private readonly openDirect: (url: string) => EventSourceLike;

  constructor(
    link: Link,
    member: number,
    lastEventId: string | undefined,
    openDirect: (url: string) => EventSourceLike,
  ) {
    this.link = link;
    this.member = member;
    this.lastEventId = lastEventId;
    this.openDirect = openDirect;
    link.current = this;
    this.attach();
  }

  get readyState(): number {
    return this.direct?.readyState ?? this.state;
  }

  attach(): void {
    if (this.state === CLOSED || this.direct) return;
    post(this.link, { op: 'attach', member: this.member, lastEventId: this.lastEventId });
  }

  receive(message: WorkerMessage): void {
    if (this.state === CLOSED || this.direct) return;
    switch (message.op) {
      case 'open':
        this.state = 1;
        this.onopen?.(new Event('open'));
        break;
      case 'error':
        this.state = message.readyState;
        this.onerror?.(new Event('error'));
        break;
      case 'event':
        if (message.lastEventId) this.lastEventId = message.lastEventId;
        this.dispatch(
          message.type,
          new MessageEvent(message.type, { data: message.data, lastEventId: message.lastEventId }),
        );
        break;
      case 'replaced':
        this.state = CLOSED;
        this.dispatch('replaced', new MessageEvent('replaced'));
        break;
      case 'unavailable':
        giveUp(this.link);
        break;
    }
  }

  fallBack(): void {
    if (this.state === CLOSED || this.direct) return;
    const direct = this.openDirect(eventStreamUrl(this.lastEventId));
    this.direct = direct;
    direct.onopen = (event) => this.onopen?.(event);
    direct.onerror = (event) => this.onerror?.(event);
    for (const type of this.listeners.keys()) direct.addEventListener(type, (event) => this.dispatch(type, event));
  }

  addEventListener(type: string, listener: Listener): void {
    const known = this.listeners.get(type);
    if (known) known.add(listener);
    else this.listeners.set(type, new Set([listener]));
    if (this.direct && !known) this.direct.addEventListener(type, (event) => this.dispatch(type, event));
  }

  close(): void {
    if (this.state === CLOSED) return;
    this.state = CLOSED;
    if (this.direct) this.direct.close();
    else if (this.link.current === this) {
      this.link.current = undefined;
      post(this.link, { op: 'detach' });
    }
  }

  private dispatch(type: string, event: MessageEvent<string>): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/**
 * The stream for a page: shared with the browser's other pages through the worker where there is one,
 * else the page's own EventSource made by `openDirect`.
 */
export function openEventStream(request: StreamRequest, openDirect: (url: string) => EventSourceLike): EventSourceLike {
  const shared = workerLink();
  return shared
    ? new SharedStreamSource(shared, request.member, request.lastEventId, openDirect)
    : openDirect(eventStreamUrl(request.lastEventId));
}
