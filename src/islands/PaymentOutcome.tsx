import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '@datekit/runtime/routes';
import { paymentScreen } from '@datekit/runtime/rules/payments';
import { $payment, followPayment } from '@datekit/runtime/stores/payments';
import { LINKS } from '../site/links.ts';
import { LoadFailed } from './LoadStatus.tsx';

/** A round mark of the outcome (tick, clock, cross): decoration, the page's heading says it in words. */
function OutcomeMark({ screen }: { screen: 'pending' | 'completed' | 'failed' }) {
  const paths = {
    completed: 'M9 16.5l4.5 4.5L23 11.5',
    pending: 'M16 9v7l4.5 3',
    failed: 'M11 11l10 10M21 11 11 21',
  };
  return (
    <svg className="outcome-mark" viewBox="0 0 32 32" width="44" height="44" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="14" fill="currentColor" opacity="0.12" />
      <path
        d={paths[screen]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The payment screens (spec §4): loading, pending, completed, failed or cancelled. A pending payment
 * turns completed in this tab as soon as the live events stream says the credits arrived. The page's
 * heading (PaymentHeading) names the outcome; this card says what it means and what to do next.
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
          <OutcomeMark screen={screen} />
          <p>{t('payments.outcome_pending')}</p>
        </>
      )}
      {screen === 'completed' && payment && (
        <>
          <OutcomeMark screen={screen} />
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
          <OutcomeMark screen={screen} />
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
