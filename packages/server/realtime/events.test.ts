import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceOf, book } from '../features/credits/ledger.ts';
import { openEventStream, type EventStream } from '../test/event-stream.ts';
import { TestClient } from '../test/http-client.ts';
import { startTwoInstances } from '../test/two-instances.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { hasOpenTab } from '../features/notifications/presence.ts';
import { EVENT_RETENTION_MS, pruneEvents } from './event-store.ts';
import { presenceWritten } from './events.routes.ts';

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
  await browser.get(pathOf(server.latestActivationLink()));
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

describe('resuming after Last-Event-ID', () => {
  const send = (from: { browser: TestClient }, to: { id: number }, text: string) =>
    from.browser.post('/api/message.php', { profile_id: to.id, text });
  const texts = (events: { type: string; data: Record<string, unknown> }[]) =>
    events.filter((e) => e.type === 'message').map((e) => (e.data.message as { text: string }).text);

  it('replays every event after the id, in order, then goes live, with no event twice', async () => {
    const [anna, ben] = [await member(100), await member()];
    const tab = await openEventStream(ben.browser);
    await send(anna, ben, 'one');
    const first = await tab.next('message');
    expect(first.id).toBeGreaterThan(0);
    tab.close();
    for (const text of ['two', 'three', 'four']) expect((await send(anna, ben, text)).status).toBe(201);

    const resumed = await openEventStream(ben.browser, undefined, { lastEventId: String(first.id) });
    try {
      for (const text of ['two', 'three', 'four'])
        expect((await resumed.next('message')).data).toMatchObject({ message: { text } });
      await send(anna, ben, 'five');
      expect((await resumed.next('message')).data).toMatchObject({ message: { text: 'five' } });
      expect(texts(resumed.received)).toEqual(['two', 'three', 'four', 'five']);
      expect(resumed.received[0]).toMatchObject({ type: 'ready', id: first.id });
      const ids = resumed.received.map((e) => e.id!);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
      expect(resumed.lastEventId()).toBe(String(ids.at(-1)));
    } finally {
      resumed.close();
    }
  });

  it('takes the id from the last_event_id query parameter when a new EventSource has no header', async () => {
    const [anna, ben] = [await member(100), await member()];
    const tab = await openEventStream(ben.browser);
    await send(anna, ben, 'before');
    const seen = await tab.next('message');
    tab.close();
    await send(anna, ben, 'while away');
    const resumed = await openEventStream(ben.browser, undefined, { query: `last_event_id=${seen.id}` });
    try {
      expect((await resumed.next('message')).data).toMatchObject({ message: { text: 'while away' } });
    } finally {
      resumed.close();
    }
  });

  it('starts a new stream at the newest event, whose id the ready event carries', async () => {
    const [anna, ben] = [await member(100), await member()];
    await send(anna, ben, 'old news');
    const tab = await openEventStream(ben.browser);
    try {
      await send(anna, ben, 'new');
      expect((await tab.next('message')).data).toMatchObject({ message: { text: 'new' } });
      expect(texts(tab.received)).toEqual(['new']);
    } finally {
      tab.close();
    }
    // A tab that received nothing yet still resumes: the ready event's id is the newest event.
    const quiet = await openEventStream(ben.browser);
    const id = (await quiet.next('ready')).id;
    expect(String(id)).toBe(quiet.lastEventId());
    quiet.close();
    await send(anna, ben, 'missed while reconnecting');
    const back = await openEventStream(ben.browser, undefined, { lastEventId: String(id) });
    try {
      expect((await back.next('message')).data).toMatchObject({ message: { text: 'missed while reconnecting' } });
    } finally {
      back.close();
    }
  });

  it('opens in one query after the session lookup, and records the tab as present in the heartbeat’s batch', async () => {
    const [anna, ben] = [await member(100), await member()];
    const seen = await openEventStream(ben.browser);
    await send(anna, ben, 'before');
    const from = (await seen.next('message')).id!;
    seen.close();
    await send(anna, ben, 'while away');
    // Both connections (on SQLite the stream reads through the read-only one).
    const { db, reads } = server.services;
    const queries: string[] = [];
    const spies = [...new Set([db, reads])].map((instance) => {
      const executor = instance.getExecutor();
      const execute = executor.executeQuery.bind(executor);
      return vi.spyOn(executor, 'executeQuery').mockImplementation((query) => {
        queries.push(query.sql);
        return execute(query);
      });
    });
    let resumed: EventStream | undefined;
    try {
      resumed = await openEventStream(ben.browser, undefined, { lastEventId: String(from) });
      expect((await resumed.next('message')).data).toMatchObject({ message: { text: 'while away' } });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    try {
      // The session lookup aside (cached elsewhere), and the heartbeat's presence batch, which is no
      // part of the open: the starting point, the session's re-check and the first events are one.
      const opening = queries.filter(
        (q) => !/^select .* from "users" as "u" .*"sessions"/s.test(q) && !/member_presence/.test(q),
      );
      expect(opening).toHaveLength(1);
      expect(opening[0]).toMatch(/with opening as/);
      await presenceWritten(server.services);
      expect(await hasOpenTab(server.services.db, ben.id, server.services.now())).toBe(true);
    } finally {
      resumed?.close();
    }
  });

  it('delivers messages of concurrent senders exactly once each, ids increasing', async () => {
    const ben = await member();
    const senders = [await member(1000), await member(1000), await member(1000), await member(1000)];
    const tab = await openEventStream(ben.browser);
    try {
      const sent = senders.flatMap((s, i) => [0, 1, 2, 3, 4].map((n) => ({ s, text: `c${i}-${n}` })));
      const answers = await Promise.all(sent.map(({ s, text }) => send(s, ben, text)));
      expect(answers.every((a) => a.status === 201)).toBe(true);
      for (let i = 0; i < sent.length; i++) await tab.next('message');
      expect(texts(tab.received).sort()).toEqual(sent.map((s) => s.text).sort());
      const ids = tab.received.filter((e) => e.type === 'message').map((e) => e.id!);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      // A tab resuming from the first of them gets exactly the others.
      const resumed = await openEventStream(ben.browser, undefined, { lastEventId: String(ids[0]) });
      for (let i = 1; i < sent.length; i++) await resumed.next('message');
      expect(resumed.received.map((e) => e.id)).toEqual(ids);
      expect(resumed.received[0]!.type).toBe('ready');
      resumed.close();
    } finally {
      tab.close();
    }
  });

  it('records no event for a change that rolls back', async () => {
    const [anna, ben] = [await member(0), await member()];
    const tab = await openEventStream(ben.browser);
    try {
      // Refused for want of credits: nothing is stored, nothing announced.
      expect((await send(anna, ben, 'cannot pay')).status).toBe(402);
      await expect(
        server.services.db.transaction().execute(async (trx) => {
          await server.services.events.publish(trx, ben.id, { type: 'like', profile_id: anna.id });
          throw new Error('the change fails after the event was written');
        }),
      ).rejects.toThrow('the change fails');
      const rows = await server.services.db
        .selectFrom('member_events')
        .select('type')
        .where('member_id', '=', ben.id)
        .execute();
      expect(rows).toEqual([]);
      await server.services.events.publish(server.services.db, ben.id, { type: 'match', profile_id: anna.id });
      await tab.next('match');
      expect(tab.received.map((e) => e.type)).toEqual(['ready', 'match']);
    } finally {
      tab.close();
    }
  });

  it('tells a tab whose id is no longer kept, or is not its own, to reload (reset)', async () => {
    const [anna, ben] = [await member(100), await member()];
    const annaTab = await openEventStream(anna.browser);
    await send(anna, ben, 'hello');
    const annasOwn = await annaTab.next('message');
    annaTab.close();
    for (const lastEventId of [String(annasOwn.id), 'garbage', '99999999999']) {
      const tab = await openEventStream(ben.browser, undefined, { lastEventId });
      try {
        const reset = await tab.next('reset');
        expect(reset.data).toEqual({ type: 'reset' });
        expect(Number(tab.lastEventId())).toBeGreaterThan(0);
        expect(tab.received.map((e) => e.type)).toEqual(['reset']);
      } finally {
        tab.close();
      }
    }
  });

  it('prunes events past the retention; resuming from a pruned one answers reset', async () => {
    const [anna, ben] = [await member(100), await member()];
    const tab = await openEventStream(ben.browser);
    await send(anna, ben, 'soon forgotten');
    const old = await tab.next('message');
    tab.close();
    const deleted = await pruneEvents(server.services.db, Date.now() + EVENT_RETENTION_MS + 1000);
    expect(deleted).toBeGreaterThan(0);
    const count = await server.services.db
      .selectFrom('member_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    const back = await openEventStream(ben.browser, undefined, { lastEventId: String(old.id) });
    try {
      expect((await back.next('reset')).type).toBe('reset');
    } finally {
      back.close();
    }
  });
});

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('several server instances on one PostgreSQL', () => {
  it('an event reaches the member whichever instance their tab is connected to', async () => {
    const instances = await startTwoInstances(server.services);
    try {
      const [sender, recipient] = [await member(10), await member()];
      const tab = await openEventStream(recipient.browser, instances.portB);
      try {
        const onA = new TestClient(instances.portA, 'alpha.test');
        for (const [k, v] of sender.browser.cookies) onA.cookies.set(k, v);
        expect(
          (await onA.post('/api/message.php', { profile_id: recipient.id, text: 'across instances' })).status,
        ).toBe(201);
        expect((await tab.next('message')).data).toMatchObject({ message: { text: 'across instances' } });
      } finally {
        tab.close();
      }
    } finally {
      await instances.close();
    }
  });
});
