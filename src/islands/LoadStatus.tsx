import { useTranslation } from 'react-i18next';
import { errorText } from './errors.ts';

/** What a screen shows while its data loads (also the server render of member screens). */
export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="member-pending" aria-busy="true">
      {t('account.loading')}
    </p>
  );
}

/** Why the data of a screen could not be loaded: the server's translated message or the generic one. */
export function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <p className="form-error" role="alert">
      {errorText(error, t)}
    </p>
  );
}
