import { useTranslation } from 'react-i18next';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

/** The account facts of the settings screen: e-mail address, membership, and a missing confirmation. */
export default function AccountSettings({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <AccountSettingsContent />
    </UiProvider>
  );
}

function AccountSettingsContent() {
  const { t } = useTranslation();
  const member = useMember();
  if (!member) return <MemberPending member={member} />;
  return (
    <>
      <dl className="facts" data-testid="account-settings">
        <div className="fact">
          <dt>{t('account.email')}</dt>
          <dd data-testid="account-email">{member.email}</dd>
        </div>
        <div className="fact">
          <dt>{t('account.membership')}</dt>
          <dd>{member.paid_user ? t('account.premium') : t('account.free')}</dd>
        </div>
      </dl>
      {member.status === 'not_confirmed' && <p className="notice notice-warning">{t('account.not_confirmed')}</p>}
    </>
  );
}
