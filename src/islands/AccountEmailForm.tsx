import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { requestMailChange } from '@datekit/runtime/stores/account';
import { errorText } from './errors.ts';
import { Field, FormError, PasswordField } from './Field.tsx';
import { useHydrated } from './hooks.ts';

/** Asks for a new e-mail address: the link goes to it, and the current one stays until it is followed. */
export function AccountEmailForm() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setError(null);
    try {
      setSentTo(await requestMailChange(String(data.get('email') ?? '').trim(), String(data.get('password') ?? '')));
      form.reset();
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="settings-email">
      <h2 id="settings-email">{t('settings.email_title')}</h2>
      <p>{t('settings.email_text')}</p>
      <form className="stack-form" noValidate data-testid="mail-change-form" onSubmit={(e) => void onSubmit(e)}>
        <Field name="email" type="email" label={t('settings.email_new')} autoComplete="email" required />
        <PasswordField
          name="password"
          label={t('settings.password_current')}
          autoComplete="current-password"
          required
        />
        <FormError message={error} />
        {sentTo && (
          <p className="notice" role="status" data-testid="mail-change-sent">
            {t('settings.email_sent', { email: sentTo })}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={!hydrated || busy} aria-busy={busy}>
          {busy ? t('form.busy') : t('settings.email_submit')}
        </button>
      </form>
    </section>
  );
}
