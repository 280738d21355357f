import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { DATA_EXPORT_URL } from '@datekit/runtime/stores/account';
import { $ownProfile } from '@datekit/runtime/stores/profile';
import { AccountEmailForm } from './AccountEmailForm.tsx';
import { AccountPasswordForm } from './AccountPasswordForm.tsx';
import { AccountSessions } from './AccountSessions.tsx';
import { useHydrated } from './hooks.ts';
import { MemberPending, useMember } from './member.tsx';
import { MyProfileVisibility } from './MyProfileVisibility.tsx';
import { SkeletonLine } from './Skeleton.tsx';
import { UiProvider } from './ui.tsx';

/**
 * The account settings screen: e-mail address (changed through a link to the new one), membership,
 * password, invisible mode, signing out elsewhere, and the download of the member's data.
 */
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
  const hydrated = useHydrated();
  const profile = useStore($ownProfile);
  if (member === null) return <MemberPending member={member} />;
  // Until the member is known (and in the server render) the screen is drawn all the same, their two
  // facts as placeholders: the forms need no member, and nothing moves when the member arrives.
  const pending = member === undefined;
  const reactivated = hydrated && new URLSearchParams(location.search).has('reactivated');
  return (
    <>
      {reactivated && (
        <p className="notice" role="status" data-testid="account-reactivated">
          {t('settings.reactivated')}
        </p>
      )}
      <dl className="facts" data-testid={pending ? undefined : 'account-settings'} aria-busy={pending}>
        <div className="fact">
          <dt>{t('account.email')}</dt>
          <dd data-testid={pending ? undefined : 'account-email'}>
            {pending ? <SkeletonLine width="14rem" /> : member.email}
          </dd>
        </div>
        <div className="fact">
          <dt>{t('account.membership')}</dt>
          <dd>
            {pending ? <SkeletonLine width="5rem" /> : member.paid_user ? t('account.premium') : t('account.free')}
          </dd>
        </div>
      </dl>
      {member?.status === 'not_confirmed' && <p className="notice notice-warning">{t('account.not_confirmed')}</p>}
      <AccountEmailForm />
      <AccountPasswordForm />
      {profile.status === 'failed' ? null : (
        <MyProfileVisibility profile={profile.status === 'ready' ? profile.data : undefined} />
      )}
      <AccountSessions />
      <section className="panel" aria-labelledby="settings-export">
        <h2 id="settings-export">{t('settings.export_title')}</h2>
        <p>{t('settings.export_text')}</p>
        <a className="btn btn-secondary" href={DATA_EXPORT_URL} download data-testid="data-export">
          {t('settings.export_button')}
        </a>
      </section>
    </>
  );
}
