import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_SEND_INTERVAL_MS, TYPING_SHOWN_MS } from '../rules/chat-live.ts';
import type { Message } from '../schemas/api/chat.ts';
import { testMember, testProfile } from '../test-fixtures.ts';
import { configureApi } from './api.ts';
import { $typing, isTyping, notifyTyping, typingSent } from './chat-live.ts';
import { handleLiveEvent } from './live-events.ts';
import { $user } from './user.ts';

const me = testMember(testProfile(9), 20);
const fromAnna: Message = {
  id: 1,
  conversation_id: 3,
  sender_id: 5,
  kind: 'text',
  text: 'hi',
  gift: null,
  photo: null,
  photo_locked: false,
  sent_at: '2026-11-29T12:00:00Z',
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 29, 12));
  $user.set(me);
});
afterEach(() => {
  cleanStores($typing, $user);
  vi.useRealTimers();
});

describe('$typing', () => {
  const typing = (sentAgo = 0) =>
    handleLiveEvent({
      type: 'typing',
      conversation_id: 3,
      profile_id: 5,
      sent_at: new Date(Date.now() - sentAgo).toISOString(),
    });

  it('shows a typing event for a few seconds, then by itself no more', () => {
    keepMount($typing);
    typing();
    expect(isTyping($typing.get(), 3)).toBe(true);
    expect(isTyping($typing.get(), 4)).toBe(false);
    vi.advanceTimersByTime(TYPING_SHOWN_MS + 1);
    expect(isTyping($typing.get(), 3)).toBe(false);
  });

  it('ends at once when their message arrives, but not for an own message', () => {
    keepMount($typing);
    typing();
    handleLiveEvent({ type: 'message', conversation_id: 3, message: { ...fromAnna, sender_id: me.profile.id } });
    expect(isTyping($typing.get(), 3)).toBe(true);
    handleLiveEvent({ type: 'message', conversation_id: 3, message: fromAnna });
    expect(isTyping($typing.get(), 3)).toBe(false);
  });

  it('skips an old event a reconnecting tab catches up on', () => {
    keepMount($typing);
    typing(60_000);
    expect(isTyping($typing.get(), 3)).toBe(false);
  });
});

describe('notifyTyping', () => {
  it('tells the server at most once per interval, again at once after sending', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }));
    configureApi({ fetch });
    const t0 = Date.now();
    notifyTyping(3, t0);
    notifyTyping(3, t0 + 1_000);
    notifyTyping(3, t0 + TYPING_SEND_INTERVAL_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    notifyTyping(3, t0 + TYPING_SEND_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    typingSent();
    notifyTyping(3, t0 + TYPING_SEND_INTERVAL_MS + 10);
    expect(fetch).toHaveBeenCalledTimes(3);
    notifyTyping(null, t0 + 99_999);
    expect(fetch).toHaveBeenCalledTimes(3);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/chat-typing.php');
    expect(JSON.parse(String(init.body))).toEqual({ conversation_id: 3 });
  });
});
