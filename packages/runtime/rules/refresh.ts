import { REFRESH_FIRST_MS, REFRESH_MS, REFRESH_PUSH_MS } from './constants.ts';

/**
 * Wait before refreshing the current user, the likes and, while the event stream is down, the chat lists: first after 5 s, then every
 * 60 s, or every 300 s while push notifications bring news anyway (spec §4, §9).
 */
export function refreshDelay(refreshesDone: number, pushSubscribed: boolean): number {
  if (refreshesDone === 0) return REFRESH_FIRST_MS;
  return pushSubscribed ? REFRESH_PUSH_MS : REFRESH_MS;
}
