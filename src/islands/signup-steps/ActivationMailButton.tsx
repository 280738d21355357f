import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $activationMail, sendActivationMail } from '@datekit/runtime/stores/signup-steps';
import { errorText } from '../errors.ts';
import './activation-mail.css';

/**
 * "Send the e-mail again" (POST /api/activation-mail.php). The server allows one every two minutes
 * and five a day; when it refuses, its own message says so.
 */
export function ActivationMailButton({ className = 'btn btn-secondary' }: { className?: string }) {
  const { t } = useTranslation();
  const state = useStore($activationMail);
  const sending = state.status === 'sending';
  return (
    <div className="activation-mail">
      <button
        type="button"
        className={className}
        disabled={sending}
        aria-busy={sending}
        data-testid="activation-mail-resend"
        onClick={() => void sendActivationMail()}
      >
        {sending ? t('form.busy') : t('steps.resend')}
      </button>
      <p
        className={state.status === 'failed' ? 'activation-mail-status is-error' : 'activation-mail-status'}
        role="status"
        data-testid="activation-mail-status"
      >
        {state.status === 'sent' ? t('steps.resent') : null}
        {state.status === 'failed' ? errorText(state.error, t) : null}
      </p>
    </div>
  );
}
