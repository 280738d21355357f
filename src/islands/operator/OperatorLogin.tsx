import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiAnswer } from '@datekit/runtime/api/contract';
import { operatorCodeStep, operatorEnrolStep, operatorPasswordStep } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';

/**
 * The console's login: e-mail and password first, then the authenticator's code. The first time, the
 * password alone shows no secret: the enrolment code that `datekit operators add` printed answers the
 * QR code to set the authenticator up with (or the operator set it up from the secret the command
 * printed, and enters its code at once); only a valid code starts a session.
 */
export default function OperatorLogin({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Login />
    </UiProvider>
  );
}

type Form = 'password' | 'enrol' | 'code';

function Login() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<ApiAnswer<'POST /api/operator/login'> | null>(null);
  const [enrolment, setEnrolment] = useState<ApiAnswer<'POST /api/operator/login/enrol'> | null>(null);
  const [busy, setBusy] = useState(false);
  // The message goes under the form that failed (the first sign-in shows two).
  const [error, setError] = useState<{ form: Form; message: string } | null>(null);
  const errorOf = (form: Form) => (error?.form === form ? error.message : null);

  async function run(form: Form, action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError({ form, message: opErrorText(failure, t) });
    } finally {
      setBusy(false);
    }
  }

  function onPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const address = String(data.get('email') ?? '').trim();
    void run('password', async () => {
      setStep(await operatorPasswordStep(address, String(data.get('password') ?? '')));
      setEmail(address);
    });
  }

  function onEnrolmentCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('enrolment_code') ?? '').trim();
    void run('enrol', async () => {
      setEnrolment(await operatorEnrolStep(email, step!.challenge, code));
    });
  }

  function onCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void run('code', async () => {
      await operatorCodeStep(email, step!.challenge, code);
      window.location.assign('/');
    });
  }

  // Each step's form has its own key: React must mount its fields anew, empty, rather than reuse the
  // previous step's inputs (the password, or the e-mail, once showed up in the code field).
  if (!step) {
    return (
      <form key="password" className="op-card op-form" onSubmit={onPassword} data-testid="op-login-form">
        <label>
          {t('op.login.email')}
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          {t('op.login.password')}
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <OpError message={errorOf('password')} />
        <button className="op-button" type="submit" disabled={busy}>
          {busy ? t('op.busy') : t('op.login.next')}
        </button>
      </form>
    );
  }

  const askEnrolmentCode = step.enrolment_required && !enrolment;
  return (
    <>
      {askEnrolmentCode && (
        <form key="enrol" className="op-card op-form" onSubmit={onEnrolmentCode} data-testid="op-enrol-form">
          <p>{t('op.login.enrol_code_intro')}</p>
          <label>
            {t('op.login.enrol_code')}
            <input
              name="enrolment_code"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={40}
              required
              autoFocus
            />
          </label>
          <OpError message={errorOf('enrol')} />
          <button className="op-button" type="submit" disabled={busy}>
            {busy ? t('op.busy') : t('op.login.enrol_show')}
          </button>
        </form>
      )}
      <form key="code" className="op-card op-form" onSubmit={onCode} data-testid="op-code-form">
        {askEnrolmentCode && <p className="op-muted">{t('op.login.enrol_from_cli')}</p>}
        {enrolment && (
          <div data-testid="op-enrolment">
            <p>{t('op.login.enrol')}</p>
            <img src={enrolment.qr_code} alt={enrolment.otpauth_url} width={220} height={220} />
            <p className="op-muted">{t('op.login.secret', { secret: enrolment.secret })}</p>
          </div>
        )}
        <label>
          {t('op.login.code')}
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            autoFocus={!askEnrolmentCode}
          />
        </label>
        <OpError message={errorOf('code')} />
        <button className="op-button" type="submit" disabled={busy}>
          {busy ? t('op.busy') : t('op.login.submit')}
        </button>
      </form>
    </>
  );
}
