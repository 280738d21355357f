import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { User } from '@datekit/runtime/schemas/api/user';
import { $user } from '@datekit/runtime/stores/user';
import { LINKS } from '../site/links.ts';
import { Loading } from './LoadStatus.tsx';

/**
 * The logged-in member for islands of member screens: undefined until the server answered (also in
 * the server render), null when the session is gone.
 */
export function useMember(): User | null | undefined {
  return useStore($user, { ssr: () => undefined });
}

/** What a member screen shows while the member is loading, or once the session turned out to be gone. */
export function MemberPending({ member }: { member: null | undefined }) {
  const { t } = useTranslation();
  if (member === undefined) {
    return <Loading />;
  }
  const back = typeof location === 'undefined' ? '' : `?redirect=${encodeURIComponent(location.pathname)}`;
  return (
    <div className="form-notice" data-testid="member-logged-out">
      <p>{t('account.logged_out')}</p>
      <a className="btn btn-primary" href={`${LINKS.login}${back}`}>
        {t('nav.login')}
      </a>
    </div>
  );
}
