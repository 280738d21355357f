import { describe, expect, it } from 'vitest';
import {
  accountAlertsShown,
  ALERT_PAUSE_SECONDS,
  ALERT_STORAGE_KEYS,
  alertVisible,
  parseDismissedAt,
  pushAlertReason,
} from './dismissible-alerts.ts';

describe('dismissible alerts', () => {
  it('use the storage keys of spec §4', () => {
    expect(ALERT_STORAGE_KEYS).toEqual({
      'disabled-notifications': 'hide-disabled-notifications-alert',
      'enrich-profile': 'hide-enrich-alert',
      'push-notification': 'hide-push-notification-alert',
    });
  });

  it('show when their reason holds and they were never dismissed', () => {
    expect(alertVisible('enrich-profile', { reason: true, dismissedAt: null, nowSeconds: 1000 })).toBe(true);
    expect(alertVisible('enrich-profile', { reason: false, dismissedAt: null, nowSeconds: 1000 })).toBe(false);
  });

  it.each(['disabled-notifications', 'enrich-profile', 'push-notification'] as const)(
    '%s stays hidden for its pause after a dismissal, then shows again',
    (alert) => {
      const at = 1_700_000_000;
      const pause = ALERT_PAUSE_SECONDS[alert];
      expect(alertVisible(alert, { reason: true, dismissedAt: at, nowSeconds: at + pause - 1 })).toBe(false);
      expect(alertVisible(alert, { reason: true, dismissedAt: at, nowSeconds: at + pause })).toBe(true);
    },
  );

  it('pauses 7, 14 and 30 days', () => {
    expect(ALERT_PAUSE_SECONDS).toEqual({
      'disabled-notifications': 604_800,
      'enrich-profile': 1_209_600,
      'push-notification': 2_592_000,
    });
  });

  it('treats a dismissal in the future (a wrong clock) as still dismissed', () => {
    expect(alertVisible('enrich-profile', { reason: true, dismissedAt: 2000, nowSeconds: 1000 })).toBe(false);
  });

  it('reads only whole unix seconds from storage', () => {
    expect(parseDismissedAt('1700000000')).toBe(1_700_000_000);
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt('soon')).toBeNull();
    expect(parseDismissedAt('1.5')).toBeNull();
  });

  it('asks for push only when the browser can, nobody answered yet, there is no subscription and the member reached out', () => {
    const due = { capable: true, permission: 'default', subscribed: false, reachedOut: true } as const;
    expect(pushAlertReason(due)).toBe(true);
    expect(pushAlertReason({ ...due, capable: false })).toBe(false);
    expect(pushAlertReason({ ...due, permission: 'denied' })).toBe(false);
    expect(pushAlertReason({ ...due, subscribed: true })).toBe(false);
    // Not before the member's first like or message.
    expect(pushAlertReason({ ...due, reachedOut: false })).toBe(false);
  });
});

describe('accountAlertsShown', () => {
  const now = 1_800_000_000;
  const bare = { status: 'active' as const, notifications_disabled: [], profile_missing: ['photo'] };
  const never = () => null;

  it('shows the enrich alert for an active member whose profile lacks something, not once it is complete', () => {
    expect(accountAlertsShown(bare, 'likes', never, now)).toEqual({
      'disabled-notifications': false,
      'enrich-profile': true,
    });
    expect(accountAlertsShown({ ...bare, profile_missing: [] }, 'likes', never, now)['enrich-profile']).toBe(false);
  });

  it('leaves the enrich alert to the activation reminder while the account is not confirmed', () => {
    expect(accountAlertsShown({ ...bare, status: 'not_confirmed' }, 'likes', never, now)['enrich-profile']).toBe(false);
  });

  it('shows the e-mail alert while mail is switched off for the member', () => {
    const mailOff = { ...bare, notifications_disabled: ['bounce'] };
    expect(accountAlertsShown(mailOff, 'members', never, now)['disabled-notifications']).toBe(true);
  });

  it('is quiet on the pages the alerts are about', () => {
    const mailOff = { ...bare, notifications_disabled: ['bounce'] };
    for (const route of ['notifications', 'settings', 'complete-signup', 'signup', 'profile']) {
      expect(accountAlertsShown(mailOff, route, never, now)).toEqual({
        'disabled-notifications': false,
        'enrich-profile': false,
      });
    }
  });

  it('keeps a dismissed alert hidden for its pause, each alert on its own', () => {
    const mailOff = { ...bare, notifications_disabled: ['bounce'] };
    const enrichHiddenYesterday = (alert: string) => (alert === 'enrich-profile' ? now - 86_400 : null);
    expect(accountAlertsShown(mailOff, 'likes', enrichHiddenYesterday, now)).toEqual({
      'disabled-notifications': true,
      'enrich-profile': false,
    });
    const enrichHiddenLongAgo = (alert: string) => (alert === 'enrich-profile' ? now - 15 * 86_400 : null);
    expect(accountAlertsShown(mailOff, 'likes', enrichHiddenLongAgo, now)['enrich-profile']).toBe(true);
  });
});
