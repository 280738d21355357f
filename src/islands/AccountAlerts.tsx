import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALERT_STORAGE_KEYS,
  alertVisible,
  parseDismissedAt,
  pushAlertReason,
  type DismissibleAlert,
} from '../../packages/runtime/rules/dismissible-alerts.ts';
import { $push, subscribePush } from '../../packages/runtime/stores/push.ts';
import { LINKS } from '../site/links.ts';
import { useHydrated } from './hooks.ts';
import { useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

/** Routes where the alerts would only repeat what the page itself is about. */
const QUIET_ROUTES = new Set(['notifications', 'settings', 'complete-signup', 'signup', 'profile']);

/**
 * The dismissible alerts of spec §4 under the navigation: e-mail switched off (disabled-notifications)
 * a profile worth completing (enrich-profile) and push notifications this browser could get but has
 * not been asked for (push-notification, whose button opens the browser's prompt). Dismissing stores
 * unix seconds in localStorage; each shows again after its pause (rules/dismissible-alerts.ts).
 */
export default function AccountAlerts({ lang, route }: { lang: string; route: string }) {
  return (
    <UiProvider lang={lang}>
      <AccountAlertsContent route={route} />
    </UiProvider>
  );
}

function readDismissed(alert: DismissibleAlert): number | null {
  try {
    return parseDismissedAt(localStorage.getItem(ALERT_STORAGE_KEYS[alert]));
  } catch {
    return null;
  }
}

function useDismissal(alert: DismissibleAlert) {
  const [dismissedAt, setDismissedAt] = useState(() => (typeof window === 'undefined' ? null : readDismissed(alert)));
  const dismiss = () => {
    const now = Math.floor(Date.now() / 1000);
    try {
      localStorage.setItem(ALERT_STORAGE_KEYS[alert], String(now));
    } catch {
      // Storage refused (private mode): the alert still closes for this page view.
    }
    setDismissedAt(now);
  };
  return { dismissedAt, dismiss };
}

function AccountAlertsContent({ route }: { route: string }) {
  const member = useMember();
  const hydrated = useHydrated();
  const mail = useDismissal('disabled-notifications');
  const enrich = useDismissal('enrich-profile');
  const pushAlert = useDismissal('push-notification');
  // Read once per page view: an alert does not appear by itself while the page stays open.
  const [nowSeconds] = useState(() => Math.floor(Date.now() / 1000));
  if (!hydrated || !member || QUIET_ROUTES.has(route)) return null;
  const mailOff = alertVisible('disabled-notifications', {
    reason: member.notifications_disabled.length > 0,
    dismissedAt: mail.dismissedAt,
    nowSeconds,
  });
  // The server works out what the profile still lacks (the signup steps of spec §4).
  const enrichDue = alertVisible('enrich-profile', {
    reason: member.profile_missing.length > 0,
    dismissedAt: enrich.dismissedAt,
    nowSeconds,
  });
  const pushPaused = !alertVisible('push-notification', {
    reason: true,
    dismissedAt: pushAlert.dismissedAt,
    nowSeconds,
  });
  return (
    <>
      <PushAlert paused={pushPaused} onDismiss={pushAlert.dismiss} />
      {mailOff && <MailOffAlert onDismiss={mail.dismiss} />}
      {enrichDue && member.status === 'active' && <EnrichAlert onDismiss={enrich.dismiss} />}
    </>
  );
}

function Alert(props: {
  testId: string;
  text: string;
  action: string;
  href?: string;
  onAction?: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-warning account-alert" role="status" data-testid={props.testId}>
      <div className="container account-alert-inner">
        <p>{props.text}</p>
        {props.href ? (
          <a className="btn btn-secondary btn-sm" href={props.href}>
            {props.action}
          </a>
        ) : (
          <button type="button" className="btn btn-secondary btn-sm" onClick={props.onAction}>
            {props.action}
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={props.onDismiss}>
          {t('settings.alert_dismiss')}
        </button>
      </div>
    </div>
  );
}

function MailOffAlert({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      testId="alert-disabled-notifications"
      text={t('settings.alert_mail_off')}
      action={t('settings.alert_mail_off_action')}
      href={LINKS.notifications}
      onDismiss={onDismiss}
    />
  );
}

function EnrichAlert({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      testId="alert-enrich-profile"
      text={t('settings.alert_enrich')}
      action={t('settings.alert_enrich_action')}
      href={LINKS.completeSignup}
      onDismiss={onDismiss}
    />
  );
}

/**
 * Rendered for every member page outside the quiet routes, even while dismissed: mounting the push
 * store checks this browser's push state (and slows the periodic refresh to 300 s when subscribed).
 */
function PushAlert({ paused, onDismiss }: { paused: boolean; onDismiss: () => void }) {
  const { t } = useTranslation();
  const push = useStore($push);
  const due =
    !paused &&
    push.permission !== null &&
    pushAlertReason({ capable: push.status === 'capable', permission: push.permission, subscribed: false });
  if (!due) return null;
  // A failure leaves the alert up; the notifications page says more and offers it again.
  return (
    <Alert
      testId="alert-push-notification"
      text={t('push.alert')}
      action={t('push.turn_on')}
      onAction={() => void subscribePush().catch(() => undefined)}
      onDismiss={onDismiss}
    />
  );
}
