import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endOtherSessions } from '@datekit/runtime/stores/account';
import { errorText } from './errors.ts';
import { useHydrated } from './hooks.ts';
import { SaveStatus } from './signup-steps/fields.tsx';

/** Signs the member out on every other device and browser. */
export function AccountSessions() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ state: 'idle' | 'saved' | 'failed'; message: string | null }>({
    state: 'idle',
    message: null,
  });

  async function onClick() {
    setBusy(true);
    try {
      const count = await endOtherSessions();
      setStatus({ state: 'saved', message: t('settings.sessions_ended', { count }) });
    } catch (error) {
      setStatus({ state: 'failed', message: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions">{t('settings.sessions_title')}</h2>
      <p>{t('settings.sessions_text')}</p>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!hydrated || busy}
        data-testid="end-sessions"
        onClick={() => void onClick()}
      >
        {t('settings.sessions_button')}
      </button>
      <SaveStatus status={status.state} message={status.message} />
    </section>
  );
}
