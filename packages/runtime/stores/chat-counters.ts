import { map } from 'nanostores';

/**
 * Totals the top navigation shows as badges (spec §3 Chat state). The chat and likes features fill
 * them; until then they stay 0, so no badge shows.
 */
export const $chatCounters = map({ unreadMessages: 0, newLikes: 0 });

export function setChatCounters(counters: Partial<{ unreadMessages: number; newLikes: number }>): void {
  const current = $chatCounters.get();
  $chatCounters.set({ ...current, ...counters });
}
