import { useStore } from '@nanostores/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { afterLoginPath } from '@datekit/runtime/rules/redirect';
import { ApiRequestError } from '@datekit/runtime/api/client';
import { reactivateAccount } from '@datekit/runtime/stores/account';
import { $user, login } from '@datekit/runtime/stores/user';
import { AFTER_LOGIN_PATH, LINKS } from '../site/links.ts';
import { errorText, fieldErrors } from './errors.ts';
import { Field, FormError, PasswordField } from './Field.tsx';
import { UiProvider } from './ui.tsx';

type LoginField = 'email' | 'password';

/**
 * Log in with e-mail and password. The server's message explains a refusal ('Login failed, please try
 * again', or the block of spec §4 with its minutes). Success goes to the page that asked for a login.
 */
export default function LoginForm({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <LoginFormContent />
    </UiProvider>
  );
}

function LoginFormContent() {
  const { t } = useTranslation();
  const user = useStore($user, { ssr: 'initial' });
  const [busy, setBusy] = useState(false);
  const [loggedIn, setLoggedIn] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  /** Credentials of an account pending deletion, kept to reactivate it when the member accepts. */
  const [pending, setPending] = useState<{ email: string; password: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const inputNamed = (field: LoginField) => form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const missing: Partial<Record<LoginField, string>> = {};
    if (!email) missing.email = t('validation.required');
    if (!password) missing.password = t('validation.required');
    setErrors(missing);
    setFormError(null);
    const first = (Object.keys(missing) as LoginField[])[0];
    if (first) {
      inputNamed(first)?.focus();
      return;
    }

    setBusy(true);
    try {
      await login({ email, password });
      setLoggedIn(true);
      window.location.assign(afterLoginPath(window.location.search, AFTER_LOGIN_PATH));
    } catch (error) {
      setBusy(false);
      setFormError(errorText(error, t));
      setErrors(fieldErrors(error));
      // Spec §8's account-pending-deletion message: the right password offers reactivation (14 days).
      setPending(
        error instanceof ApiRequestError && error.code === 'account_pending_deletion' ? { email, password } : null,
      );
      inputNamed('password')?.select();
    }
  }

  async function onReactivate() {
    if (!pending) return;
    setBusy(true);
    try {
      await reactivateAccount(pending.email, pending.password);
      setLoggedIn(true);
      window.location.assign(`${LINKS.accountSettings}?reactivated=1`);
    } catch (error) {
      setBusy(false);
      setPending(null);
      setFormError(errorText(error, t));
    }
  }

  if (user && !loggedIn && !busy) {
    return (
      <div className="form-notice" data-testid="login-already">
        <p>{t('login.logged_in_as', { name: user.profile.name })}</p>
        <a className="btn btn-primary" href={AFTER_LOGIN_PATH}>
          {t('login.continue')}
        </a>
      </div>
    );
  }

  return (
    <form
      ref={form}
      className="stack-form"
      method="post"
      noValidate
      data-testid="login-form"
      onSubmit={(e) => void onSubmit(e)}
      onChange={(e) => {
        const target: EventTarget = e.target;
        if (!(target instanceof HTMLInputElement)) return;
        const field = target.name as LoginField;
        setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
      }}
    >
      <Field
        name="email"
        type="email"
        label={t('login.email')}
        autoComplete="username"
        inputMode="email"
        required
        error={errors.email}
      />
      <PasswordField
        name="password"
        label={t('login.password')}
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <FormError message={formError} />
      {pending && (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={busy}
          data-testid="login-reactivate"
          onClick={() => void onReactivate()}
        >
          {t('settings.reactivate')}
        </button>
      )}
      {/* Pressed before hydration, it is held and pressed again once hydrated (client:early). */}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
        {busy ? t('form.busy') : t('login.submit')}
      </button>
      <p className="form-aside">
        <a href={LINKS.resetPassword}>{t('login.forgot')}</a>
      </p>
    </form>
  );
}
