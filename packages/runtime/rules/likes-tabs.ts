/** The tabs of /likes/{type} (spec §2): likes received, likes sent, and matches. */
export const LIKES_TABS = ['received', 'sent', 'matches'] as const;
export type LikesTab = (typeof LIKES_TABS)[number];

/** /likes opens on received likes (received likes come first, new ones on top: spec §4). */
export const DEFAULT_LIKES_TAB: LikesTab = 'received';

/**
 * The tab a `{type}` value names; null for anything else, which is a route validation failure and so
 * a "page could not be found" (spec §8). Without a type (/likes) the default tab shows.
 */
export function likesTab(type: string | undefined): LikesTab | null {
  if (type === undefined) return DEFAULT_LIKES_TAB;
  return (LIKES_TABS as readonly string[]).includes(type) ? (type as LikesTab) : null;
}
