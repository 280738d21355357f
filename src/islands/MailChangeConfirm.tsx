import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmMailChange } from '@datekit/runtime/stores/account';
import { loadUser } from '@datekit/runtime/stores/user';
import { LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import { useHydrated } from './hooks.ts';
import { Skeleton, SkeletonBox, SkeletonLine } from './Skeleton.tsx';
import { UiProvider } from './ui.tsx';

type State = { status: 'working' } | { status: 'done'; email: string } | { status: 'failed'; message: string };

/** Route mail-change-do: the link mailed to a new address (`?token=…`) confirms it as soon as it opens. */
export default function MailChangeConfirm({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <MailChangeConfirmContent />
    </UiProvider>
  );
}

function MailChangeConfirmContent() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const token = hydrated ? new URLSearchParams(location.search).get('token') : null;
  const [state, setState] = useState<State>({ status: 'working' });

  useEffect(() => {
    if (!token) return;
    confirmMailChange(token)
      .then((email) => {
        setState({ status: 'done', email });
        void loadUser().catch(() => undefined);
      })
      .catch((error: unknown) => setState({ status: 'failed', message: errorText(error, t) }));
  }, [t, token]);

  const shown: State = hydrated && !token ? { status: 'failed', message: t('settings.email_no_token') } : state;
  if (shown.status === 'working') return <MailChangeSkeleton />;
  return (
    <div className="form-notice" data-testid={`mail-change-${shown.status}`}>
      <p>{shown.status === 'done' ? t('settings.email_confirmed', { email: shown.email }) : shown.message}</p>
      <a className="btn btn-primary" href={LINKS.accountSettings}>
        {t('settings.title')}
      </a>
    </div>
  );
}

/** The answer's shape while the link is checked (and in the server render): two lines and the button. */
function MailChangeSkeleton() {
  return (
    <Skeleton className="form-notice">
      <SkeletonLine width="100%" />
      <SkeletonLine width="55%" />
      <SkeletonBox height="44px" width="10rem" />
    </Skeleton>
  );
}
