/** The prefix a previous badge left on a title: "(3) ". */
const PREFIX = /^\(\d+\) /;

/** The number the page title and the installed-app badge show: unread messages plus new likes (spec §4). */
export function badgeCount(counters: { unreadMessages: number; newLikes: number }): number {
  return Math.max(0, counters.unreadMessages) + Math.max(0, counters.newLikes);
}

/** The title with "(n) " in front while n > 0, without it at 0; an older prefix is replaced, never stacked. */
export function titleWithBadge(title: string, count: number): string {
  const bare = title.replace(PREFIX, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}
