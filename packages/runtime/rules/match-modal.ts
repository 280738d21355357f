import { pathFor } from '../routes.ts';
import type { Profile } from '../schemas/api/user.ts';

/**
 * The like / match modal (spec §2 Modals, §4, §7): who opens it, what it shows and where its two
 * buttons lead. Other screens talk to it through window events, so they need not load its code.
 */

/** Dispatched on `window` by a screen whose like made a match: `{ detail: { profileId } }`. */
export const MATCH_EVENT = 'datekit:match';
/** Emitted when the member presses the liker's image; unless cancelled, the member's profile opens. */
export const MATCH_IMAGE_EVENT = 'datekit:match-image';
/**
 * Emitted when the member presses the main button; unless cancelled, the chat with the match opens
 * (/members/{id}/chat), or, for a new like, the member likes back.
 */
export const MATCH_BUTTON_EVENT = 'datekit:match-button';

/** What every one of these events carries. */
export interface MatchEventDetail {
  profileId: number;
}

/** The profile id an event carries, or null when its detail is not `{ profileId: <positive integer> }`. */
export function matchEventProfileId(detail: unknown): number | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const id = (detail as { profileId?: unknown }).profileId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** The query parameter that opens the modal after that many seconds (spec §4). */
export const MATCH_MODAL_DELAY_PARAM = 't';

/**
 * Spec §4: "A like modal shows after t seconds when query parameter t is a number". The delay in
 * milliseconds, or null when `t` is absent or not a number (`?t=soon`, `?t=`, `?t=-3`).
 */
export function matchModalDelayMs(search: string): number | null {
  const value = new URLSearchParams(search).get(MATCH_MODAL_DELAY_PARAM)?.trim();
  if (!value || !/^\d+(\.\d+)?$/.test(value)) return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
}

/**
 * The address that opens the modal after `seconds` (spec §4 `?t=`): where a new member goes from her
 * first matches, so that she meets her first like (and, liking back, her first match) at once.
 */
export function withDelayParam(path: string, seconds: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}${MATCH_MODAL_DELAY_PARAM}=${seconds}`;
}

/** The address without `t` (spec §4 "the parameter is then removed"), for history.replaceState. */
export function withoutDelayParam(url: URL): string {
  const next = new URL(url.href);
  next.searchParams.delete(MATCH_MODAL_DELAY_PARAM);
  return next.pathname + next.search + next.hash;
}

/** The modal's title: "It's a Match" when both like each other, "New like!" otherwise. */
export function matchModalTitleKey(match: boolean): 'match_modal.title_match' | 'match_modal.title_like' {
  return match ? 'match_modal.title_match' : 'match_modal.title_like';
}

/** Where the image (the profile) and the match's main button (the chat with them) lead. */
export function matchModalTargets(profileId: number): { image: string; button: string } {
  return {
    image: pathFor('members-id', { id: profileId }),
    button: pathFor('members-id-chat', { id: profileId }),
  };
}

/**
 * The liker's main image in the modal's square crop (spec §3 "match path for the match modal"); only
 * a photo that passed inspection shows, else the modal draws an abstract avatar.
 */
export function matchModalImage(profile: Pick<Profile, 'main_image'>): string | null {
  const image = profile.main_image;
  return image && image.status === 'active' ? image.match : null;
}

/**
 * The member's own picture beside her match's: her main photo also while it awaits its check, since
 * it is her own and shows to nobody else here (the server gives it only to her); else null (initials).
 */
export function ownMatchImage(profile: Pick<Profile, 'main_image'>): string | null {
  return profile.main_image?.match ?? null;
}
