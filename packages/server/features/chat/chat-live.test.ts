import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_IDS } from '@datekit/runtime/data/gifts';
import { PRESENCE_ONLINE_MS } from '@datekit/runtime/rules/chat-live';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { member, type TestMember } from '../../test/member.ts';
import { markStreamsSeen } from '../notifications/presence.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = TestMember;
const live = (credits = 50) => member(server, { label: 'Live', credits });

/** Two members with a conversation (a wrote first); answers its id. */
async function pair(): Promise<[Member, Member, number]> {
  const [a, b] = [await live(), await live()];
  const sent = await a.browser.post<{ message: { conversation_id: number } }>('/api/message.php', {
    profile_id: b.id,
    text: 'Hello',
  });
  expect(sent.status).toBe(201);
  return [a, b, sent.body.message.conversation_id];
}

/** The live events recorded for a member, of some types, oldest first. */
async function eventsOf(memberId: number, ...types: string[]) {
  const rows = await server.services.db
    .selectFrom('member_events')
    .select(['type', 'payload'])
    .where('member_id', '=', memberId)
    .where('type', 'in', types)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ type: r.type, ...(JSON.parse(r.payload) as Record<string, unknown>) }));
}

type ChatAnswer = { presence: string | null; seen_message_id: number | null; messages: { id: number }[] };
type ChatsAnswer = { chats: { profile: { id: number }; presence: string | null }[] };

describe('typing', () => {
  it("reaches the other member's stream, naming the conversation and who types", async () => {
    const [a, b, id] = await pair();
    const res = await a.browser.post('/api/chat-typing.php', { conversation_id: id });
    expect(res.status).toBe(200);
    expect(await eventsOf(b.id, 'typing')).toEqual([
      expect.objectContaining({ type: 'typing', conversation_id: id, profile_id: a.id, sent_at: expect.any(String) }),
    ]);
    expect(await eventsOf(a.id, 'typing')).toEqual([]);
  });

  it('is refused for a conversation that is not yours, and bad input is a 4xx', async () => {
    const [, b, id] = await pair();
    const outsider = await live();
    expect((await outsider.browser.post('/api/chat-typing.php', { conversation_id: id })).status).toBe(404);
    expect((await outsider.browser.post('/api/chat-typing.php', { conversation_id: 'x' })).status).toBe(422);
    expect((await outsider.browser.post('/api/chat-typing.php', {})).status).toBe(422);
    expect(await eventsOf(b.id, 'typing')).toEqual([]);
  });

  it('a blocked member gets nothing, whoever blocked', async () => {
    const [a, b, id] = await pair();
    await b.browser.post('/api/block.php', { profile_id: a.id });
    expect((await a.browser.post('/api/chat-typing.php', { conversation_id: id })).status).toBe(404);
    expect((await b.browser.post('/api/chat-typing.php', { conversation_id: id })).status).toBe(404);
    expect(await eventsOf(b.id, 'typing')).toEqual([]);
    expect(await eventsOf(a.id, 'typing', 'seen')).toEqual([]);
  });

  it('a member whose account is pending deletion gets nothing', async () => {
    const [a, b, id] = await pair();
    await server.services.db
      .updateTable('users')
      .set({ deletion_requested_at: Date.now() })
      .where('id', '=', b.id)
      .execute();
    expect((await a.browser.post('/api/chat-typing.php', { conversation_id: id })).status).toBe(404);
    expect(await eventsOf(b.id, 'typing')).toEqual([]);
  });
});

describe('read receipts', () => {
  it('opening the conversation tells the sender up to which message it was seen', async () => {
    const [a, b, id] = await pair();
    const before = (await a.browser.get<ChatAnswer>(`/api/chat.php?id=${id}`)).body;
    expect(before.seen_message_id).toBeNull();
    const newest = before.messages.at(-1)!.id;
    await b.browser.get(`/api/chat.php?id=${id}`);
    expect(await eventsOf(a.id, 'seen')).toEqual([{ type: 'seen', conversation_id: id, message_id: newest }]);
    expect((await a.browser.get<ChatAnswer>(`/api/chat.php?id=${id}`)).body.seen_message_id).toBe(newest);
    // Reading again without anything new tells nobody again.
    await b.browser.get(`/api/chat.php?id=${id}`);
    expect(await eventsOf(a.id, 'seen')).toHaveLength(1);
  });

  it('a blocked member learns nothing of what was read', async () => {
    const [a, b, id] = await pair();
    await b.browser.post('/api/block.php', { profile_id: a.id });
    expect((await b.browser.get(`/api/chat.php?id=${id}`)).status).toBe(404);
    expect(await eventsOf(a.id, 'seen')).toEqual([]);
  });
});

describe('POST /api/chat-read.php', () => {
  const readUpTo = (reader: Member, conversationId: number, messageId: unknown) =>
    reader.browser.post('/api/chat-read.php', { conversation_id: conversationId, message_id: messageId });
  const unreadOf = async (viewer: Member) =>
    (await viewer.browser.get<{ total_unread: number }>('/api/chats.php')).body.total_unread;
  const sendText = async (from: Member, to: Member, text: string) =>
    (await from.browser.post<{ message: { id: number } }>('/api/message.php', { profile_id: to.id, text })).body.message
      .id;

  it("marks read up to the message: the reader's other tabs hear `read`, the sender gets the receipt", async () => {
    const [a, b, id] = await pair();
    const newest = await sendText(a, b, 'Still there?');
    expect(await unreadOf(b)).toBe(2);
    expect((await readUpTo(b, id, newest)).status).toBe(200);
    expect(await unreadOf(b)).toBe(0);
    expect(await eventsOf(b.id, 'read')).toEqual([{ type: 'read', conversation_id: id }]);
    expect(await eventsOf(a.id, 'seen')).toEqual([{ type: 'seen', conversation_id: id, message_id: newest }]);
    expect((await a.browser.get<ChatAnswer>(`/api/chat.php?id=${id}`)).body.seen_message_id).toBe(newest);
  });

  it("keeps the other member's newer messages unread, and never moves the receipt back", async () => {
    const [a, b, id] = await pair();
    const first = (await a.browser.get<ChatAnswer>(`/api/chat.php?id=${id}`)).body.messages[0]!.id;
    await readUpTo(b, id, first);
    const second = await sendText(a, b, 'Two');
    await sendText(a, b, 'Three');
    expect((await readUpTo(b, id, second)).status).toBe(200);
    expect(await unreadOf(b)).toBe(1);
    // Only the first read brought the counter back to 0: the other tabs keep the counter they have.
    expect(await eventsOf(b.id, 'read')).toHaveLength(1);
    expect((await readUpTo(b, id, first)).status).toBe(200);
    expect(await eventsOf(a.id, 'seen')).toEqual([
      { type: 'seen', conversation_id: id, message_id: first },
      { type: 'seen', conversation_id: id, message_id: second },
    ]);
    expect(await unreadOf(b)).toBe(1);
  });

  it('is idempotent: reading the same message again changes and tells nothing', async () => {
    const [a, b, id] = await pair();
    const newest = (await a.browser.get<ChatAnswer>(`/api/chat.php?id=${id}`)).body.messages.at(-1)!.id;
    for (let i = 0; i < 3; i++) expect((await readUpTo(b, id, newest)).status).toBe(200);
    expect(await eventsOf(b.id, 'read')).toHaveLength(1);
    expect(await eventsOf(a.id, 'seen')).toHaveLength(1);
    expect(await unreadOf(b)).toBe(0);
  });

  it("cannot mark another member's conversation, a message of another one, or beyond the last message", async () => {
    const [a, b, id] = await pair();
    const [, , otherId] = await pair();
    const newest = (await a.browser.get<ChatAnswer>(`/api/chat.php?id=${id}`)).body.messages.at(-1)!.id;
    const elsewhere = (
      await server.services.db
        .selectFrom('messages')
        .select('id')
        .where('conversation_id', '=', otherId)
        .executeTakeFirstOrThrow()
    ).id;
    const outsider = await live();
    expect((await readUpTo(outsider, id, newest)).status).toBe(404);
    expect((await readUpTo(b, id, elsewhere)).status).toBe(404);
    expect((await readUpTo(b, id, elsewhere + 1000)).status).toBe(404);
    expect((await readUpTo(b, id, 'x')).status).toBe(422);
    expect((await b.browser.post('/api/chat-read.php', { conversation_id: id })).status).toBe(422);
    expect(await unreadOf(b)).toBe(1);
    expect(await eventsOf(a.id, 'seen')).toEqual([]);
    expect(await eventsOf(b.id, 'read')).toEqual([]);
  });

  it('a blocked member learns nothing of what was read', async () => {
    const [a, b, id] = await pair();
    const newest = (await a.browser.get<ChatAnswer>(`/api/chat.php?id=${id}`)).body.messages.at(-1)!.id;
    await b.browser.post('/api/block.php', { profile_id: a.id });
    expect((await readUpTo(b, id, newest)).status).toBe(404);
    expect(await eventsOf(a.id, 'seen')).toEqual([]);
  });
});

describe('presence', () => {
  const chatWith = async (viewer: Member, id: number) =>
    (await viewer.browser.get<ChatAnswer>(`/api/chat.php?id=${id}`)).body.presence;
  const listed = async (viewer: Member, other: Member) =>
    (await viewer.browser.get<ChatsAnswer>('/api/chats.php')).body.chats.find((c) => c.profile.id === other.id)!
      .presence;

  it('shows "online" while a tab is open, "today" within a day, nothing before', async () => {
    const [a, b, id] = await pair();
    expect(await chatWith(a, id)).toBeNull();
    const now = server.services.now();
    await markStreamsSeen(server.services.db, [b.id], now);
    expect(await chatWith(a, id)).toBe('online');
    expect(await listed(a, b)).toBe('online');
    await markStreamsSeen(server.services.db, [b.id], now - PRESENCE_ONLINE_MS - 5_000);
    expect(await chatWith(a, id)).toBe('today');
    await markStreamsSeen(server.services.db, [b.id], now - 25 * 3_600_000);
    expect(await listed(a, b)).toBeNull();
  });

  it('never shows an invisible member, nor one who hides it, and the setting is saved and exported', async () => {
    const [a, b, id] = await pair();
    await markStreamsSeen(server.services.db, [b.id], server.services.now());
    const hidden = await b.browser.put<{ profile: { hide_presence: boolean } }>('/api/profile.php', {
      hide_presence: true,
    });
    expect(hidden.body.profile.hide_presence).toBe(true);
    expect(await chatWith(a, id)).toBeNull();
    expect(await listed(a, b)).toBeNull();
    await b.browser.put('/api/profile.php', { hide_presence: false, invisible: true });
    expect(await chatWith(a, id)).toBeNull();
    expect(await listed(a, b)).toBeNull();
    await b.browser.put('/api/profile.php', { invisible: false });
    expect(await chatWith(a, id)).toBe('online');
    expect((await b.browser.put('/api/profile.php', { hide_presence: 'yes' })).status).toBe(422);
    await b.browser.put('/api/profile.php', { hide_presence: true });
    const exported = unzipSync(new Uint8Array((await b.browser.get('/api/account-export.php')).bytes));
    expect(JSON.parse(strFromU8(exported['profile.json']!))).toMatchObject({ hide_presence: true });
  });
});

describe('a gift without enough credits', () => {
  it('says so for the gift, not for a message, with the code and the way to buy', async () => {
    const [a, b] = [await live(0), await live()];
    const res = await a.browser.post<{ error: string; message: string; buy_url: string }>('/api/gift.php', {
      profile_id: b.id,
      gift_id: GIFT_IDS[0],
    });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ error: 'insufficient_credits', buy_url: '/credits' });
    expect(res.body.message).toBe(`You do not have enough credits to send this gift to ${b.name}.`);
  });
});
