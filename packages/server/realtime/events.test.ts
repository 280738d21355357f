import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { balanceOf, book } from '../features/credits/ledger.ts';
import { openEventStream } from '../test/event-stream.ts';
import { TestClient } from '../test/http-client.ts';
import { activationLink, pathOf, startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { createPostgresBus } from './event-bus.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let counter = 0;
async function member(credits = 0): Promise<{ id: number; browser: TestClient }> {
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: `live-${++counter}@example.com` }),
  );
  await browser.get(pathOf(activationLink(server.outbox().at(-1)!)));
  const id = res.body.user.profile.id;
  const balance = await balanceOf(server.services.db, id);
  await book(server.services.db, { userId: id, amount: credits - balance, reason: 'grant', at: server.services.now() });
  return { id, browser };
}

describe('live events', () => {
  it('a message reaches every open tab of the recipient, and the sender sees the new balance', async () => {
    const [anna, ben] = [await member(20), await member()];
    const [tab1, tab2, annaTab] = [
      await openEventStream(ben.browser),
      await openEventStream(ben.browser),
      await openEventStream(anna.browser),
    ];
    try {
      await anna.browser.post('/api/message.php', { profile_id: ben.id, text: 'live!' });
      for (const tab of [tab1, tab2]) {
        const event = await tab.next('message');
        expect(event.data).toMatchObject({ type: 'message', message: { text: 'live!', sender_id: anna.id } });
      }
      expect((await annaTab.next('credits')).data).toEqual({ type: 'credits', credits: 10 });
    } finally {
      [tab1, tab2, annaTab].forEach((t) => t.close());
    }
  });

  it('likes and matches arrive at once', async () => {
    const [a, b] = [await member(), await member()];
    const [aTab, bTab] = [await openEventStream(a.browser), await openEventStream(b.browser)];
    try {
      await a.browser.post('/api/like.php', { profile_id: b.id });
      expect((await bTab.next('like')).data).toEqual({ type: 'like', profile_id: a.id });
      await b.browser.post('/api/like.php', { profile_id: a.id });
      expect((await aTab.next('match')).data).toEqual({ type: 'match', profile_id: b.id });
      expect((await bTab.next('match')).data).toEqual({ type: 'match', profile_id: a.id });
    } finally {
      aTab.close();
      bTab.close();
    }
  });

  it('opening a chat tells the other tabs it was read', async () => {
    const [a, b] = [await member(10), await member()];
    await a.browser.post('/api/message.php', { profile_id: b.id, text: 'read me' });
    const tab = await openEventStream(b.browser);
    try {
      const { body } = await b.browser.get<{ chats: { conversation: { id: number } }[] }>('/api/chats.php');
      await b.browser.get(`/api/chat.php?id=${body.chats[0]!.conversation.id}`);
      expect((await tab.next('read')).data).toMatchObject({ type: 'read' });
    } finally {
      tab.close();
    }
  });

  it('needs a logged-in member', async () => {
    const res = await server.client().get('/api/events');
    expect(res.status).toBe(403);
    expect(res.body.authentication_required).toBe(true);
  });
});

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('several server instances on one PostgreSQL', () => {
  it('an event reaches the member whichever instance their tab is connected to', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    // A channel of this test's own, so parallel test files never hear each other's members.
    const channel = `datekit_test_${randomBytes(4).toString('hex')}`;
    const [busA, busB] = [await createPostgresBus(url, channel), await createPostgresBus(url, channel)];
    const instanceA = createApp({ ...server.services, events: busA });
    const instanceB = createApp({ ...server.services, events: busB });
    await instanceA.listen({ port: 0, host: '127.0.0.1' });
    await instanceB.listen({ port: 0, host: '127.0.0.1' });
    const portOf = (app: typeof instanceA) => (app.server.address() as AddressInfo).port;
    try {
      const [sender, recipient] = [await member(10), await member()];
      const tab = await openEventStream(recipient.browser, portOf(instanceB));
      try {
        const onA = new TestClient(portOf(instanceA), 'alpha.test');
        for (const [k, v] of sender.browser.cookies) onA.cookies.set(k, v);
        expect(
          (await onA.post('/api/message.php', { profile_id: recipient.id, text: 'across instances' })).status,
        ).toBe(201);
        expect((await tab.next('message')).data).toMatchObject({ message: { text: 'across instances' } });
      } finally {
        tab.close();
      }
    } finally {
      await instanceA.close();
      await instanceB.close();
      await busA.close();
      await busB.close();
    }
  });
});
