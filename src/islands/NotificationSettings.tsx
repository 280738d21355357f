import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TYPES, type NotificationType } from '@datekit/runtime/data/notifications';
import { $notificationSettings, enableMail, saveNotificationType } from '@datekit/runtime/stores/notifications';
import { errorText } from './errors.ts';
import { SkeletonLine } from './Skeleton.tsx';
import { MemberPending, useMember } from './member.tsx';
import { PushSettings } from './PushSettings.tsx';
import { SaveStatus } from './signup-steps/fields.tsx';
import { UiProvider } from './ui.tsx';
import './switch.css';

/**
 * Route notifications: one switch per type of spec §3, saved at once; above them, when e-mail to the
 * member is switched off (marked as spam, bounced, unsubscribed), why, and a button to switch it on;
 * below them, push notifications in this browser.
 */
export default function NotificationSettings({ lang, site }: { lang: string; site: string }) {
  return (
    <UiProvider lang={lang}>
      <NotificationSettingsContent site={site} />
    </UiProvider>
  );
}

function NotificationSettingsContent({ site }: { site: string }) {
  const { t } = useTranslation();
  const member = useMember();
  const state = useStore($notificationSettings);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ state: 'idle' | 'saved' | 'failed'; message: string | null }>({
    state: 'idle',
    message: null,
  });
  if (member === null) return <MemberPending member={member} />;
  if (state.status === 'failed') return <p className="form-error">{errorText(state.error, t)}</p>;
  // Until the member and the settings are known, the screen shows at its final size, its switches
  // disabled: the settings arriving move nothing (layout shift).
  const settings = member && state.status === 'ready' ? state.data : undefined;
  const disabled = settings?.disabled ?? [];

  async function run(action: () => Promise<unknown>, message: string) {
    setBusy(true);
    try {
      await action();
      setStatus({ state: 'saved', message });
    } catch (error) {
      setStatus({ state: 'failed', message: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {disabled.length === 0 ? (
        <p className="notice" data-testid={settings ? 'notifications-enabled' : undefined}>
          {member ? t('notifications.enabled', { email: member.email }) : <SkeletonLine width="80%" />}
        </p>
      ) : (
        <div className="notice notice-warning" role="status" data-testid="notifications-disabled">
          {disabled.map(({ reason }) => (
            <p key={reason}>{t(`notifications.disabled_${reason}`)}</p>
          ))}
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            data-testid="notifications-enable"
            onClick={() => void run(() => enableMail(), t('settings.mail_enabled', { email: member?.email }))}
          >
            {t('settings.mail_enable')}
          </button>
        </div>
      )}
      <section className="panel" aria-labelledby="notification-types">
        <h2 id="notification-types">{t('notifications.list_title')}</h2>
        <ul className="switch-list" data-testid="notification-types">
          {NOTIFICATION_TYPES.map((type: NotificationType) => (
            <li key={type}>
              <label className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={settings?.preferences[type] ?? false}
                  disabled={busy || !settings}
                  data-testid={`notification-${type}`}
                  onChange={(event) => {
                    const enabled = event.currentTarget.checked;
                    void run(() => saveNotificationType(type, enabled), t('settings.saved'));
                  }}
                />
                <span className="switch-track" aria-hidden="true" />
                <span>{t(`notifications.type_${type}`, { site })}</span>
              </label>
            </li>
          ))}
        </ul>
        <SaveStatus status={status.state} message={status.message} />
      </section>
      <PushSettings />
    </>
  );
}
