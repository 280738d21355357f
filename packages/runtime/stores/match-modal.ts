import { atom, task } from 'nanostores';
import { MATCH_MODAL_LIKES_RELOAD_MS } from '../rules/constants.ts';
import { EMPTY_LIKES, isMatchWith } from '../rules/likes.ts';
import type { Profile, User } from '../schemas/api/user.ts';
import { api } from './api.ts';
import { currentLikes, likeMember, loadLikes, loadMemberRelation } from './likes.ts';
import { onLiveEvent } from './live-events.ts';
import { $user } from './user.ts';

export type MatchModalState =
  | { status: 'closed' }
  | {
      status: 'open';
      profile: Profile;
      match: boolean;
      /** The member's "like back" is on its way (a new like turns into a match when it succeeds). */
      liking?: true;
      /** Why the last "like back" failed; the modal stays open to try again or close. */
      error?: unknown;
    };

/** The like / match modal of the default layout (spec §2 Modals): closed, or showing one liker. */
export const $matchModal = atom<MatchModalState>({ status: 'closed' });

/**
 * Members whose match this page announced already: once each, although a match may arrive both from
 * the member's own like and from the live events stream, which tells both members.
 */
const announcedMatches = new Set<number>();

export function showMatchModal(profile: Profile, match: boolean): void {
  $matchModal.set({ status: 'open', profile, match });
}

export function closeMatchModal(): void {
  if ($matchModal.value.status !== 'closed') $matchModal.set({ status: 'closed' });
}

/**
 * A like just made a match with `profileId` (the `datekit:match` event, or the live `match` event the
 * other member's like back sends): show that member, unless this page announced that match already.
 */
export function openMatchFor(profileId: number): Promise<void> {
  if (announcedMatches.has(profileId)) return Promise.resolve();
  announcedMatches.add(profileId);
  return task(async () => {
    const relation = await loadMemberRelation(profileId);
    showMatchModal(relation.profile, relation.match);
  });
}

/**
 * Opens the modal when the live events stream says someone liked the member back (spec §2: both
 * members see the match at once). Answers the unsubscribe.
 */
export function followLiveMatches(): () => void {
  return onLiveEvent((event) => {
    if (event.type === 'match') void openMatchFor(event.profile_id).catch(() => undefined);
  });
}

/**
 * The modal without a profile (spec §7 GET /api/auto-like.php): the newest liker the member has not
 * seen, a match when the member liked them too; the likes reload about 500 ms later. Answers whether
 * there was anyone to show.
 */
export function openAutoLike(): Promise<boolean> {
  return task(async () => {
    const { profile } = await api().call('GET /api/auto-like.php');
    if (!profile) return false;
    const likes = await currentLikes().catch(() => EMPTY_LIKES);
    showMatchModal(profile, isMatchWith(likes, profile.id));
    setTimeout(() => void loadLikes().catch(() => undefined), MATCH_MODAL_LIKES_RELOAD_MS);
    return true;
  });
}

/**
 * Spec §4: the modal shows after `?t=` seconds. Waits `delayMs`, then until the server said who is
 * logged in; only a member sees it. Answers a function that cancels it.
 */
export function openAutoLikeAfter(delayMs: number): () => void {
  let stop: (() => void) | undefined;
  const open = (user: User | null) => {
    if (user) void openAutoLike().catch(() => undefined);
  };
  const timer = setTimeout(() => {
    const user = $user.value;
    if (user !== undefined) return open(user);
    stop = $user.listen((next) => {
      if (next === undefined) return;
      stop?.();
      open(next);
    });
  }, delayMs);
  return () => {
    clearTimeout(timer);
    stop?.();
  };
}

/**
 * A match made while the member was away (GET /api/match-moment.php, one query): her next page shows
 * its moment, once. Answers whether there was one.
 */
export function openUnseenMatch(): Promise<boolean> {
  return task(async () => {
    const { profile } = await api().call('GET /api/match-moment.php');
    if (!profile || announcedMatches.has(profile.id) || $matchModal.value.status === 'open') return false;
    announcedMatches.add(profile.id);
    showMatchModal(profile, true);
    return true;
  });
}

/** The match moment with `profileId` showed: the server does not offer it again (POST /api/match-moment.php). */
export function markMatchSeen(profileId: number): Promise<void> {
  return task(async () => {
    await api().call('POST /api/match-moment.php', { body: { profile_id: profileId } });
  });
}

/**
 * "Like back" in the modal of a new like: the like makes the match (the other liked the member first),
 * and the modal turns into the match moment. A failure stays in the modal, which can still close.
 */
export function likeBack(): Promise<void> {
  const state = $matchModal.value;
  if (state.status !== 'open' || state.match || state.liking) return Promise.resolve();
  const { profile } = state;
  $matchModal.set({ status: 'open', profile, match: false, liking: true });
  return task(async () => {
    try {
      const { match } = await likeMember(profile.id);
      if (match) announcedMatches.add(profile.id);
      const current = $matchModal.value;
      // Closed meanwhile: the like stands, the moment is not forced back open.
      if (current.status === 'open' && current.profile.id === profile.id) {
        if (match) showMatchModal(profile, true);
        else closeMatchModal();
      }
    } catch (error) {
      const current = $matchModal.value;
      if (current.status === 'open' && current.profile.id === profile.id)
        $matchModal.set({ status: 'open', profile, match: false, error });
    }
  });
}
