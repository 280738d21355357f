import { useTranslation } from 'react-i18next';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

/**
 * Where the member's e-mail goes, or why e-mail to them is switched off (spec §4: marked as spam,
 * bounced, or unsubscribed through the list-unsubscribe header).
 */
export default function NotificationStatus({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <NotificationStatusContent />
    </UiProvider>
  );
}

function NotificationStatusContent() {
  const { t } = useTranslation();
  const member = useMember();
  if (!member) return <MemberPending member={member} />;
  if (member.notifications_disabled.length === 0) {
    return (
      <p className="notice" data-testid="notifications-enabled">
        {t('notifications.enabled', { email: member.email })}
      </p>
    );
  }
  return (
    <div className="notice notice-warning" role="status" data-testid="notifications-disabled">
      {member.notifications_disabled.map((reason) => (
        <p key={reason}>{t(`notifications.disabled_${reason}`)}</p>
      ))}
    </div>
  );
}
