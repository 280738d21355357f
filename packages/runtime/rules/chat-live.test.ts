import { describe, expect, it } from 'vitest';
import type { Message } from '../schemas/api/chat.ts';
import {
  PRESENCE_ONLINE_MS,
  PRESENCE_TODAY_MS,
  TYPING_SEND_INTERVAL_MS,
  TYPING_SHOWN_MS,
  TYPING_STALE_MS,
  presenceOf,
  seenMessageId,
  shouldSendTyping,
  typingUntil,
} from './chat-live.ts';

const now = Date.UTC(2026, 10, 29, 12);

describe('presenceOf', () => {
  const seen = (ago: number) => ({ lastSeenAt: now - ago, invisible: false, hidden: false });
  it('is online within the window, today within a day, else nothing', () => {
    expect(presenceOf(seen(0), now)).toBe('online');
    expect(presenceOf(seen(PRESENCE_ONLINE_MS), now)).toBe('online');
    expect(presenceOf(seen(PRESENCE_ONLINE_MS + 1), now)).toBe('today');
    expect(presenceOf(seen(PRESENCE_TODAY_MS), now)).toBe('today');
    expect(presenceOf(seen(PRESENCE_TODAY_MS + 1), now)).toBeNull();
    expect(presenceOf({ lastSeenAt: null, invisible: false, hidden: false }, now)).toBeNull();
  });
  it('never shows an invisible member or one who hides it', () => {
    expect(presenceOf({ ...seen(0), invisible: true }, now)).toBeNull();
    expect(presenceOf({ ...seen(0), hidden: true }, now)).toBeNull();
  });
});

describe('typing', () => {
  it('sends at most once per interval', () => {
    expect(shouldSendTyping(null, now)).toBe(true);
    expect(shouldSendTyping(now - TYPING_SEND_INTERVAL_MS + 1, now)).toBe(false);
    expect(shouldSendTyping(now - TYPING_SEND_INTERVAL_MS, now)).toBe(true);
  });
  it('shows an event for a while, and not at all when it is old', () => {
    expect(typingUntil(new Date(now - 500).toISOString(), now)).toBe(now + TYPING_SHOWN_MS);
    expect(typingUntil(new Date(now - TYPING_STALE_MS - 1).toISOString(), now)).toBeNull();
    expect(typingUntil('not a date', now)).toBeNull();
  });
});

describe('seenMessageId', () => {
  const message = (id: number, sender: number): Message => ({
    id,
    conversation_id: 1,
    sender_id: sender,
    kind: 'text',
    text: 'hi',
    gift: null,
    photo: null,
    photo_locked: false,
    sent_at: '2026-11-29T12:00:00Z',
  });
  const thread = [message(1, 7), message(2, 8), message(3, 7), message(4, 7)];
  it('marks the newest own message up to what the other member saw', () => {
    expect(seenMessageId(thread, 7, null)).toBeNull();
    expect(seenMessageId(thread, 7, 2)).toBe(1);
    expect(seenMessageId(thread, 7, 3)).toBe(3);
    expect(seenMessageId(thread, 7, 99)).toBe(4);
    expect(seenMessageId(thread, 8, 99)).toBe(2);
  });
});
