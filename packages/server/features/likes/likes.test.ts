import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.ts';
import { startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { member, type TestMember } from '../../test/member.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = TestMember;
const activeMember = (host?: string) =>
  member(server, { label: 'Liker', host, signup: { tracking: { network: 'n' } } });

type Likes = {
  liked_by: { id: number; like_new: boolean }[];
  likes: { id: number }[];
  matches: number[];
  profiles: { id: number }[];
};
const likesOf = async (m: Member) => (await m.browser.get<Likes>('/api/likes.php')).body;

describe('likes and matches', () => {
  it('a like shows as new for the liked member, a like back makes a match for both', async () => {
    const [anna, ben] = [await activeMember(), await activeMember()];
    expect((await anna.browser.post('/api/like.php', { profile_id: ben.id })).body).toEqual({ match: false });
    expect(await likesOf(ben)).toMatchObject({ liked_by: [{ id: anna.id, like_new: true }], likes: [], matches: [] });
    expect((await ben.browser.post('/api/like.php', { profile_id: anna.id })).body).toEqual({ match: true });
    expect((await likesOf(anna)).matches).toEqual([ben.id]);
    expect((await likesOf(ben)).matches).toEqual([anna.id]);
  });

  it('orders received likes new first and clears the new flag when the profile is opened', async () => {
    const [me, first, second] = [await activeMember(), await activeMember(), await activeMember()];
    await first.browser.post('/api/like.php', { profile_id: me.id });
    server.advance(1000);
    await second.browser.post('/api/like.php', { profile_id: me.id });
    expect((await likesOf(me)).liked_by).toEqual([
      { id: second.id, like_new: true },
      { id: first.id, like_new: true },
    ]);
    await me.browser.get(`/api/member.php?id=${second.id}`);
    expect((await likesOf(me)).liked_by).toEqual([
      { id: first.id, like_new: true },
      { id: second.id, like_new: false },
    ]);
  });

  it('auto-like gives the newest unseen liker with a match image path, or null', async () => {
    const [me, liker] = [await activeMember(), await activeMember()];
    expect((await me.browser.get('/api/auto-like.php')).body).toEqual({ profile: null });
    await liker.browser.post('/api/like.php', { profile_id: me.id });
    expect((await me.browser.get('/api/auto-like.php')).body).toMatchObject({ profile: { id: liker.id } });
  });

  it('liking twice changes nothing; unliking removes the like', async () => {
    const [a, b] = [await activeMember(), await activeMember()];
    await a.browser.post('/api/like.php', { profile_id: b.id });
    await a.browser.post('/api/like.php', { profile_id: b.id });
    expect((await likesOf(b)).liked_by).toHaveLength(1);
    const res = await a.browser.request('DELETE', '/api/like.php', { body: { profile_id: b.id } });
    expect(res.body).toEqual({ ok: true });
    expect((await likesOf(b)).liked_by).toEqual([]);
  });

  it('refuses liking yourself, an unknown member, a member of another brand and a not yet activated one', async () => {
    const me = await activeMember();
    expect((await me.browser.post('/api/like.php', { profile_id: me.id })).body.error).toBe('cannot_like_self');
    expect((await me.browser.post('/api/like.php', { profile_id: 999_999 })).status).toBe(404);
    const other = await activeMember('beta.test');
    expect((await me.browser.post('/api/like.php', { profile_id: other.id })).status).toBe(404);
    const pending = await server
      .client()
      .post<{ user: { profile: { id: number } } }>(
        '/api/signup.php',
        validSignup({ email: 'pending-like@example.com' }),
      );
    expect((await me.browser.post('/api/like.php', { profile_id: pending.body.user.profile.id })).status).toBe(404);
  });

  it('needs a logged-in member', async () => {
    const res = await server.client().get('/api/likes.php');
    expect(res.status).toBe(403);
    expect(res.body.authentication_required).toBe(true);
  });
});

describe("another member's profile", () => {
  it("shows the brand's visible profile fields and nothing else", async () => {
    const [viewer, other] = [await activeMember(), await activeMember()];
    await other.browser.put('/api/profile.php', {
      about: 'Loves hiking',
      interests: [3, 1],
      body_type: 'athletic',
      tattoos: 'some',
    });
    const res = await viewer.browser.get<{ profile: Record<string, unknown> }>(`/api/member.php?id=${other.id}`);
    // The fixture brand shows the defaults: age, city, about, interests.
    expect(res.body.profile).toMatchObject({ about: 'Loves hiking', interests: [1, 3] });
    expect(res.body.profile).not.toHaveProperty('body_type');
    expect(res.body.profile).not.toHaveProperty('tattoos');
  });
});

describe('blocking', () => {
  it('deletes the likes between the two, and the blocked member can neither view nor like the blocker', async () => {
    const [blocker, blocked] = [await activeMember(), await activeMember()];
    await blocker.browser.post('/api/like.php', { profile_id: blocked.id });
    await blocked.browser.post('/api/like.php', { profile_id: blocker.id });
    expect((await blocker.browser.post('/api/block.php', { profile_id: blocked.id })).status).toBe(200);
    expect(await likesOf(blocker)).toMatchObject({ liked_by: [], likes: [], matches: [] });
    expect(await likesOf(blocked)).toMatchObject({ liked_by: [], likes: [], matches: [] });

    const view = await blocked.browser.get(`/api/member.php?id=${blocker.id}`);
    expect(view.status).toBe(403);
    expect(view.body).toMatchObject({
      error: 'blocked_by',
      message: `You're blocked by ${blocker.name}. You do not have access to this page.`,
    });
    expect((await blocked.browser.post('/api/like.php', { profile_id: blocker.id })).status).toBe(403);
    // The blocker cannot like the blocked member either while the block stands.
    expect((await blocker.browser.post('/api/like.php', { profile_id: blocked.id })).status).toBe(404);
  });

  it('unblocking allows contact again', async () => {
    const [a, b] = [await activeMember(), await activeMember()];
    await a.browser.post('/api/block.php', { profile_id: b.id });
    await a.browser.request('DELETE', '/api/block.php', { body: { profile_id: b.id } });
    expect((await b.browser.post('/api/like.php', { profile_id: a.id })).status).toBe(200);
  });
});

describe('invisible mode', () => {
  const setInvisible = (id: number) =>
    server.services.db.updateTable('profiles').set({ invisible: 1 }).where('id', '=', id).execute();

  it('hides the member from others, who cannot like them, until the invisible member makes contact', async () => {
    const [hidden, other] = [await activeMember(), await activeMember()];
    await setInvisible(hidden.id);
    expect((await other.browser.get(`/api/member.php?id=${hidden.id}`)).status).toBe(404);
    expect((await other.browser.post('/api/like.php', { profile_id: hidden.id })).status).toBe(404);
    await hidden.browser.post('/api/like.php', { profile_id: other.id });
    expect((await other.browser.get(`/api/member.php?id=${hidden.id}`)).status).toBe(200);
    expect((await other.browser.post('/api/like.php', { profile_id: hidden.id })).body).toEqual({ match: true });
  });
});

describe('both sides of a match, live', () => {
  it('a like back tells both members of the match, once each; a repeated like tells nobody again', async () => {
    const [anna, ben, carl] = [await activeMember(), await activeMember(), await activeMember()];
    const [annaTab, benTab] = [await openEventStream(anna.browser), await openEventStream(ben.browser)];
    try {
      await anna.browser.post('/api/like.php', { profile_id: ben.id });
      expect((await benTab.next('like')).data).toEqual({ type: 'like', profile_id: anna.id });
      expect((await ben.browser.post('/api/like.php', { profile_id: anna.id })).body).toEqual({ match: true });
      // Anna liked first: her tab hears of the match Ben just made, as Ben's does.
      expect((await annaTab.next('match')).data).toEqual({ type: 'match', profile_id: ben.id });
      expect((await benTab.next('match')).data).toEqual({ type: 'match', profile_id: anna.id });

      expect((await ben.browser.post('/api/like.php', { profile_id: anna.id })).body).toEqual({ match: true });
      // Events reach a tab in order: once Carl's like has arrived, a second match would be queued before it.
      await carl.browser.post('/api/like.php', { profile_id: anna.id });
      expect((await annaTab.next('like')).data).toEqual({ type: 'like', profile_id: carl.id });
      await expect(annaTab.next('match', 50)).rejects.toThrow(/no match event/);
    } finally {
      annaTab.close();
      benTab.close();
    }
  });
});
