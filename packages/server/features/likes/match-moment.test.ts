import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.ts';
import { TestClient } from '../../test/http-client.ts';
import { startTwoInstances } from '../../test/two-instances.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { member, type TestMember } from '../../test/member.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = TestMember;
const activeMember = () => member(server, { label: 'Moment' });

type Moment = { profile: { id: number; fictional: boolean } | null };
const momentOf = async (m: Member) => (await m.browser.get<Moment>('/api/match-moment.php')).body.profile?.id ?? null;
const seen = (m: Member, other: Member) => m.browser.post('/api/match-moment.php', { profile_id: other.id });

describe('the match moment', () => {
  it('a like back sends one match event to each member, live, and the match stays unseen for each until shown', async () => {
    const [anna, ben] = [await activeMember(), await activeMember()];
    const [annaTab, benTab] = [await openEventStream(anna.browser), await openEventStream(ben.browser)];
    try {
      await anna.browser.post('/api/like.php', { profile_id: ben.id });
      expect(await momentOf(anna)).toBeNull();
      expect(await momentOf(ben)).toBeNull();
      expect((await ben.browser.post('/api/like.php', { profile_id: anna.id })).body).toEqual({ match: true });
      expect((await annaTab.next('match')).data).toEqual({ type: 'match', profile_id: ben.id });
      expect((await benTab.next('match')).data).toEqual({ type: 'match', profile_id: anna.id });
      expect(annaTab.received.filter((e) => e.type === 'match')).toHaveLength(1);
      expect(benTab.received.filter((e) => e.type === 'match')).toHaveLength(1);
    } finally {
      annaTab.close();
      benTab.close();
    }
    expect(await momentOf(anna)).toBe(ben.id);
    expect(await momentOf(ben)).toBe(anna.id);
    expect((await seen(anna, ben)).body).toEqual({ ok: true });
    expect(await momentOf(anna)).toBeNull();
    // Ben has not seen his yet; seeing it twice changes nothing.
    expect(await momentOf(ben)).toBe(anna.id);
    await seen(ben, anna);
    await seen(ben, anna);
    expect(await momentOf(ben)).toBeNull();
  });

  it('a member who was offline meets her newest unseen match on her next page, one at a time', async () => {
    const [me, first, second] = [await activeMember(), await activeMember(), await activeMember()];
    await me.browser.post('/api/like.php', { profile_id: first.id });
    await me.browser.post('/api/like.php', { profile_id: second.id });
    await first.browser.post('/api/like.php', { profile_id: me.id });
    server.advance(1000);
    await second.browser.post('/api/like.php', { profile_id: me.id });
    expect(await momentOf(me)).toBe(second.id);
    await seen(me, second);
    expect(await momentOf(me)).toBe(first.id);
    await seen(me, first);
    expect(await momentOf(me)).toBeNull();
  });

  it('a match through the swipe game is a moment too; a blocked match is none', async () => {
    const [me, other] = [await activeMember(), await activeMember()];
    await other.browser.post('/api/like.php', { profile_id: me.id });
    expect((await me.browser.post<{ match: boolean }>('/api/swipe.php', { profile_id: other.id })).body.match).toBe(
      true,
    );
    expect(await momentOf(me)).toBe(other.id);
    await me.browser.post('/api/block.php', { profile_id: other.id });
    expect(await momentOf(me)).toBeNull();
    expect(await momentOf(other)).toBeNull();
  });

  it('two members liking each other at the same moment still make one match, seen by both', async () => {
    const [a, b] = [await activeMember(), await activeMember()];
    const answers = await Promise.all([
      a.browser.post<{ match: boolean }>('/api/like.php', { profile_id: b.id }),
      b.browser.post<{ match: boolean }>('/api/like.php', { profile_id: a.id }),
    ]);
    expect(answers.map((r) => r.body.match).filter(Boolean)).toHaveLength(1);
    expect(await momentOf(a)).toBe(b.id);
    expect(await momentOf(b)).toBe(a.id);
  });

  it('refuses a malformed seen call with a 422, and needs a logged-in member', async () => {
    const me = await activeMember();
    expect((await me.browser.post('/api/match-moment.php', { profile_id: 'x' })).status).toBe(422);
    expect((await me.browser.post('/api/match-moment.php', {})).status).toBe(422);
    expect((await server.client().get('/api/match-moment.php')).status).toBe(403);
  });
});

describe('the first like of a new member (auto-like)', () => {
  it('a member whom nobody liked is liked once by a fictional member of her brand; liking back makes a match', async () => {
    const fictional = await activeMember();
    await server.services.db.updateTable('profiles').set({ fictional: 1 }).where('id', '=', fictional.id).execute();
    const me = await activeMember();
    const tab = await openEventStream(me.browser);
    try {
      const first = await me.browser.get<Moment>('/api/auto-like.php');
      expect(first.body.profile).toMatchObject({ id: fictional.id, fictional: true });
      expect((await tab.next('like')).data).toEqual({ type: 'like', profile_id: fictional.id });
    } finally {
      tab.close();
    }
    // Until she opens the profile it is the same unseen like, not a second one.
    expect((await me.browser.get<Moment>('/api/auto-like.php')).body.profile?.id).toBe(fictional.id);
    const likes = await me.browser.get<{ liked_by: { id: number }[] }>('/api/likes.php');
    expect(likes.body.liked_by).toEqual([{ id: fictional.id, like_new: true }]);
    expect((await me.browser.post('/api/like.php', { profile_id: fictional.id })).body).toEqual({ match: true });
    expect(await momentOf(me)).toBe(fictional.id);
    await me.browser.get(`/api/member.php?id=${fictional.id}`);
    expect((await me.browser.get('/api/auto-like.php')).body).toEqual({ profile: null });
  });

  it('a member someone already liked gets no fictional like, nor does one with no fictional member to show', async () => {
    const fictional = await activeMember();
    await server.services.db.updateTable('profiles').set({ fictional: 1 }).where('id', '=', fictional.id).execute();
    const [me, liker] = [await activeMember(), await activeMember()];
    await liker.browser.post('/api/like.php', { profile_id: me.id });
    await me.browser.get(`/api/member.php?id=${liker.id}`);
    expect((await me.browser.get('/api/auto-like.php')).body).toEqual({ profile: null });
    const other = await activeMember();
    await server.services.db.updateTable('profiles').set({ fictional: 0 }).where('fictional', '=', 1).execute();
    expect((await other.browser.get('/api/auto-like.php')).body).toEqual({ profile: null });
  });
});

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('the match moment across instances', () => {
  it('reaches the member whose stream is on another instance than the like back', async () => {
    const instances = await startTwoInstances(server.services);
    try {
      const [anna, ben] = [await activeMember(), await activeMember()];
      await anna.browser.post('/api/like.php', { profile_id: ben.id });
      const tab = await openEventStream(anna.browser, instances.portB);
      try {
        const onA = new TestClient(instances.portA, 'alpha.test');
        for (const [k, v] of ben.browser.cookies) onA.cookies.set(k, v);
        expect((await onA.post('/api/like.php', { profile_id: anna.id })).body).toEqual({ match: true });
        expect((await tab.next('match')).data).toEqual({ type: 'match', profile_id: ben.id });
      } finally {
        tab.close();
      }
    } finally {
      await instances.close();
    }
  });
});
