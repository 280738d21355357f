import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '../../packages/runtime/routes.ts';
import { paymentScreen } from '../../packages/runtime/rules/payments.ts';
import { $payment, followPayment } from '../../packages/runtime/stores/payments.ts';
import { LINKS } from '../site/links.ts';
import { LoadFailed } from './LoadStatus.tsx';

/**
 * The payment screens (spec §4): loading, pending, completed, failed or cancelled. A pending payment
 * turns completed in this tab as soon as the live events stream says the credits arrived.
 */
export function PaymentOutcome({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation();
  const state = useStore($payment);
  useEffect(() => followPayment(paymentId), [paymentId]);
  if (state.status === 'failed') return <LoadFailed error={state.error} />;
  const payment = state.status === 'ready' ? state.data : undefined;
  const screen = paymentScreen(payment?.status);
  return (
    <section className={`payment-outcome is-${screen}`} data-testid={`payment-${screen}`} aria-live="polite">
      {screen === 'loading' && <p aria-busy="true">{t('payments.outcome_loading')}</p>}
      {screen === 'pending' && (
        <>
          <h2>{t('payments.outcome_pending_title')}</h2>
          <p>{t('payments.outcome_pending')}</p>
        </>
      )}
      {screen === 'completed' && payment && (
        <>
          <h2>{t('payments.outcome_completed_title')}</h2>
          <p>{t('payments.outcome_completed', { count: payment.credits })}</p>
          <p className="outcome-actions">
            <a className="btn btn-primary" href={LINKS.members}>
              {t('payments.to_members')}
            </a>
            <a className="btn btn-ghost" href={pathFor('transactions-id', { id: payment.id })}>
              {t('payments.receipt')}
            </a>
          </p>
        </>
      )}
      {screen === 'failed' && (
        <>
          <h2>{t('payments.outcome_failed_title')}</h2>
          <p role="alert">{t('payments.outcome_failed')}</p>
          <p className="outcome-actions">
            <a
              className="btn btn-primary"
              href={payment ? pathFor('credits-id-paymentmethod', { id: payment.bundle_id }) : LINKS.credits}
            >
              {t('payments.try_again')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}
