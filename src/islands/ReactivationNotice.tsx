import { useTranslation } from 'react-i18next';
import { DELETION_GRACE_DAYS } from '@datekit/runtime/rules/constants';
import { useHydrated } from './hooks.ts';
import { UiProvider } from './ui.tsx';

/** On /account-deleted after a reactivation link that no longer works (`?reactivation=failed`): says so. */
export default function ReactivationNotice({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <ReactivationNoticeContent />
    </UiProvider>
  );
}

function ReactivationNoticeContent() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated || new URLSearchParams(location.search).get('reactivation') !== 'failed') return null;
  return (
    <p className="notice notice-warning" role="alert" data-testid="reactivation-failed">
      {t('settings.reactivation_failed', { days: DELETION_GRACE_DAYS })}
    </p>
  );
}
