import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorLoginResponse } from '../../../packages/runtime/schemas/api/operator/auth.ts';
import { operatorCodeStep, operatorPasswordStep } from '../../../packages/runtime/stores/operator/session.ts';
import { UiProvider } from '../ui.tsx';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';

/**
 * The console's login: e-mail and password first, then the authenticator's code. The first time, the
 * password step answers a QR code to set the authenticator up with; only a valid code starts a session.
 */
export default function OperatorLogin({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Login />
    </UiProvider>
  );
}

function Login() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<OperatorLoginResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(opErrorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  function onPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const address = String(data.get('email') ?? '').trim();
    void run(async () => {
      setStep(await operatorPasswordStep(address, String(data.get('password') ?? '')));
      setEmail(address);
    });
  }

  function onCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void run(async () => {
      await operatorCodeStep(email, step!.challenge, code);
      window.location.assign('/');
    });
  }

  if (!step) {
    return (
      <form className="op-card op-form" onSubmit={onPassword} data-testid="op-login-form">
        <label>
          {t('op.login.email')}
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          {t('op.login.password')}
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <OpError message={error} />
        <button className="op-button" type="submit" disabled={busy}>
          {busy ? t('op.busy') : t('op.login.next')}
        </button>
      </form>
    );
  }

  return (
    <form className="op-card op-form" onSubmit={onCode} data-testid="op-code-form">
      {step.enrolment && (
        <div data-testid="op-enrolment">
          <p>{t('op.login.enrol')}</p>
          <img src={step.enrolment.qr_code} alt={step.enrolment.otpauth_url} width={220} height={220} />
          <p className="op-muted">{t('op.login.secret', { secret: step.enrolment.secret })}</p>
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
          autoFocus
        />
      </label>
      <OpError message={error} />
      <button className="op-button" type="submit" disabled={busy}>
        {busy ? t('op.busy') : t('op.login.submit')}
      </button>
    </form>
  );
}
