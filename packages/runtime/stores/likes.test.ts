import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LikesData } from '../rules/likes.ts';
import type { User } from '../schemas/api/user.ts';
import { configureApi } from './api.ts';
import { $chatCounters } from './chat-counters.ts';
import { $likes, likeMember, loadLikes, loadMemberRelation } from './likes.ts';
import { $nav } from './nav.ts';
import { json, scriptedFetch } from './test-network.ts';
import { $user, loadUser } from './user.ts';
import { testMember, testProfile } from '../test-fixtures.ts';

const profile = (id: number, name: string) => testProfile(id, { name });

const member = testMember(profile(9, 'Me'), 0);

const likes: LikesData = {
  profiles: [profile(1, 'Anna'), profile(2, 'Bram')],
  liked_by: [
    { id: 1, like_new: true },
    { id: 2, like_new: false },
  ],
  likes: [],
  matches: [],
};

const noWait = { sleep: async () => undefined, random: () => 1 };
const flush = async () => {
  await allTasks();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  $user.set(undefined);
  $likes.set({ status: 'idle' });
  $chatCounters.set({ unreadMessages: 0, newLikes: 0 });
});

afterEach(() => {
  cleanStores($likes, $nav, $chatCounters, $user);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function inBrowser() {
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
}

/** A network where GET /api/user.php answers whoever `who()` names, and GET /api/likes.php `answer()`. */
function memberNetwork(who: () => User | null, answer: () => Response = () => json(200, likes)) {
  const network = scriptedFetch({
    'GET /api/user.php': () => json(200, { user: who() }),
    'GET /api/likes.php': answer,
  });
  configureApi({ fetch: network.fetch, ...noWait });
  return { likesCalls: () => network.calls.filter((call) => call.url === '/api/likes.php') };
}

describe('$likes', () => {
  it('loads the likes once a member is logged in, and not for a visitor', async () => {
    inBrowser();
    let who: User | null = null;
    const network = memberNetwork(() => who);
    keepMount($likes);
    await flush();
    expect($user.get()).toBeNull();
    expect(network.likesCalls()).toEqual([]);
    expect($likes.get()).toEqual({ status: 'idle' });

    who = member;
    await loadUser();
    await flush();
    expect($likes.get()).toEqual({ status: 'ready', data: likes });
  });

  it('forgets the likes when the member logs out', async () => {
    inBrowser();
    let who: User | null = member;
    memberNetwork(() => who);
    keepMount($likes);
    await flush();
    expect($likes.get().status).toBe('ready');
    who = null;
    await loadUser();
    expect($likes.get()).toEqual({ status: 'idle' });
  });

  it('refreshes first after 5 s, then every 60 s', async () => {
    vi.useFakeTimers();
    inBrowser();
    const network = memberNetwork(() => member);
    keepMount($likes);
    await vi.advanceTimersByTimeAsync(0);
    expect(network.likesCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(network.likesCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.likesCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(network.likesCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.likesCalls()).toHaveLength(3);
  });

  it('keeps the likes it shows when a refresh fails, and reports a failed first load', async () => {
    let fail = false;
    configureApi({
      fetch: scriptedFetch({
        'GET /api/likes.php': () => (fail ? json(500, { error: 'internal', message: 'x' }) : json(200, likes)),
      }).fetch,
      ...noWait,
    });
    fail = true;
    await expect(loadLikes()).rejects.toThrow();
    expect($likes.get().status).toBe('failed');
    fail = false;
    await loadLikes();
    fail = true;
    await expect(loadLikes()).rejects.toThrow();
    expect($likes.get()).toEqual({ status: 'ready', data: likes });
  });
});

describe('the new-likes badge', () => {
  it('counts the received likes marked new', async () => {
    inBrowser();
    memberNetwork(() => member);
    keepMount($nav);
    await flush();
    expect($chatCounters.get().newLikes).toBe(1);
    expect($nav.get()).toMatchObject({ kind: 'member', likesBadge: '1' });
  });

  it('shows 99+ above 99 new likes and nothing once they are seen', async () => {
    inBrowser();
    const many: LikesData = {
      ...likes,
      liked_by: Array.from({ length: 120 }, (_, i) => ({ id: i + 1, like_new: true })),
    };
    let answer = many;
    memberNetwork(
      () => member,
      () => json(200, answer),
    );
    keepMount($nav);
    await flush();
    expect($nav.get()).toMatchObject({ likesBadge: '99+' });
    answer = { ...likes, liked_by: likes.liked_by.map((like) => ({ ...like, like_new: false })) };
    await loadLikes();
    expect($nav.get()).toMatchObject({ likesBadge: '' });
  });
});

describe('likeMember', () => {
  it('likes, shows the match at once and fetches the likes again', async () => {
    const network = scriptedFetch({
      'POST /api/like.php': () => json(200, { match: true }),
      'GET /api/likes.php': () => json(200, { ...likes, likes: [{ id: 1 }], matches: [1] }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    $likes.set({ status: 'ready', data: likes });
    const answer = likeMember(1);
    expect(await answer).toEqual({ match: true });
    expect(network.calls[0]).toMatchObject({ method: 'POST', body: { profile_id: 1 } });
    await flush();
    expect(network.calls.map((call) => call.method)).toEqual(['POST', 'GET']);
    expect($likes.get()).toMatchObject({ status: 'ready', data: { matches: [1] } });
  });

  it('passes the server refusal on', async () => {
    configureApi({
      fetch: scriptedFetch({
        'POST /api/like.php': () => json(403, { error: 'blocked_by', message: "You're blocked by Anna." }),
      }).fetch,
      ...noWait,
    });
    await expect(likeMember(1)).rejects.toThrow("You're blocked by Anna.");
  });
});

describe('loadMemberRelation', () => {
  it('reloads the likes when opening a member whose like was new, since the server cleared it', async () => {
    const network = scriptedFetch({
      'GET /api/member.php': () =>
        json(200, { profile: profile(1, 'Anna'), liked: false, likes_you: true, match: false, blocked: false }),
      'GET /api/likes.php': () => json(200, likes),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    $likes.set({ status: 'ready', data: likes });
    const relation = await loadMemberRelation(1);
    expect(relation.likes_you).toBe(true);
    expect(network.calls[0]!.url).toBe('/api/member.php?id=1');
    await flush();
    expect(network.calls.map((call) => call.url)).toEqual(['/api/member.php?id=1', '/api/likes.php']);
  });

  it('does not reload for a member whose like was seen before', async () => {
    const network = scriptedFetch({
      'GET /api/member.php': () =>
        json(200, { profile: profile(2, 'Bram'), liked: false, likes_you: true, match: false, blocked: false }),
    });
    configureApi({ fetch: network.fetch, ...noWait });
    $likes.set({ status: 'ready', data: likes });
    await loadMemberRelation(2);
    await flush();
    expect(network.calls).toHaveLength(1);
  });
});
