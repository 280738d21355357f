import { useTranslation } from 'react-i18next';
import { MemberPending, useMember } from './member.tsx';
import { SkeletonLine } from './Skeleton.tsx';
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
  if (member === null) return <MemberPending member={member} />;
  // Until the member is known (and in the server render) the two facts show as placeholders of their
  // size, so the bundles below stay where they are when the balance arrives.
  return (
    <dl className="facts" data-testid={member ? 'credits-balance' : undefined} aria-busy={!member}>
      <div className="fact">
        <dt>{t('credits.balance')}</dt>
        <dd className="fact-big">
          {member ? new Intl.NumberFormat(i18n.language).format(member.credits) : <SkeletonLine width="3em" />}
        </dd>
      </div>
      <div className="fact">
        <dt>{t('account.membership')}</dt>
        <dd>{member ? member.paid_user ? t('account.premium') : t('account.free') : <SkeletonLine width="5rem" />}</dd>
      </div>
    </dl>
  );
}
