import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $push, subscribePush, unsubscribePush } from '@datekit/runtime/stores/push';

/**
 * The push panel of the notifications page: this browser's push state (spec §4: unknown, capable or
 * not, subscribed, denied) and the button that turns push on or off here.
 */
export function PushSettings() {
  const { t } = useTranslation();
  const push = useStore($push);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setFailed(false);
    try {
      await action();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="push-title" data-testid="push-settings" data-push-state={push.status}>
      <h2 id="push-title">{t('push.title')}</h2>
      <p data-testid="push-state">{t(`push.state_${push.status}`)}</p>
      {push.status === 'capable' && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          data-testid="push-turn-on"
          onClick={() => void run(subscribePush)}
        >
          {t('push.turn_on')}
        </button>
      )}
      {push.status === 'subscribed' && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy}
          data-testid="push-turn-off"
          onClick={() => void run(unsubscribePush)}
        >
          {t('push.turn_off')}
        </button>
      )}
      {failed && (
        <p className="form-error" role="alert" data-testid="push-failed">
          {t('push.failed')}
        </p>
      )}
    </section>
  );
}
