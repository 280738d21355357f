import { badgeText, creditBadgeState, type CreditBadgeState } from './badges.ts';
import { ownMainPhoto } from './own-main-photo.ts';

/** What the top navigation needs to know of the member; a subset of the API's User. */
export interface NavMember {
  paid_user: boolean;
  credits: number;
  profile: { name: string; main_image: { thumb_filename: string; status: 'active' | 'inspection' } | null };
}

export interface NavCounters {
  unreadMessages: number;
  newLikes: number;
}

export type NavState =
  | { kind: 'unknown' }
  | { kind: 'visitor' }
  | {
      kind: 'member';
      name: string;
      initials: string;
      /** Thumbnail of the member's own main image, also while it waits for the photo check. */
      thumbnail: string | null;
      /** The thumbnail waits for the photo check: shown marked "awaiting check" (only its owner sees it). */
      thumbnailPending: boolean;
      messagesBadge: string;
      likesBadge: string;
      /** Paying members see their credits; the others see Get Premium (spec §2). */
      credits: { balance: number; badge: CreditBadgeState } | null;
      premiumCta: boolean;
    };

/** The top navigation of spec §2, from the member (undefined while unknown, null for a visitor) and the counters. */
export function navState(member: NavMember | null | undefined, counters: NavCounters): NavState {
  if (member === undefined) return { kind: 'unknown' };
  if (member === null) return { kind: 'visitor' };
  const photo = ownMainPhoto(member.profile.main_image);
  return {
    kind: 'member',
    name: member.profile.name,
    initials: initials(member.profile.name),
    thumbnail: photo?.src ?? null,
    thumbnailPending: photo?.pending ?? false,
    messagesBadge: badgeText(counters.unreadMessages),
    likesBadge: badgeText(counters.newLikes),
    credits: member.paid_user ? { balance: member.credits, badge: creditBadgeState(member.credits) } : null,
    premiumCta: !member.paid_user,
  };
}

/** Up to two letters standing in for a missing photo: "Anna Maria" -> "AM", "jan" -> "J". */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
}
