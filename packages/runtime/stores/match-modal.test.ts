import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LikesData } from '../rules/likes.ts';
import { configureApi } from './api.ts';
import { $likes } from './likes.ts';
import {
  $matchModal,
  closeMatchModal,
  followLiveMatches,
  likeBack,
  markMatchSeen,
  openAutoLike,
  openAutoLikeAfter,
  openMatchFor,
  openUnseenMatch,
  showMatchModal,
} from './match-modal.ts';
import { json, scriptedFetch } from './test-network.ts';
import { handleLiveEvent } from './live-events.ts';
import { $user } from './user.ts';
import { testMember, testProfile } from '../test-fixtures.ts';

const anna = testProfile(1, { name: 'Anna' });
const member = testMember(testProfile(9, { name: 'Me' }));
const likedByAnna: LikesData = { profiles: [anna], liked_by: [{ id: 1, like_new: true }], likes: [], matches: [] };

const noWait = { sleep: async () => undefined, random: () => 1 };

function network(routes: Parameters<typeof scriptedFetch>[0]) {
  const fake = scriptedFetch(routes);
  configureApi({ fetch: fake.fetch, ...noWait });
  return fake.calls;
}

beforeEach(() => {
  $matchModal.set({ status: 'closed' });
  $likes.set({ status: 'idle' });
  $user.set(undefined);
});

afterEach(() => {
  cleanStores($matchModal, $likes, $user);
  vi.useRealTimers();
});

describe('$matchModal', () => {
  it('opens on a profile and closes', () => {
    showMatchModal(anna, true);
    expect($matchModal.get()).toEqual({ status: 'open', profile: anna, match: true });
    closeMatchModal();
    expect($matchModal.get()).toEqual({ status: 'closed' });
  });
});

describe('openMatchFor', () => {
  it('loads the member a like matched and shows the match', async () => {
    const calls = network({
      'GET /api/member.php': () =>
        json(200, { profile: anna, liked: true, likes_you: true, match: true, blocked: false }),
    });
    await openMatchFor(1);
    expect(calls[0]!.url).toBe('/api/member.php?id=1');
    expect($matchModal.get()).toEqual({ status: 'open', profile: anna, match: true });
  });
});

describe('both sides of a match', () => {
  const ben = testProfile(2, { name: 'Ben' });
  const relationWithBen = () => json(200, { profile: ben, liked: true, likes_you: true, match: true, blocked: false });

  it('opens for the member who liked first when the live stream says the other liked back', async () => {
    const calls = network({
      'GET /api/member.php': relationWithBen,
      'GET /api/likes.php': () => json(200, likedByAnna),
    });
    const stop = followLiveMatches();
    handleLiveEvent({ type: 'match', profile_id: 2 });
    await allTasks();
    stop();
    expect(calls.map((call) => call.url)).toContain('/api/member.php?id=2');
    expect($matchModal.get()).toEqual({ status: 'open', profile: ben, match: true });
  });

  it('announces a match once, though the own like and the live stream both report it', async () => {
    const ella = testProfile(3, { name: 'Ella' });
    const calls = network({
      'GET /api/member.php': () =>
        json(200, { profile: ella, liked: true, likes_you: true, match: true, blocked: false }),
      'GET /api/likes.php': () => json(200, likedByAnna),
    });
    const stop = followLiveMatches();
    await openMatchFor(3);
    closeMatchModal();
    handleLiveEvent({ type: 'match', profile_id: 3 });
    await allTasks();
    stop();
    expect($matchModal.get()).toEqual({ status: 'closed' });
    expect(calls.filter((call) => call.url.startsWith('/api/member.php'))).toHaveLength(1);
  });

  it('leaves a plain like to the likes badge', async () => {
    const calls = network({ 'GET /api/likes.php': () => json(200, likedByAnna) });
    const stop = followLiveMatches();
    handleLiveEvent({ type: 'like', profile_id: 4 });
    await allTasks();
    stop();
    expect($matchModal.get()).toEqual({ status: 'closed' });
    expect(calls.map((call) => call.url)).toEqual(['/api/likes.php']);
  });
});

describe('openAutoLike', () => {
  it('shows the newest unseen liker as a new like and reloads the likes about 500 ms later', async () => {
    vi.useFakeTimers();
    $likes.set({ status: 'ready', data: likedByAnna });
    const calls = network({
      'GET /api/auto-like.php': () => json(200, { profile: anna }),
      'GET /api/likes.php': () => json(200, likedByAnna),
    });
    expect(await openAutoLike()).toBe(true);
    expect($matchModal.get()).toEqual({ status: 'open', profile: anna, match: false });
    await vi.advanceTimersByTimeAsync(499);
    expect(calls.map((call) => call.url)).toEqual(['/api/auto-like.php']);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.url)).toEqual(['/api/auto-like.php', '/api/likes.php']);
  });

  it('calls it a match when the member liked the liker too, loading the likes first if needed', async () => {
    network({
      'GET /api/auto-like.php': () => json(200, { profile: anna }),
      'GET /api/likes.php': () => json(200, { ...likedByAnna, likes: [{ id: 1 }], matches: [1] }),
    });
    await openAutoLike();
    expect($matchModal.get()).toMatchObject({ status: 'open', match: true });
  });

  it('stays closed when nobody new likes the member', async () => {
    network({ 'GET /api/auto-like.php': () => json(200, { profile: null }) });
    expect(await openAutoLike()).toBe(false);
    expect($matchModal.get()).toEqual({ status: 'closed' });
  });
});

describe('openAutoLikeAfter', () => {
  it('opens after the delay once the member is known', async () => {
    vi.useFakeTimers();
    $likes.set({ status: 'ready', data: likedByAnna });
    const calls = network({ 'GET /api/auto-like.php': () => json(200, { profile: anna }) });
    openAutoLikeAfter(1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([]);
    $user.set(member);
    await vi.advanceTimersByTimeAsync(0);
    await allTasks();
    expect($matchModal.get()).toMatchObject({ status: 'open', profile: anna });
  });

  it('shows nothing to a visitor', async () => {
    vi.useFakeTimers();
    const calls = network({});
    $user.set(null);
    openAutoLikeAfter(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).toEqual([]);
    expect($matchModal.get()).toEqual({ status: 'closed' });
  });

  it('can be cancelled', async () => {
    vi.useFakeTimers();
    const calls = network({});
    $user.set(member);
    const cancel = openAutoLikeAfter(1000);
    cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toEqual([]);
  });
});

describe('a match made while the member was away', () => {
  it('shows on her next page as a match, once, and is marked seen on the server when shown', async () => {
    const fred = testProfile(5, { name: 'Fred' });
    const calls = network({
      'GET /api/match-moment.php': () => json(200, { profile: fred }),
      'POST /api/match-moment.php': () => json(200, { ok: true }),
    });
    expect(await openUnseenMatch()).toBe(true);
    expect($matchModal.get()).toEqual({ status: 'open', profile: fred, match: true });
    closeMatchModal();
    // The live stream reporting the same match does not show it again.
    expect(await openUnseenMatch()).toBe(false);
    await markMatchSeen(5);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/match-moment.php', body: { profile_id: 5 } });
  });

  it('stays closed without an unseen match', async () => {
    network({ 'GET /api/match-moment.php': () => json(200, { profile: null }) });
    expect(await openUnseenMatch()).toBe(false);
    expect($matchModal.get()).toEqual({ status: 'closed' });
  });
});

describe('likeBack', () => {
  it('turns a new like into the match', async () => {
    const gina = testProfile(6, { name: 'Gina' });
    const calls = network({
      'POST /api/like.php': () => json(200, { match: true }),
      'GET /api/likes.php': () => json(200, likedByAnna),
    });
    showMatchModal(gina, false);
    const pending = likeBack();
    expect($matchModal.get()).toMatchObject({ status: 'open', match: false, liking: true });
    await pending;
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/like.php', body: { profile_id: 6 } });
    expect($matchModal.get()).toEqual({ status: 'open', profile: gina, match: true });
  });

  it('keeps the modal open with the error when the like fails, so the member can try again or close', async () => {
    const hanna = testProfile(7, { name: 'Hanna' });
    network({ 'POST /api/like.php': () => json(404, { error: 'not_found', message: 'Gone' }) });
    showMatchModal(hanna, false);
    await likeBack();
    const state = $matchModal.get();
    expect(state).toMatchObject({ status: 'open', match: false });
    expect(state.status === 'open' && state.error).toBeTruthy();
    closeMatchModal();
    expect($matchModal.get()).toEqual({ status: 'closed' });
  });
});
