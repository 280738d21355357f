import { useTranslation } from 'react-i18next';
import type { OperatorPaymentJson } from '@datekit/runtime/schemas/api/operator/payments';

/**
 * What came back of a payment, beside its status: the money refunded (by an operator or at the
 * provider), the credits taken back, and the credits the member had already spent, which stay a debt
 * until their next purchase settles it (credit-debt.ts).
 */
export function PaymentReversal({
  payment,
  lang,
}: {
  payment: Pick<OperatorPaymentJson, 'currency' | 'refunded_cents' | 'credits_reversed' | 'credits_unrecovered'>;
  lang: string;
}) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (payment.refunded_cents > 0) {
    const amount = new Intl.NumberFormat(lang, { style: 'currency', currency: payment.currency }).format(
      payment.refunded_cents / 100,
    );
    parts.push(t('op.payments.refunded_amount', { amount }));
  }
  if (payment.credits_reversed > 0)
    parts.push(t('op.payments.credits_reversed', { credits: payment.credits_reversed }));
  if (payment.credits_unrecovered > 0) {
    parts.push(t('op.payments.debt', { credits: payment.credits_unrecovered }));
  }
  if (parts.length === 0) return null;
  return (
    <span className="op-muted" data-testid="op-payment-reversal">
      {' '}
      ({parts.join(', ')})
    </span>
  );
}
