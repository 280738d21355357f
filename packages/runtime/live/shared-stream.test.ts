import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_EVENT_ID_PARAM } from '../data/live-events.ts';
import { FakeEventSource } from './fake-event-source.ts';
import type { PageMessage } from './protocol.ts';
import { createStreamHub, type HubPort } from './stream-hub.ts';

/** The streams the worker opened, and those pages opened themselves. */
let workerSources: FakeEventSource[];
let pageSources: FakeEventSource[];
let hub: ReturnType<typeof createStreamHub>;
let workerFails: boolean;

/**
 * The browser's SharedWorker: every page's `new SharedWorker(…)` reaches the one hub through a real
 * MessageChannel (messages are cloned and arrive later, as between a page and its worker).
 */
class FakeSharedWorker extends EventTarget {
  readonly port: MessagePort;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    super();
    const channel = new MessageChannel();
    this.port = channel.port1;
    if (workerFails) setTimeout(() => this.onerror?.(new Event('error')), 0);
    else hub.connect(channel.port2 as unknown as HubPort);
  }
}

/** A page of the site: its own window and its own copy of the page-side module. */
async function newPage() {
  const window = new EventTarget();
  vi.stubGlobal('window', window);
  vi.resetModules();
  const { openEventStream } = await import('./shared-source.ts');
  const events: string[] = [];
  const open = (member: number, lastEventId?: string) => {
    const source = openEventStream({ member, lastEventId }, (url) => {
      const own = new FakeEventSource(url);
      pageSources.push(own);
      return own;
    });
    source.onopen = () => events.push('open');
    source.onerror = () => events.push(`error ${source.readyState}`);
    for (const type of ['message', 'credits', 'reconnect', 'session-ended', 'replaced'])
      source.addEventListener(type, (event) => events.push(`${type} ${event.data ?? ''}`.trim()));
    return source;
  };
  return { open, events, leave: () => window.dispatchEvent(new Event('pagehide')) };
}

const useHub = (graceMs: number) => {
  hub = createStreamHub({
    createSource: (url) => {
      const source = new FakeEventSource(url);
      workerSources.push(source);
      return source;
    },
    graceMs,
  });
};

beforeEach(() => {
  workerSources = [];
  pageSources = [];
  workerFails = false;
  vi.stubGlobal('SharedWorker', FakeSharedWorker);
  useHub(60_000);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('one event stream for every page of a browser', () => {
  it('keeps the stream of the page the member left for the next page, which opens none', async () => {
    const first = await newPage();
    first.open(5);
    await vi.waitFor(() => expect(workerSources).toHaveLength(1));
    workerSources[0]!.open();
    await vi.waitFor(() => expect(first.events).toEqual(['open']));

    first.leave();
    const next = await newPage();
    next.open(5);
    await vi.waitFor(() => expect(next.events).toEqual(['open']));
    workerSources[0]!.emit('message', { id: 1 }, '8');
    await vi.waitFor(() => expect(next.events).toEqual(['open', 'message {"id":1}']));
    expect(workerSources).toHaveLength(1);
    expect(workerSources[0]!.closed).toBe(false);
    expect(pageSources).toEqual([]);
  });

  it('closes the stream when no page came back within the grace period', async () => {
    useHub(5);
    const page = await newPage();
    page.open(5);
    await vi.waitFor(() => expect(workerSources).toHaveLength(1));
    page.leave();
    await vi.waitFor(() => expect(workerSources[0]!.closed).toBe(true));
  });

  it('closes it at once when the last page lets go of it (a logout)', async () => {
    const page = await newPage();
    const source = page.open(5);
    await vi.waitFor(() => expect(workerSources).toHaveLength(1));
    source.close();
    await vi.waitFor(() => expect(workerSources[0]!.closed).toBe(true));
  });

  it('gives every tab the events', async () => {
    const one = await newPage();
    const two = await newPage();
    one.open(5);
    two.open(5);
    await vi.waitFor(() => expect(workerSources).toHaveLength(1));
    workerSources[0]!.open();
    workerSources[0]!.emit('credits', { credits: 3 }, '2');
    await vi.waitFor(() => expect(one.events).toEqual(['open', 'credits {"credits":3}']));
    await vi.waitFor(() => expect(two.events).toEqual(['open', 'credits {"credits":3}']));
    expect(workerSources).toHaveLength(1);
  });

  it('keeps the stream while one tab is still attached, and closes it after the last left', () => {
    vi.useFakeTimers();
    useHub(1_000);
    const tab = () => {
      const port: HubPort = { postMessage: () => undefined, onmessage: null };
      hub.connect(port);
      return (data: PageMessage) => port.onmessage!(new MessageEvent('message', { data }));
    };
    const one = tab();
    const two = tab();
    one({ op: 'attach', member: 5, lastEventId: undefined });
    two({ op: 'attach', member: 5, lastEventId: undefined });
    one({ op: 'leave' });
    vi.advanceTimersByTime(5_000);
    expect(workerSources[0]!.closed).toBe(false);
    two({ op: 'leave' });
    vi.advanceTimersByTime(999);
    expect(workerSources[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(workerSources[0]!.closed).toBe(true);
    expect(workerSources).toHaveLength(1);
  });

  it('replaces the stream of another member, and tells that member’s pages so, without their events', async () => {
    const old = await newPage();
    old.open(5);
    await vi.waitFor(() => expect(workerSources).toHaveLength(1));
    workerSources[0]!.open();
    const fresh = await newPage();
    fresh.open(6);
    await vi.waitFor(() => expect(workerSources).toHaveLength(2));
    expect(workerSources[0]!.closed).toBe(true);
    await vi.waitFor(() => expect(old.events).toEqual(['open', 'replaced']));
    workerSources[1]!.open();
    workerSources[1]!.emit('message', { id: 2 }, '3');
    await vi.waitFor(() => expect(fresh.events).toEqual(['open', 'message {"id":2}']));
    expect(old.events).toEqual(['open', 'replaced']);
  });

  it('follows the server to a new stream that resumes after the last event, and the pages stay open', async () => {
    const page = await newPage();
    page.open(5);
    await vi.waitFor(() => expect(workerSources).toHaveLength(1));
    workerSources[0]!.open();
    workerSources[0]!.emit('credits', { credits: 1 }, '17');
    workerSources[0]!.emit('reconnect', { type: 'reconnect' });
    expect(workerSources).toHaveLength(2);
    expect(workerSources[1]!.url).toBe(`/api/events?${LAST_EVENT_ID_PARAM}=17`);
    await vi.waitFor(() => expect(page.events).toEqual(['open', 'credits {"credits":1}']));
  });

  it('passes a session’s end on and closes the stream, so that the browser does not reconnect it', async () => {
    const page = await newPage();
    page.open(5);
    await vi.waitFor(() => expect(workerSources).toHaveLength(1));
    workerSources[0]!.emit('session-ended', { type: 'session-ended' }, '9');
    expect(workerSources[0]!.closed).toBe(true);
    await vi.waitFor(() => expect(page.events).toEqual(['session-ended {"type":"session-ended"}']));
  });

  it('opens the page’s own stream, resuming, when the worker’s script cannot load', async () => {
    workerFails = true;
    const page = await newPage();
    page.open(5, '4');
    await vi.waitFor(() => expect(pageSources).toHaveLength(1));
    expect(pageSources[0]!.url).toBe(`/api/events?${LAST_EVENT_ID_PARAM}=4`);
    pageSources[0]!.open();
    pageSources[0]!.emit('message', { id: 3 });
    expect(page.events).toEqual(['open', 'message {"id":3}']);
    // The next stream this page opens is its own from the start.
    page.open(5);
    expect(pageSources).toHaveLength(2);
  });
});
