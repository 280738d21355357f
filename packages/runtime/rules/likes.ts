import type { ApiAnswer } from '../api/contract.ts';
import type { Profile } from '../schemas/api/user.ts';
import type { LikesTab } from './likes-tabs.ts';

/**
 * GET /api/likes.php (spec §3 "Likes response: profiles, liked_by"): received likes new first (spec
 * §4), plus the sent likes and matches, and every profile these lists name, once.
 */
export type LikesData = ApiAnswer<'GET /api/likes.php'>;

export const EMPTY_LIKES: LikesData = { profiles: [], liked_by: [], likes: [], matches: [] };

/** The new-likes badge (spec §3 "total new likes"): received likes whose new flag is still set. */
export function newLikesCount(likedBy: LikesData['liked_by']): number {
  return likedBy.filter((like) => like.like_new).length;
}

/** One row of a likes tab, with what the member and this profile think of each other. */
export interface LikeItem {
  profile: Profile;
  /** A received like the member has not looked at yet (its profile was not opened). */
  isNew: boolean;
  /** The member likes this profile. */
  liked: boolean;
  /** This profile likes the member. */
  likesYou: boolean;
  match: boolean;
}

/**
 * The rows of one tab in the server's order (received: new first, then newest; sent and matches:
 * newest first). A like whose profile the answer lacks (it went away meanwhile) is left out.
 */
export function likeItems(data: LikesData, tab: LikesTab): LikeItem[] {
  const byId = new Map(data.profiles.map((profile) => [profile.id, profile]));
  const newIds = new Set(data.liked_by.filter((like) => like.like_new).map((like) => like.id));
  const likedIds = new Set(data.likes.map((like) => like.id));
  const likerIds = new Set(data.liked_by.map((like) => like.id));
  const matchIds = new Set(data.matches);
  const ids =
    tab === 'received'
      ? data.liked_by.map((like) => like.id)
      : tab === 'sent'
        ? data.likes.map((like) => like.id)
        : data.matches;
  return ids.flatMap((id) => {
    const profile = byId.get(id);
    if (!profile) return [];
    return [
      {
        profile,
        isNew: tab === 'received' && newIds.has(id),
        liked: likedIds.has(id),
        likesYou: likerIds.has(id),
        match: matchIds.has(id) || (likedIds.has(id) && likerIds.has(id)),
      },
    ];
  });
}

/** Whether the member and `profileId` like each other, as far as the loaded likes tell. */
export function isMatchWith(data: LikesData, profileId: number): boolean {
  if (data.matches.includes(profileId)) return true;
  return data.likes.some((like) => like.id === profileId) && data.liked_by.some((like) => like.id === profileId);
}

/**
 * The likes after the member liked `profileId` and the server answered `match`: the like heads the
 * sent list, a match heads the matches. Liking twice changes nothing, as on the server.
 */
export function withLike(data: LikesData, profileId: number, match: boolean): LikesData {
  const likes = data.likes.some((like) => like.id === profileId) ? data.likes : [{ id: profileId }, ...data.likes];
  const matches = match && !data.matches.includes(profileId) ? [profileId, ...data.matches] : data.matches;
  return likes === data.likes && matches === data.matches ? data : { ...data, likes, matches };
}

/** How two members stand, from GET /api/member.php's flags: what the match view (/likes/m/{id}) says. */
export type Relation = 'match' | 'likes_you' | 'liked' | 'none';

export function relationOf(flags: { liked: boolean; likes_you: boolean }): Relation {
  if (flags.liked && flags.likes_you) return 'match';
  if (flags.likes_you) return 'likes_you';
  if (flags.liked) return 'liked';
  return 'none';
}

/** The day on which the swipe game's likes come back, seen from the member's own calendar. */
export type ResetDay = 'today' | 'tomorrow' | 'later';

/**
 * When the swipe game's likes reset (the server's `resets_at`, midnight in the brand's country) falls
 * on the member's calendar: a member in another time zone may see "today at 23:00" rather than
 * midnight. `timeZone` is the member's (undefined: the runtime's own).
 */
export function resetDay(resetsAt: Date, now: Date, timeZone?: string): ResetDay {
  const day = (date: Date) => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(date)
      .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  };
  const days = Math.round((day(resetsAt) - day(now)) / 86_400_000);
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : 'later';
}
