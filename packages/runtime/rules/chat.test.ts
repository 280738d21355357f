import { describe, expect, it } from 'vitest';
import type { ChatListItem, Message } from '../schemas/api/chat.ts';
import {
  chatWithProfile,
  composerState,
  historyHidden,
  mergeMessages,
  messagePreview,
  minimumMessageCost,
  sortChats,
  totalUnread,
  withChatMessage,
  withChatRead,
  withChatRemoved,
  withoutChat,
} from './chat.ts';
import { testProfile } from '../test-fixtures.ts';

const profile = (id: number) => testProfile(id);

const message = (id: number, extra: Partial<Message> = {}): Message => ({
  id,
  conversation_id: 1,
  sender_id: 1,
  kind: 'text',
  text: `m${id}`,
  gift: null,
  photo: null,
  photo_locked: false,
  sent_at: `2026-01-01T00:00:${String(id).padStart(2, '0')}Z`,
  ...extra,
});

const chat = (id: number, at: string, unread = 0): ChatListItem => ({
  conversation: { id, last_message_at: at, last_message: null },
  profile: profile(id + 100),
  presence: null,
  num_unread_messages: unread,
});

describe('chat list', () => {
  const list = [
    chat(1, '2026-01-01T10:00:00Z', 2),
    chat(2, '2026-01-02T10:00:00Z'),
    chat(3, '2026-01-01T12:00:00Z', 1),
  ];
  it('sorts newest first', () => {
    expect(sortChats(list).map((c) => c.conversation.id)).toEqual([2, 3, 1]);
  });
  it('removes one conversation', () => {
    expect(withoutChat(list, 3).map((c) => c.conversation.id)).toEqual([1, 2]);
  });
  it('totals unread messages', () => {
    expect(totalUnread(list)).toBe(3);
    expect(totalUnread([])).toBe(0);
  });
  it('finds the conversation with a member', () => {
    expect(chatWithProfile(list, 102)?.conversation.id).toBe(2);
    expect(chatWithProfile(list, 999)).toBeUndefined();
  });
});

describe('mergeMessages', () => {
  it('keeps messages oldest first without duplicates', () => {
    const merged = mergeMessages([message(3), message(5)], [message(5, { text: 'again' }), message(1), message(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 4, 5]);
    expect(merged.at(-1)?.text).toBe('again');
  });
});

describe('historyHidden', () => {
  it('shows the note only when no page is left and the limit was reached', () => {
    expect(historyHidden(false, 500, 500)).toBe(true);
    expect(historyHidden(true, 500, 500)).toBe(false);
    expect(historyHidden(false, 12, 500)).toBe(false);
    // A conversation not started yet has no history at all.
    expect(historyHidden(false, 0, 0)).toBe(false);
  });
});

describe('composerState', () => {
  it('counts characters against message_length', () => {
    expect(composerState('hello', 10)).toMatchObject({ length: 5, tooLong: false, canSend: true });
    expect(composerState('x'.repeat(11), 10)).toMatchObject({ tooLong: true, canSend: false });
    expect(composerState('   ', 10)).toMatchObject({ empty: true, canSend: false });
  });
});

describe('minimumMessageCost', () => {
  const costs = { NL: { costs: 0.5, currency: 'EUR' }, DK: { costs: 4, currency: 'DKK' } };
  it('answers the cost of the visitor country', () => {
    expect(minimumMessageCost({ minimum_message_costs: costs, geoip_selected_country: 'DK' })).toEqual({
      costs: 4,
      currency: 'DKK',
    });
  });
  it('answers null for a country without one', () => {
    expect(minimumMessageCost({ minimum_message_costs: costs, geoip_selected_country: 'SE' })).toBeNull();
  });
});

describe('messagePreview', () => {
  it('tells text, gift and photo apart', () => {
    expect(messagePreview(message(1))).toEqual({ kind: 'text', text: 'm1' });
    expect(messagePreview(message(2, { kind: 'gift', text: null, gift: 'rose' }))).toEqual({
      kind: 'gift',
      gift: 'rose',
    });
    expect(messagePreview(message(3, { kind: 'photo', text: null, photo: '/x.jpg' }))).toEqual({ kind: 'photo' });
  });
});

describe('applying live changes to the chat list', () => {
  const list = {
    chats: [chat(1, '2026-01-01T00:00:10Z', 2), chat(2, '2026-01-02T00:00:00Z')],
    total_unread: 2,
  };

  it('puts a received message on top as unread, once', () => {
    const incoming = message(50, { conversation_id: 1, sender_id: 101, sent_at: '2026-01-03T00:00:00Z' });
    const next = withChatMessage(list, incoming, 9)!;
    expect(next.chats.map((c) => c.conversation.id)).toEqual([1, 2]);
    expect(next.chats[0]!.conversation.last_message).toEqual(incoming);
    expect(next.chats[0]!.num_unread_messages).toBe(3);
    expect(next.total_unread).toBe(3);
    expect(withChatMessage(next, incoming, 9)).toBe(next);
  });

  it('does not count the member’s own message as unread', () => {
    const own = message(51, { conversation_id: 2, sender_id: 9, sent_at: '2026-01-03T00:00:00Z' });
    const next = withChatMessage(list, own, 9)!;
    expect(next.chats[0]!.conversation.id).toBe(2);
    expect(next.total_unread).toBe(2);
  });

  it('answers null for a conversation the list does not have', () => {
    expect(withChatMessage(list, message(52, { conversation_id: 3 }), 9)).toBeNull();
  });

  it('clears the unread counter of a read conversation and drops a deleted one', () => {
    expect(withChatRead(list, 1)).toEqual({ chats: [chat(1, '2026-01-01T00:00:10Z'), list.chats[1]], total_unread: 0 });
    expect(withChatRead(list, 2)).toBe(list);
    expect(withChatRemoved(list, 1)).toEqual({ chats: [list.chats[1]], total_unread: 0 });
  });
});
