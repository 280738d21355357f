import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_QUIET_ROUTES, alertVisible, pushAlertReason } from '@datekit/runtime/rules/dismissible-alerts';
import { $push, subscribePush } from '@datekit/runtime/stores/push';
import { readAlertDismissal, storeAlertDismissal } from '../scripts/alert-dismissals.ts';
import { DockBanner, DockBannerDismiss } from './DockBanner.tsx';
import { useHydrated } from './hooks.ts';
import { useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

/**
 * The push-notification alert of spec §4: push notifications this browser could get but has not been
 * asked for, once the member has liked someone or started a conversation; its button opens the browser's
 * prompt. In the bottom dock after the other alerts, before the welcome discount. Dismissing stores unix seconds in localStorage; it
 * shows again after its pause (rules/dismissible-alerts.ts). The other alerts need no browser feature
 * and are static (src/components/AccountAlerts.astro).
 */
export default function PushAlert({ lang, route }: { lang: string; route: string }) {
  return (
    <UiProvider lang={lang}>
      <PushAlertContent route={route} />
    </UiProvider>
  );
}

/**
 * Rendered for every member page outside the quiet routes, even while dismissed: mounting the push
 * store checks this browser's push state (and slows the periodic refresh to 300 s when subscribed).
 */
function PushAlertContent({ route }: { route: string }) {
  const { t } = useTranslation();
  const member = useMember();
  const hydrated = useHydrated();
  const push = useStore($push);
  const [dismissedAt, setDismissedAt] = useState(() =>
    typeof window === 'undefined' ? null : readAlertDismissal('push-notification'),
  );
  // Read once per page view: the alert does not come back by itself while the page stays open.
  const [nowSeconds] = useState(() => Math.floor(Date.now() / 1000));
  if (!hydrated || !member || ALERT_QUIET_ROUTES.has(route)) return null;
  const due =
    alertVisible('push-notification', { reason: true, dismissedAt, nowSeconds }) &&
    push.permission !== null &&
    pushAlertReason({
      capable: push.status === 'capable',
      permission: push.permission,
      subscribed: false,
      reachedOut: member.reached_out,
    });
  if (!due) return null;
  const dismiss = () => setDismissedAt(storeAlertDismissal('push-notification'));
  // A failure leaves the alert up; the notifications page says more and offers it again.
  return (
    <DockBanner
      testId="alert-push-notification"
      actions={
        <>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void subscribePush().catch(() => undefined)}
          >
            {t('push.turn_on')}
          </button>
          <DockBannerDismiss onDismiss={dismiss} />
        </>
      }
    >
      {t('push.alert')}
    </DockBanner>
  );
}
