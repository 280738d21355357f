import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@datekit/runtime/rules/constants';
import { changePassword } from '@datekit/runtime/stores/account';
import { errorText } from './errors.ts';
import { FormError, PasswordField } from './Field.tsx';
import { useHydrated } from './hooks.ts';

/** Changes the password with the old one; the server ends every other session. */
export function AccountPasswordForm() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? '');
    setSaved(false);
    if (value('password').length < PASSWORD_MIN_LENGTH) {
      setError(t('validation.invalid_password', { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    if (value('password') !== value('password_repeat')) {
      setError(t('reset.passwords_differ'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await changePassword(value('old_password'), value('password'), value('password_repeat'));
      form.reset();
      setSaved(true);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="settings-password">
      <h2 id="settings-password">{t('settings.password_title')}</h2>
      <form className="stack-form" noValidate data-testid="password-form" onSubmit={(e) => void onSubmit(e)}>
        <PasswordField
          name="old_password"
          label={t('settings.password_old')}
          autoComplete="current-password"
          required
        />
        <PasswordField name="password" label={t('reset.new_password')} autoComplete="new-password" required />
        <PasswordField name="password_repeat" label={t('reset.repeat_password')} autoComplete="new-password" required />
        <FormError message={error} />
        {saved && (
          <p className="notice" role="status" data-testid="password-changed">
            {t('settings.password_changed')}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={!hydrated || busy} aria-busy={busy}>
          {busy ? t('form.busy') : t('settings.password_submit')}
        </button>
      </form>
    </section>
  );
}
