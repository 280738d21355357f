import { DAY_SECONDS } from './time.ts';
/**
 * The dismissible alerts of spec §4. Dismissing one stores the unix-seconds time under its key; it
 * shows again once its pause is over and its reason still holds:
 * - disabled-notifications: after 7 days (missing mail about messages costs the member contacts);
 * - enrich-profile: after 14 days (a nudge, not a nag);
 * - push-notification: after 30 days (the browser's own prompt must not be pushed often).
 */
export type DismissibleAlert = 'disabled-notifications' | 'enrich-profile' | 'push-notification';

/** Routes where the alerts would only repeat what the page itself is about. */
export const ALERT_QUIET_ROUTES: ReadonlySet<string> = new Set([
  'notifications',
  'settings',
  'complete-signup',
  'signup',
  'profile',
]);

export const ALERT_STORAGE_KEYS: Record<DismissibleAlert, string> = {
  'disabled-notifications': 'hide-disabled-notifications-alert',
  'enrich-profile': 'hide-enrich-alert',
  'push-notification': 'hide-push-notification-alert',
};

export const ALERT_PAUSE_SECONDS: Record<DismissibleAlert, number> = {
  'disabled-notifications': 7 * DAY_SECONDS,
  'enrich-profile': 14 * DAY_SECONDS,
  'push-notification': 30 * DAY_SECONDS,
};

/** The stored dismissal time, or null when absent or unreadable (then the alert is not dismissed). */
export function parseDismissedAt(stored: string | null): number | null {
  if (stored === null || !/^\d+$/.test(stored)) return null;
  return Number(stored);
}

/** Whether `alert` shows now: its reason holds and it was never dismissed or its pause is over. */
export function alertVisible(
  alert: DismissibleAlert,
  input: { reason: boolean; dismissedAt: number | null; nowSeconds: number },
): boolean {
  if (!input.reason) return false;
  if (input.dismissedAt === null || input.dismissedAt > input.nowSeconds) return input.dismissedAt === null;
  return input.nowSeconds - input.dismissedAt >= ALERT_PAUSE_SECONDS[alert];
}

/**
 * Whether the push alert has a reason: push works here, the member has not answered the prompt, has no
 * subscription, and has reached out to someone (a like or a message): asked before, a new member
 * would refuse notifications that have nothing to be about yet, and the browser asks only once.
 */
export function pushAlertReason(input: {
  capable: boolean;
  permission: 'default' | 'granted' | 'denied';
  subscribed: boolean;
  reachedOut: boolean;
}): boolean {
  return input.capable && input.permission === 'default' && !input.subscribed && input.reachedOut;
}

/** What the e-mail and profile alerts go by: the member as GET /api/user.php tells it. */
export interface AlertMember {
  status: 'not_confirmed' | 'active';
  notifications_disabled: readonly string[];
  profile_missing: readonly string[];
}

/**
 * The member's alerts that need no browser feature (the push alert does), on `route`: e-mail switched
 * off (disabled-notifications) and a profile worth completing (enrich-profile, once the account is
 * active: before, the activation reminder speaks). `dismissedAt` reads the stored dismissal times.
 */
export function accountAlertsShown(
  member: AlertMember,
  route: string,
  dismissedAt: (alert: DismissibleAlert) => number | null,
  nowSeconds: number,
): { 'disabled-notifications': boolean; 'enrich-profile': boolean } {
  const quiet = ALERT_QUIET_ROUTES.has(route);
  const shows = (alert: DismissibleAlert, reason: boolean) =>
    !quiet && alertVisible(alert, { reason, dismissedAt: dismissedAt(alert), nowSeconds });
  return {
    'disabled-notifications': shows('disabled-notifications', member.notifications_disabled.length > 0),
    'enrich-profile': shows('enrich-profile', member.status === 'active' && member.profile_missing.length > 0),
  };
}
