import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../schemas/api/user.ts';
import { configureApi } from './api.ts';
import { $likes } from './likes.ts';
import { $swipe, likeCandidate, loadSwipe, passCandidate, startOver } from './swipe.ts';
import { json, scriptedFetch } from './test-network.ts';
import { testProfile } from '../test-fixtures.ts';

const profile = (id: number) => testProfile(id, { name: `Member ${id}`, fictional: true });

const RESETS_AT = '2026-07-14T22:00:00.000Z';
const noWait = { sleep: async () => undefined, random: () => 1 };

/** A server with `candidates` not liked yet and `left` likes of today; it counts likes as the real one does. */
function fakeServer(candidates: Profile[], left = 4) {
  let remaining = [...candidates];
  let likesLeft = left;
  const fake = scriptedFetch({
    'GET /api/swipe.php': () => json(200, { candidates: remaining, likes_left: likesLeft, resets_at: RESETS_AT }),
    'POST /api/swipe.php': () => {
      if (likesLeft === 0) {
        return json(429, {
          error: 'swipe_limit',
          message: 'You have used your 4 likes of today. New likes arrive at midnight.',
          resets_at: RESETS_AT,
        });
      }
      const id = (fake.calls.at(-1)!.body as { profile_id: number }).profile_id;
      remaining = remaining.filter((p) => p.id !== id);
      likesLeft -= 1;
      return json(200, { match: id === 2, likes_left: likesLeft, resets_at: RESETS_AT });
    },
    'GET /api/likes.php': () => json(200, { profiles: [], liked_by: [], likes: [], matches: [] }),
  });
  configureApi({ fetch: fake.fetch, ...noWait });
  return fake.calls;
}

beforeEach(async () => {
  $likes.set({ status: 'idle' });
  // Forget the members passed by an earlier test.
  fakeServer([]);
  await startOver();
});

afterEach(() => {
  cleanStores($swipe, $likes);
  vi.unstubAllGlobals();
});

describe('$swipe', () => {
  it('loads the stack and the likes left when shown in the browser', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    fakeServer([profile(1), profile(2)], 3);
    keepMount($swipe);
    await allTasks();
    expect($swipe.get()).toMatchObject({
      status: 'ready',
      candidates: [profile(1), profile(2)],
      likesLeft: 3,
      resetsAt: RESETS_AT,
      empty: null,
    });
  });

  it('says when nobody is left to judge', async () => {
    fakeServer([]);
    await loadSwipe();
    expect($swipe.get()).toMatchObject({ status: 'ready', candidates: [], empty: 'none-left' });
  });

  it('reports a failed load', async () => {
    configureApi({
      fetch: scriptedFetch({ 'GET /api/swipe.php': () => json(500, { error: 'internal', message: 'x' }) }).fetch,
      ...noWait,
    });
    $swipe.set({ ...$swipe.get(), status: 'loading' });
    await expect(loadSwipe()).rejects.toThrow();
    expect($swipe.get().status).toBe('failed');
  });
});

describe('passing', () => {
  it('drops the top card without asking the server', async () => {
    const calls = fakeServer([profile(1), profile(2)]);
    await loadSwipe();
    passCandidate();
    expect($swipe.get().candidates).toEqual([profile(2)]);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('keeps passed members out of a refill, and shows them again on starting over', async () => {
    fakeServer([profile(1)]);
    await loadSwipe();
    passCandidate();
    await allTasks();
    expect($swipe.get()).toMatchObject({ candidates: [], empty: 'all-passed' });
    await startOver();
    expect($swipe.get()).toMatchObject({ candidates: [profile(1)], empty: null });
  });
});

describe('liking', () => {
  it('likes the top card, counts down the likes left and tells a match', async () => {
    const calls = fakeServer([profile(1), profile(2), profile(3)]);
    await loadSwipe();
    expect(await likeCandidate()).toEqual({ profile: profile(1), match: false });
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/swipe.php', body: { profile_id: 1 } });
    expect(await likeCandidate()).toEqual({ profile: profile(2), match: true });
    expect($swipe.get()).toMatchObject({ candidates: [profile(3)], likesLeft: 2, pending: false });
  });

  it('allows 4 likes a day, then stops asking', async () => {
    const calls = fakeServer([1, 2, 3, 4, 5, 6].map(profile));
    await loadSwipe();
    for (let i = 0; i < 4; i++) expect(await likeCandidate()).not.toBeNull();
    expect($swipe.get().likesLeft).toBe(0);
    const posts = calls.filter((call) => call.method === 'POST').length;
    expect(await likeCandidate()).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(posts);
  });

  it('shows the server message and reset time when the server refuses over the limit', async () => {
    fakeServer([profile(1), profile(2)], 0);
    await loadSwipe();
    // Another tab used the last like meanwhile: this one still believes one is left.
    $swipe.set({ ...$swipe.get(), likesLeft: 1 });
    expect(await likeCandidate()).toBeNull();
    expect($swipe.get()).toMatchObject({
      likesLeft: 0,
      limitMessage: 'You have used your 4 likes of today. New likes arrive at midnight.',
      resetsAt: RESETS_AT,
      candidates: [profile(1), profile(2)],
    });
  });

  it('drops a card whose member went out of reach', async () => {
    configureApi({
      fetch: scriptedFetch({
        'GET /api/swipe.php': () =>
          json(200, { candidates: [profile(1), profile(2)], likes_left: 4, resets_at: RESETS_AT }),
        'POST /api/swipe.php': () => json(404, { error: 'not_found', message: 'This page could not be found' }),
      }).fetch,
      ...noWait,
    });
    await loadSwipe();
    expect(await likeCandidate()).toBeNull();
    expect($swipe.get()).toMatchObject({ candidates: [profile(2)], likesLeft: 4 });
    expect($swipe.get().error).toBeTruthy();
  });
});
