import { map, onMount } from 'nanostores';
import { newLikesCount } from '../rules/likes.ts';
import { $chats } from './chats.ts';
import { $likes } from './likes.ts';

/**
 * Totals the top navigation shows as badges (spec §3 Chat state). New likes follow `$likes` (received
 * likes still marked new); unread messages follow `$chats` (its `total_unread`).
 */
export const $chatCounters = map({ unreadMessages: 0, newLikes: 0 });

export function setChatCounters(counters: Partial<{ unreadMessages: number; newLikes: number }>): void {
  const current = $chatCounters.get();
  $chatCounters.set({ ...current, ...counters });
}

// Listening to the badges is what loads the likes and chats: every page with the top navigation shows
// the counts.
onMount($chatCounters, () => {
  const unbindLikes = $likes.subscribe((state) => {
    if (state.status === 'ready') setChatCounters({ newLikes: newLikesCount(state.data.liked_by) });
    if (state.status === 'idle') setChatCounters({ newLikes: 0 });
  });
  const unbindChats = $chats.subscribe((state) => {
    if (state.status === 'ready') setChatCounters({ unreadMessages: state.data.total_unread });
    if (state.status === 'idle') setChatCounters({ unreadMessages: 0 });
  });
  return () => {
    unbindLikes();
    unbindChats();
  };
});
