import { atom, task } from 'nanostores';
import { withLike, type LikesData } from '../rules/likes.ts';
import { refreshDelay } from '../rules/refresh.ts';
import { isPushSubscribed } from './push.ts';
import type { MemberAnswer } from './member.ts';
import { api } from './api.ts';
import { createLoader, loadForMember, type Loadable } from './loadable.ts';

export type LikesState = Loadable<LikesData>;

/**
 * The member's likes (spec §3 Chat state "likes"): received (new first), sent and matches. Loaded
 * while something listens and a member is logged in, then refreshed like the chat lists (spec §4:
 * first after 5 s, then every 60 s). It feeds the new-likes badge and the likes screens.
 */
export const $likes = atom<LikesState>({ status: 'idle' });

const likesLoader = createLoader($likes, () => api().call('GET /api/likes.php'));

loadForMember($likes, likesLoader, () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let refreshes = 0;
  const schedule = () => {
    timer = setTimeout(
      () => {
        refreshes += 1;
        void loadLikes()
          .catch(() => undefined)
          .then(schedule);
      },
      refreshDelay(refreshes, isPushSubscribed()),
    );
  };
  schedule();
  return () => clearTimeout(timer);
});

/** The likes (GET /api/likes.php); joins a load already in flight. */
export function loadLikes(): Promise<LikesData> {
  return likesLoader.load();
}

/** The likes as they are now: a load that starts after this call (one, however many callers). */
export function refreshLikes(): Promise<LikesData> {
  return likesLoader.refresh();
}

/** The likes as loaded now, or after loading them when they are not there yet. */
export async function currentLikes(): Promise<LikesData> {
  const state = $likes.value;
  return state.status === 'ready' ? state.data : loadLikes();
}

/**
 * Likes a member (POST /api/like.php); answers whether that made a match. The lists show the like at
 * once and are fetched again, since the server may know more (a like that arrived meanwhile).
 */
export function likeMember(profileId: number): Promise<{ match: boolean }> {
  return task(async () => {
    const answer = await api().call('POST /api/like.php', { body: { profile_id: profileId } });
    const state = $likes.value;
    if (state.status === 'ready') $likes.set({ status: 'ready', data: withLike(state.data, profileId, answer.match) });
    void refreshLikes().catch(() => undefined);
    return answer;
  });
}

/**
 * Loads one member with the relation (the match view, the match modal). The server clears the new
 * flag of their like on this call (spec §4), so the likes and their badge are fetched again.
 */
export function loadMemberRelation(profileId: number): Promise<MemberAnswer> {
  return task(async () => {
    const relation = await api().call('GET /api/member.php', { query: { id: profileId } });
    const state = $likes.value;
    if (state.status === 'ready' && state.data.liked_by.some((like) => like.id === profileId && like.like_new)) {
      void loadLikes().catch(() => undefined);
    }
    return relation;
  });
}
