import { BADGE_MAX, CREDIT_BADGE_THRESHOLD } from './constants.ts';

/** Text of a counter badge: nothing at 0, the number up to 99, then `99+` (spec §2, §9). */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}

export type CreditBadgeState = 'none' | 'warning' | 'danger';

/**
 * The credits badge shows the balance only when it is low: at 10 or fewer credits, in the warning
 * colour above 0 and in the danger colour at 0 (spec §2, §9).
 */
export function creditBadgeState(credits: number): CreditBadgeState {
  if (credits > CREDIT_BADGE_THRESHOLD) return 'none';
  return credits > 0 ? 'warning' : 'danger';
}
