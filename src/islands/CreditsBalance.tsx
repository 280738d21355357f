import { useTranslation } from 'react-i18next';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

/** The member's credit balance and membership (buying any bundle makes a member premium: spec §1). */
export default function CreditsBalance({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <CreditsBalanceContent />
    </UiProvider>
  );
}

function CreditsBalanceContent() {
  const { t, i18n } = useTranslation();
  const member = useMember();
  if (!member) return <MemberPending member={member} />;
  return (
    <dl className="facts" data-testid="credits-balance">
      <div className="fact">
        <dt>{t('credits.balance')}</dt>
        <dd className="fact-big">{new Intl.NumberFormat(i18n.language).format(member.credits)}</dd>
      </div>
      <div className="fact">
        <dt>{t('account.membership')}</dt>
        <dd>{member.paid_user ? t('account.premium') : t('account.free')}</dd>
      </div>
    </dl>
  );
}
