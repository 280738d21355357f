import { atom, onMount, task } from 'nanostores';
import { ApiRequestError } from '../api/client.ts';
import type { Profile } from '../schemas/api/user.ts';
import { api, isBrowser } from './api.ts';
import { $likes, loadLikes } from './likes.ts';

export interface SwipeState {
  status: 'loading' | 'ready' | 'failed';
  /** The card stack, top card first. */
  candidates: Profile[];
  /** Likes left today (spec §6: 4 a day), as the server counts them. */
  likesLeft: number;
  /** When today's likes come back (ISO time), from the server. */
  resetsAt: string | null;
  /** The server's own words when it refused a like over the daily limit. */
  limitMessage: string | null;
  /** Why the stack is empty: nobody left to judge, or every candidate was passed in this visit. */
  empty: 'none-left' | 'all-passed' | null;
  /** A like is on its way. */
  pending: boolean;
  /** What failed last (a load or a like), for the screen to put into words; null after a success. */
  error: unknown;
}

const LOADING: SwipeState = {
  status: 'loading',
  candidates: [],
  likesLeft: 0,
  resetsAt: null,
  limitMessage: null,
  empty: null,
  pending: false,
  error: null,
};

/** The swipe game (/swipe-game): candidates from GET /api/swipe.php, liked with POST, passed here. */
export const $swipe = atom<SwipeState>(LOADING);

/**
 * Passing is the member's own business (no server call): the passed members stay out of the stack
 * for this visit, until the member starts over.
 */
const passed = new Set<number>();

onMount($swipe, () => {
  if (isBrowser()) void loadSwipe().catch(() => undefined);
});

function update(change: Partial<SwipeState>): void {
  $swipe.set({ ...$swipe.value, ...change });
}

/** Fetches the stack and the likes left; the members passed in this visit stay out. */
export function loadSwipe(): Promise<void> {
  return task(async () => {
    try {
      const answer = await api().call('GET /api/swipe.php');
      const candidates = answer.candidates.filter((profile) => !passed.has(profile.id));
      const empty = candidates.length > 0 ? null : answer.candidates.length > 0 ? 'all-passed' : 'none-left';
      update({
        status: 'ready',
        candidates,
        likesLeft: answer.likes_left,
        resetsAt: answer.resets_at,
        empty,
        error: null,
      });
    } catch (error) {
      update({ status: $swipe.value.status === 'ready' ? 'ready' : 'failed', error });
      throw error;
    }
  });
}

/** Drops the top card without a like; an empty stack is filled again. */
export function passCandidate(): void {
  const { candidates, pending } = $swipe.value;
  const top = candidates[0];
  if (!top || pending) return;
  passed.add(top.id);
  update({ candidates: candidates.slice(1), error: null });
  if (candidates.length === 1) void loadSwipe().catch(() => undefined);
}

/** Shows the passed members again. */
export function startOver(): Promise<void> {
  passed.clear();
  update({ status: 'loading', empty: null });
  return loadSwipe();
}

/**
 * Likes the top card (POST /api/swipe.php). Answers the liked profile and whether it made a match,
 * or null when nothing was liked: the server refused (the daily limit, a member who went away) or the
 * network failed; `error` and, for the limit, `limitMessage` say which.
 */
export function likeCandidate(): Promise<{ profile: Profile; match: boolean } | null> {
  return task(async () => {
    const state = $swipe.value;
    const top = state.candidates[0];
    if (!top || state.pending || state.likesLeft <= 0) return null;
    update({ pending: true, error: null });
    try {
      const answer = await api().call('POST /api/swipe.php', { body: { profile_id: top.id } });
      const candidates = $swipe.value.candidates.filter((profile) => profile.id !== top.id);
      update({ candidates, likesLeft: answer.likes_left, resetsAt: answer.resets_at, pending: false });
      if (candidates.length === 0) void loadSwipe().catch(() => undefined);
      // The likes screens and the badge list sent likes and matches: they changed.
      if ($likes.value.status !== 'idle') void loadLikes().catch(() => undefined);
      return { profile: top, match: answer.match };
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'swipe_limit') {
        const resetsAt = typeof error.body.resets_at === 'string' ? error.body.resets_at : $swipe.value.resetsAt;
        update({ likesLeft: 0, limitMessage: error.body.message, resetsAt, pending: false, error });
      } else if (error instanceof ApiRequestError && (error.code === 'not_found' || error.code === 'blocked_by')) {
        // The member is out of reach now (gone, invisible, or blocked us): their card goes too.
        const candidates = $swipe.value.candidates.filter((profile) => profile.id !== top.id);
        update({ candidates, pending: false, error });
        if (candidates.length === 0) void loadSwipe().catch(() => undefined);
      } else {
        update({ pending: false, error });
      }
      return null;
    }
  });
}
