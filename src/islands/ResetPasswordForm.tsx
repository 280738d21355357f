import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@datekit/runtime/rules/constants';
import { completePasswordReset } from '@datekit/runtime/stores/password-reset';
import { LINKS } from '../site/links.ts';
import { errorText, fieldErrors } from './errors.ts';
import { FormError, PasswordField } from './Field.tsx';
import { useHydrated } from './hooks.ts';
import { UiProvider } from './ui.tsx';

type ResetField = 'password' | 'password_repeat';

/**
 * Route reset-password-do: the reset mail's link (`?token=…`) leads here to choose a new password.
 * The server checks the token; on success the member is logged in and goes to the home page.
 */
export default function ResetPasswordForm({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <ResetPasswordFormContent />
    </UiProvider>
  );
}

function ResetPasswordFormContent() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ResetField, string>>>({});
  const token = hydrated ? linkToken() : null;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read now, not from the render: a press made before hydration is replayed into the first render,
    // whose `hydrated` (and so `token`) is still false, and the form then did nothing at all.
    const token = linkToken();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const repeat = String(data.get('password_repeat') ?? '');
    const problems: Partial<Record<ResetField, string>> = {};
    if (password.length < PASSWORD_MIN_LENGTH)
      problems.password = t('validation.invalid_password', { min: PASSWORD_MIN_LENGTH });
    if (!problems.password && password !== repeat) problems.password_repeat = t('reset.passwords_differ');
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length || !token) return;
    setBusy(true);
    try {
      await completePasswordReset(token, password, repeat);
      window.location.assign(LINKS.home);
    } catch (error) {
      setBusy(false);
      setFormError(errorText(error, t));
      setErrors(fieldErrors(error));
    }
  }

  if (hydrated && !token) {
    return (
      <div className="form-notice" data-testid="reset-no-token">
        <p>{t('reset.no_token')}</p>
        <a className="btn btn-primary" href={LINKS.resetPassword}>
          {t('reset.new_link')}
        </a>
      </div>
    );
  }

  return (
    <form className="stack-form" method="post" noValidate data-testid="reset-form" onSubmit={(e) => void onSubmit(e)}>
      <PasswordField
        name="password"
        label={t('reset.new_password')}
        autoComplete="new-password"
        required
        error={errors.password}
      />
      <PasswordField
        name="password_repeat"
        label={t('reset.repeat_password')}
        autoComplete="new-password"
        required
        error={errors.password_repeat}
      />
      <FormError message={formError} />
      {formError && (
        <p className="form-aside">
          <a href={LINKS.resetPassword}>{t('reset.new_link')}</a>
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
        {busy ? t('form.busy') : t('reset.save')}
      </button>
    </form>
  );
}

/** The token of the reset mail's link (`?token=…`). */
function linkToken(): string | null {
  return new URLSearchParams(window.location.search).get('token');
}
