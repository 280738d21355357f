import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_CONVERSATION_LIMIT } from '@datekit/runtime/rules/constants';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { member, type TestMember } from '../../test/member.ts';
import { balanceOf } from '../credits/ledger.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = TestMember;
const chatter = (options: { activate?: boolean; credits?: number } = {}) =>
  member(server, { label: 'Chatter', ...options });

const send = (from: Member, to: Member, text = 'Hello there') =>
  from.browser.post('/api/message.php', { profile_id: to.id, text });
type Chats = {
  chats: {
    conversation: { id: number; last_message: { text: string } | null };
    profile: { id: number };
    num_unread_messages: number;
  }[];
  total_unread: number;
};

describe('conversations', () => {
  it('a message starts a conversation, costs message_credits, and shows as unread until opened', async () => {
    const [anna, ben] = [await chatter({ credits: 30 }), await chatter()];
    const res = await send(anna, ben, 'Hi Ben!');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ credits: 20, message: { kind: 'text', text: 'Hi Ben!', sender_id: anna.id } });
    const bens = (await ben.browser.get<Chats>('/api/chats.php')).body;
    expect(bens.total_unread).toBe(1);
    // The one statement that counts it for the recipient leaves the sender's own count alone.
    expect((await anna.browser.get<Chats>('/api/chats.php')).body.total_unread).toBe(0);
    expect(bens.chats).toEqual([
      expect.objectContaining({ profile: expect.objectContaining({ id: anna.id }), num_unread_messages: 1 }),
    ]);
    const id = bens.chats[0]!.conversation.id;
    const opened = await ben.browser.get<{ messages: { text: string }[] }>(`/api/chat.php?id=${id}`);
    expect(opened.body.messages.map((m) => m.text)).toEqual(['Hi Ben!']);
    expect((await ben.browser.get<Chats>('/api/chats.php')).body.total_unread).toBe(0);
    expect((await anna.browser.get<{ user: { credits: number } }>('/api/user.php')).body.user.credits).toBe(20);
  });

  it("answers another member's conversation exactly like one that does not exist", async () => {
    const [a, b, outsider] = [await chatter({ credits: 10 }), await chatter(), await chatter()];
    await send(a, b);
    const id = (await b.browser.get<Chats>('/api/chats.php')).body.chats[0]!.conversation.id;
    for (const res of [
      await outsider.browser.get(`/api/chat.php?id=${id}`),
      await outsider.browser.get('/api/chat.php?id=999999'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
    expect((await outsider.browser.request('DELETE', '/api/chat.php', { body: { conversation: { id } } })).status).toBe(
      404,
    );
  });

  it('pages a conversation 50 messages at a time, newest last, within its newest 200', async () => {
    const [anna, ben] = [await chatter({ credits: 10 }), await chatter()];
    await send(anna, ben, 'message 1');
    const id = (await ben.browser.get<Chats>('/api/chats.php')).body.chats[0]!.conversation.id;
    const sendUpTo = async (from: number, to: number) => {
      const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      await server.services.db
        .insertInto('messages')
        .values(
          numbers.map((n) => ({
            conversation_id: id,
            sender_id: anna.id,
            kind: 'text' as const,
            body: `message ${n}`,
            gift_id: null,
            photo_filename: null,
            created_at: server.services.now() + n,
          })),
        )
        .execute();
    };
    type Page = { messages: { id: number; text: string }[]; has_more: boolean };
    const pages = async () => {
      const found: string[][] = [];
      let before: number | undefined;
      do {
        const page = await ben.browser.get<Page>(`/api/chat.php?id=${id}${before ? `&before=${before}` : ''}`);
        found.push(page.body.messages.map((m) => m.text));
        before = page.body.has_more ? page.body.messages[0]!.id : undefined;
      } while (before);
      return found.map((texts) => [texts.length, texts[0], texts.at(-1)]);
    };
    await sendUpTo(2, 60);
    expect(await pages()).toEqual([
      [50, 'message 11', 'message 60'],
      [10, 'message 1', 'message 10'],
    ]);
    // Past 200 messages, the oldest are hidden.
    await sendUpTo(61, 210);
    expect(await pages()).toEqual([
      [50, 'message 161', 'message 210'],
      [50, 'message 111', 'message 160'],
      [50, 'message 61', 'message 110'],
      [50, 'message 11', 'message 60'],
    ]);
  });

  it('deleting a chat removes it from the list for you only; a new message brings it back', async () => {
    const [a, b] = [await chatter({ credits: 20 }), await chatter()];
    await send(a, b, 'first');
    const id = (await b.browser.get<Chats>('/api/chats.php')).body.chats[0]!.conversation.id;
    expect((await b.browser.request('DELETE', '/api/chat.php', { body: { conversation: { id } } })).body).toEqual({
      ok: true,
    });
    expect((await b.browser.get<Chats>('/api/chats.php')).body.chats).toEqual([]);
    expect((await a.browser.get<Chats>('/api/chats.php')).body.chats).toHaveLength(1);
    await send(a, b, 'second');
    const back = (await b.browser.get<{ messages: { text: string }[] }>(`/api/chat.php?id=${id}`)).body.messages;
    expect(back.map((m) => m.text)).toEqual(['second']);
  });

  it('keeps text as text: markup is stored and returned verbatim, never interpreted', async () => {
    const [a, b] = [await chatter({ credits: 10 }), await chatter()];
    const res = await send(a, b, '<img src=x onerror=alert(1)>');
    expect(res.body.message).toMatchObject({ text: '<img src=x onerror=alert(1)>' });
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('paid messaging', () => {
  it("refuses a message without enough credits with the spec's message and a way to buy", async () => {
    const [a, b] = [await chatter({ credits: 5 }), await chatter()];
    const res = await send(a, b);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      error: 'insufficient_credits',
      message: `You do not have enough credits to send this message to ${b.name}.`,
      buy_url: '/credits',
      credits: 5,
      cost: 10,
    });
    expect((await b.browser.get<Chats>('/api/chats.php')).body.chats).toEqual([]);
  });

  it(`lets a free member start ${FREE_CONVERSATION_LIMIT} conversations, a premium member more`, async () => {
    const sender = await chatter({ credits: 100 });
    const others = [await chatter(), await chatter(), await chatter()];
    for (let i = 0; i < FREE_CONVERSATION_LIMIT; i++) expect((await send(sender, others[i]!)).status).toBe(201);
    const third = await send(sender, others[FREE_CONVERSATION_LIMIT]!);
    expect(third.status).toBe(403);
    expect(third.body.message).toBe('This feature is only available for premium members.');
    expect((await send(sender, others[0]!)).status).toBe(201); // an existing conversation goes on
    await server.services.db.updateTable('users').set({ paid_user: 1 }).where('id', '=', sender.id).execute();
    expect((await send(sender, others[FREE_CONVERSATION_LIMIT]!)).status).toBe(201);
  });

  it('refuses replies to a member who has not confirmed the e-mail', async () => {
    const pending = await chatter({ activate: false, credits: 20 });
    const replier = await chatter({ credits: 20 });
    await server.services.db.updateTable('profiles').set({ status: 'active' }).where('id', '=', pending.id).execute();
    const res = await send(replier, pending);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('recipient_not_confirmed');
  });

  it('refuses empty and too long messages without charging', async () => {
    const [a, b] = [await chatter({ credits: 20 }), await chatter()];
    expect((await send(a, b, '   ')).body.error).toBe('message_empty');
    expect((await send(a, b, 'x'.repeat(1001))).body).toMatchObject({ error: 'message_too_long', max: 1000 });
    expect(await balanceOf(server.services.db, a.id)).toBe(20);
  });

  it('100 concurrent sends with credits for exactly 10 messages: exactly 10 succeed and the balance ends at 0', async () => {
    const [rich, target] = [await chatter({ credits: 100 }), await chatter()];
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => send(rich, target, `message ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(90);
    expect(await balanceOf(server.services.db, rich.id)).toBe(0);
    const messages = await server.services.db
      .selectFrom('messages')
      .select('id')
      .where('sender_id', '=', rich.id)
      .execute();
    expect(messages).toHaveLength(10);
  });
});

describe('blocking and invisible mode in the chat', () => {
  it('blocking deletes the chat and stops messages both ways', async () => {
    const [a, b] = [await chatter({ credits: 30 }), await chatter({ credits: 30 })];
    await send(a, b);
    await b.browser.post('/api/block.php', { profile_id: a.id });
    expect((await a.browser.get<Chats>('/api/chats.php')).body.chats).toEqual([]);
    expect((await send(a, b)).body.error).toBe('blocked_by');
    expect((await send(b, a)).status).toBe(404);
  });

  it('nobody can message an invisible member first, but existing partners still can', async () => {
    const [hidden, partner, stranger] = [
      await chatter({ credits: 30 }),
      await chatter({ credits: 30 }),
      await chatter({ credits: 30 }),
    ];
    await send(hidden, partner, 'I start this one');
    await server.services.db.updateTable('profiles').set({ invisible: 1 }).where('id', '=', hidden.id).execute();
    expect((await send(stranger, hidden)).status).toBe(404);
    expect((await send(partner, hidden, 'and I answer')).status).toBe(201);
  });
});

describe('gifts, photos and icebreakers', () => {
  it("lists the gifts with translated names and this brand's prices", async () => {
    const res = await server.client().get<{ gifts: { id: string; name: string; price: number }[] }>('/api/gifts.php');
    expect(res.body.gifts).toContainEqual({ id: 'rose', name: 'A rose', price: 30 });
    expect(res.body.gifts).toContainEqual({ id: 'diamond-ring', name: 'A diamond ring', price: 100 });
    const dutch = server.client();
    dutch.cookies.set('lang', 'nl');
    expect((await dutch.get<{ gifts: { name: string }[] }>('/api/gifts.php')).body.gifts[0]!.name).toBe('Een roos');
  });

  it('sends a gift for its price, and refuses one that is not in the catalogue', async () => {
    const [a, b] = [await chatter({ credits: 100 }), await chatter()];
    const res = await a.browser.post('/api/gift.php', { profile_id: b.id, gift_id: 'champagne' });
    expect(res.body).toMatchObject({ credits: 40, message: { kind: 'gift', gift: 'champagne' } });
    expect((await a.browser.post('/api/gift.php', { profile_id: b.id, gift_id: 'car' })).status).toBe(422);
  });

  it('a chat photo costs photo_credits; a free recipient gets only the blurred version, a premium one the photo', async () => {
    const sharp = (await import('sharp')).default;
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b35' } })
      .jpeg()
      .toBuffer();
    const [a, free, premium] = [await chatter({ credits: 100 }), await chatter(), await chatter()];
    await server.services.db.updateTable('users').set({ paid_user: 1 }).where('id', '=', premium.id).execute();
    const toFree = await a.browser.request<{ message: { photo: string; photo_locked: boolean }; credits: number }>(
      'POST',
      `/api/chat-photo.php?profile_id=${free.id}`,
      { raw: image, headers: { 'content-type': 'image/jpeg' } },
    );
    expect(toFree.body).toMatchObject({ credits: 80, message: { photo_locked: false } });
    const freeChats = (await free.browser.get<Chats>('/api/chats.php')).body.chats;
    const seenByFree = (
      await free.browser.get<{ messages: { photo: string; photo_locked: boolean }[] }>(
        `/api/chat.php?id=${freeChats[0]!.conversation.id}`,
      )
    ).body.messages[0]!;
    expect(seenByFree.photo_locked).toBe(true);
    expect(seenByFree.photo).toMatch(/^\/media\/photos\/[0-9a-f]{32}\.webp$/);
    expect(seenByFree.photo).not.toBe(toFree.body.message.photo);
    await a.browser.request('POST', `/api/chat-photo.php?profile_id=${premium.id}`, {
      raw: image,
      headers: { 'content-type': 'image/jpeg' },
    });
    const premiumChats = (await premium.browser.get<Chats>('/api/chats.php')).body.chats;
    const seenByPremium = (
      await premium.browser.get<{ messages: { photo_locked: boolean }[] }>(
        `/api/chat.php?id=${premiumChats[0]!.conversation.id}`,
      )
    ).body.messages[0]!;
    expect(seenByPremium.photo_locked).toBe(false);
  });

  it('a premium member whose credits run out stays premium: photos in full; messages still cost credits', async () => {
    const sharp = (await import('sharp')).default;
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a5' } })
      .jpeg()
      .toBuffer();
    const [a, premium] = [await chatter({ credits: 100 }), await chatter({ credits: 10 })];
    await server.services.db.updateTable('users').set({ paid_user: 1 }).where('id', '=', premium.id).execute();
    await a.browser.request('POST', `/api/chat-photo.php?profile_id=${premium.id}`, {
      raw: image,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect((await send(premium, a, 'Thanks!')).body).toMatchObject({ credits: 0 });

    const me = (await premium.browser.get<{ user: { paid_user: boolean; credits: number } }>('/api/user.php')).body;
    expect(me.user).toMatchObject({ paid_user: true, credits: 0 });
    const chat = (await premium.browser.get<Chats>('/api/chats.php')).body.chats[0]!;
    const messages = (
      await premium.browser.get<{ messages: { kind: string; photo_locked: boolean }[] }>(
        `/api/chat.php?id=${chat.conversation.id}`,
      )
    ).body.messages;
    expect(messages.find((m) => m.kind === 'photo')).toMatchObject({ photo_locked: false });
    const refused = await send(premium, a);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'insufficient_credits', credits: 0 });
  });

  it('refuses a forged chat photo and charges nothing', async () => {
    const [a, b] = [await chatter({ credits: 100 }), await chatter()];
    const res = await a.browser.request('POST', `/api/chat-photo.php?profile_id=${b.id}`, {
      raw: Buffer.from('not an image'),
      headers: { 'content-type': 'image/png' },
    });
    expect(res.status).toBe(422);
    expect(await balanceOf(server.services.db, a.id)).toBe(100);
  });

  it('suggests icebreakers in the visitor language', async () => {
    const res = await server.client().get<{ icebreakers: string[] }>('/api/icebreakers.php');
    expect(res.body.icebreakers).toHaveLength(8);
    expect(res.body.icebreakers[2]).toBe('Coffee or wine for a first date?');
  });
});

describe('the signup message', () => {
  it('becomes the first message of the conversation with the member the visitor signed up to contact, once activated', async () => {
    const target = await chatter();
    const visitor = server.client();
    await visitor.post(
      '/api/signup.php',
      validSignup({
        email: 'wants-to-talk@example.com',
        signup_message: 'Hi, I signed up to meet you!',
        target_profile_id: target.id,
      }),
    );
    expect((await target.browser.get<Chats>('/api/chats.php')).body.chats).toEqual([]);
    await visitor.get(pathOf(server.latestActivationLink()));
    const chats = (await target.browser.get<Chats>('/api/chats.php')).body;
    expect(chats.total_unread).toBe(1);
    expect(chats.chats[0]!.conversation.last_message).toMatchObject({ text: 'Hi, I signed up to meet you!' });
    // Free as part of the signup: the new member keeps the signup credits.
    expect((await visitor.get<{ user: { credits: number } }>('/api/user.php')).body.user.credits).toBe(20);
  });
});
