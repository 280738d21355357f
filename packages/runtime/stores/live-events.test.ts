import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api.ts';
import { $chatCounters } from './chat-counters.ts';
import { $chats } from './chats.ts';
import { $likes } from './likes.ts';
import { openEventStream } from '../live/shared-source.ts';
import { FakeEventSource } from '../live/fake-event-source.ts';
import { $live, configureLiveEvents, startLiveEvents } from './live-events.ts';
import { json, scriptedFetch } from './test-network.ts';
import { $user } from './user.ts';
import { testMember, testProfile } from '../test-fixtures.ts';

const profile = testProfile(9, { name: 'Me' });
const member = testMember(profile, 20);
const noWait = { sleep: async () => undefined, random: () => 1 };
const flush = async () => {
  await allTasks();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

const incoming = {
  id: 1,
  conversation_id: 4,
  sender_id: 12,
  kind: 'text',
  text: 'Hi',
  gift: null,
  photo: null,
  photo_locked: false,
  sent_at: '2026-01-01T00:00:00Z',
} as const;

let unread = 0;
function network() {
  return scriptedFetch({
    'GET /api/chats.php': () =>
      json(200, {
        chats: unread
          ? [
              {
                conversation: { id: 4, last_message_at: '2026-01-01T00:00:00Z', last_message: incoming },
                profile,
                num_unread_messages: unread,
              },
            ]
          : [],
        total_unread: unread,
      }),
    'GET /api/likes.php': () =>
      json(200, { profiles: [profile], liked_by: [{ id: 9, like_new: true }], likes: [], matches: [] }),
    'GET /api/user.php': () => json(200, { user: member }),
  });
}

let badge: ((count: number) => Promise<void>) | undefined;

beforeEach(() => {
  // The unit project runs in Node: a window that dispatches events, a document with a title.
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', { title: 'Chats · Demo' });
  badge = undefined;
  vi.stubGlobal('navigator', {
    setAppBadge: (count: number) => (badge ? badge(count) : Promise.resolve()),
  });
  unread = 0;
  FakeEventSource.last = undefined;
  // Node has no SharedWorker: each page opens its own stream, as in a browser without shared workers.
  configureLiveEvents({ createSource: (request) => openEventStream(request, (url) => new FakeEventSource(url)) });
  $user.set(undefined);
  $chats.set({ status: 'idle' });
  $likes.set({ status: 'idle' });
  $chatCounters.set({ unreadMessages: 0, newLikes: 0 });
});

afterEach(() => {
  cleanStores($live, $chats, $likes, $chatCounters, $user);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('$live', () => {
  it('opens no stream for a visitor', () => {
    configureApi({ fetch: network().fetch, ...noWait });
    keepMount($live);
    $user.set(null);
    expect(FakeEventSource.last).toBeUndefined();
    expect($live.get()).toBe('idle');
  });

  it('opens the stream for a member and closes it on logout', () => {
    configureApi({ fetch: network().fetch, ...noWait });
    keepMount($live);
    $user.set(member);
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/events');
    source.open();
    expect($live.get()).toBe('open');
    $user.set(null);
    expect(source.closed).toBe(true);
    expect($live.get()).toBe('idle');
  });

  it('loads the chat list once for a message of a conversation it does not list', async () => {
    const { fetch, calls } = network();
    configureApi({ fetch, ...noWait });
    keepMount($live);
    keepMount($chatCounters);
    $user.set(member);
    FakeEventSource.last!.open();
    await flush();
    unread = 3;
    const before = calls.filter((c) => c.url.startsWith('/api/chats.php')).length;
    FakeEventSource.last!.emit('message', {
      type: 'message',
      conversation_id: 4,
      message: incoming,
    });
    await flush();
    expect(calls.filter((c) => c.url.startsWith('/api/chats.php')).length).toBe(before + 1);
    expect($chatCounters.get().unreadMessages).toBe(3);
  });

  it('reloads the chat list, the likes and the member on reset', async () => {
    const { fetch, calls } = network();
    configureApi({ fetch, ...noWait });
    keepMount($live);
    $user.set(member);
    FakeEventSource.last!.open();
    await flush();
    const before = calls.length;
    FakeEventSource.last!.emit('reset', { type: 'reset' }, '40');
    await flush();
    expect(
      calls
        .slice(before)
        .map((c) => c.url.split('?')[0])
        .sort(),
    ).toEqual(['/api/chats.php', '/api/likes.php', '/api/user.php']);
  });

  it('opens a new stream that resumes after the last event id when the server asks to reconnect', () => {
    configureApi({ fetch: network().fetch, ...noWait });
    keepMount($live);
    $user.set(member);
    const first = FakeEventSource.last!;
    first.open();
    first.emit('ready', { type: 'ready' }, '17');
    first.emit('credits', { type: 'credits', credits: 3 }, '18');
    first.emit('reconnect', { type: 'reconnect' });
    expect(first.closed).toBe(true);
    const second = FakeEventSource.last!;
    expect(second).not.toBe(first);
    expect(second.url).toBe('/api/events?last_event_id=18');
    expect($live.get()).toBe('connecting');
    // Events of the old stream no longer count.
    first.emit('credits', { type: 'credits', credits: 99 }, '19');
    expect($user.get()?.credits).toBe(3);
  });

  it('on session-ended closes the stream for good and asks who is logged in, which leads to the ban page', async () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    const win = Object.assign(new EventTarget(), { location: { pathname: '/chat', assign } });
    vi.stubGlobal('window', win);
    const { fetch, calls } = scriptedFetch({
      ...Object.fromEntries(['GET /api/chats.php', 'GET /api/likes.php'].map((k) => [k, () => json(200, {})])),
      'GET /api/user.php': () => json(403, { error: 'account_banned', message: 'Banned', banned: true }),
    });
    configureApi({ fetch, ...noWait });
    keepMount($live);
    $user.set(member);
    const source = FakeEventSource.last!;
    source.open();
    source.emit('ready', { type: 'ready' }, '7');
    source.emit('session-ended', { type: 'session-ended' }, '8');
    expect(source.closed).toBe(true);
    expect($live.get()).toBe('idle');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.some((c) => c.url === '/api/user.php')).toBe(true);
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('/ban'));
    // No reconnect loop: neither the fallback timer nor the browser's error opens a new stream.
    source.readyState = 2;
    source.onerror?.(new Event('error'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeEventSource.last).toBe(source);
  });

  it('opens the stream again, resuming, when the browser gave up on it', async () => {
    vi.useFakeTimers();
    configureApi({ fetch: network().fetch, ...noWait });
    keepMount($live);
    $user.set(member);
    const first = FakeEventSource.last!;
    first.open();
    first.emit('ready', { type: 'ready' }, '5');
    first.readyState = 2;
    first.onerror?.(new Event('error'));
    expect($live.get()).toBe('down');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeEventSource.last).not.toBe(first);
    expect(FakeEventSource.last!.url).toBe('/api/events?last_event_id=5');
  });

  it('when another tab logged in as someone else, asks who is logged in and opens their stream', async () => {
    const other = testMember(testProfile(11, { name: 'Other' }), 5);
    const { fetch } = scriptedFetch({
      ...Object.fromEntries(['GET /api/chats.php', 'GET /api/likes.php'].map((k) => [k, () => json(200, {})])),
      'GET /api/user.php': () => json(200, { user: other }),
    });
    configureApi({ fetch, ...noWait });
    keepMount($live);
    $user.set(member);
    const first = FakeEventSource.last!;
    first.open();
    first.readyState = 2;
    first.emit('replaced', {});
    expect($live.get()).toBe('down');
    await vi.waitFor(() => expect($user.get()?.profile.id).toBe(11));
    expect(FakeEventSource.last).not.toBe(first);
    expect(FakeEventSource.last!.url).toBe('/api/events');
  });

  it('updates the credits of the member on a credits event', () => {
    configureApi({ fetch: network().fetch, ...noWait });
    keepMount($live);
    $user.set(member);
    FakeEventSource.last!.emit('credits', { type: 'credits', credits: 7 });
    expect($user.get()?.credits).toBe(7);
  });

  it('reloads the likes on a match', async () => {
    const { fetch, calls } = network();
    configureApi({ fetch, ...noWait });
    keepMount($live);
    $user.set(member);
    FakeEventSource.last!.emit('match', { type: 'match', profile_id: 12 });
    await flush();
    expect(calls.some((c) => c.url.startsWith('/api/likes.php'))).toBe(true);
  });

  it('refreshes the chat list on the spec timer while the stream is down, and stops once it is back', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = network();
    configureApi({ fetch, ...noWait });
    keepMount($live);
    $user.set(member);
    const chatCalls = () => calls.filter((c) => c.url.startsWith('/api/chats.php')).length;
    FakeEventSource.last!.fail();
    expect($live.get()).toBe('down');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(chatCalls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(chatCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(chatCalls()).toBe(2);
    FakeEventSource.last!.open();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(chatCalls()).toBe(2);
  });
});

describe('startLiveEvents', () => {
  it('prefixes the title with unread messages plus new likes and sets the app badge', () => {
    const setAppBadge = vi.fn(async (count: number) => void count);
    badge = setAppBadge;
    configureApi({ fetch: network().fetch, ...noWait });
    const stop = startLiveEvents();
    $chatCounters.set({ unreadMessages: 1, newLikes: 2 });
    expect(document.title).toBe('(3) Chats · Demo');
    expect(setAppBadge).toHaveBeenLastCalledWith(3);
    $chatCounters.set({ unreadMessages: 0, newLikes: 0 });
    expect(document.title).toBe('Chats · Demo');
    stop();
  });

  it('ignores a badge the browser refuses', () => {
    badge = () => Promise.reject(new Error('not installed'));
    configureApi({ fetch: network().fetch, ...noWait });
    const stop = startLiveEvents();
    expect(() => $chatCounters.set({ unreadMessages: 1, newLikes: 0 })).not.toThrow();
    expect(document.title).toBe('(1) Chats · Demo');
    stop();
  });
});
