import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '@datekit/runtime/stores/password-reset';
import { errorText, fieldErrors } from './errors.ts';
import { Field, FormError } from './Field.tsx';
import { UiProvider } from './ui.tsx';

/**
 * Route reset-password: asks for a link by e-mail. The answer never tells whether the address has an
 * account (the server answers the same either way), so neither does this form.
 */
export default function ResetPasswordRequest({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <ResetPasswordRequestContent />
    </UiProvider>
  );
}

function ResetPasswordRequestContent() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setFormError(null);
    setEmailError(email ? undefined : t('validation.required'));
    if (!email) return;
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setFormError(errorText(error, t));
      setEmailError(fieldErrors(error).email);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="form-notice" role="status" data-testid="reset-sent">
        <p>{t('reset.sent', { email: sentTo })}</p>
      </div>
    );
  }

  return (
    <form
      className="stack-form"
      method="post"
      noValidate
      data-testid="reset-request-form"
      onSubmit={(e) => void onSubmit(e)}
    >
      <Field
        name="email"
        type="email"
        label={t('reset.email')}
        autoComplete="email"
        inputMode="email"
        required
        error={emailError}
      />
      <FormError message={formError} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
        {busy ? t('form.busy') : t('reset.send')}
      </button>
    </form>
  );
}
