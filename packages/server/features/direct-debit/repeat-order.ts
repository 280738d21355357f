import type { Brand, RepeatOrder } from '@datekit/runtime';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { priceOrder } from '../payments/order-pricing.ts';
import type { PaymentRow } from '../payments/payment-json.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { createDebitPayment } from './debit-payment.ts';

/** The bundle of the member's last paid payment, if it is still sold. */
async function lastBundleId(services: Services, brand: Brand, userId: number): Promise<string | null> {
  const last = await services.db
    .selectFrom('payments')
    .select('bundle_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last && brand.credit_bundles.some((b) => b.id === last.bundle_id) ? last.bundle_id : null;
}

/** What the one-click page shows: the last bundle priced now, and the stored mandate it will be paid with. */
export async function repeatOrderOffer(services: Services, brand: Brand, member: CurrentMember): Promise<RepeatOrder> {
  const bundleId = await lastBundleId(services, brand, member.id);
  const priced = bundleId
    ? await priceOrder(services, brand, member, { bundleId, method: 'directdebit' }).catch((error: unknown) => {
        if (error instanceof ApiError) return null;
        throw error;
      })
    : null;
  const mandate = await services.db
    .selectFrom('debit_mandates')
    .select(['account_holder', 'iban'])
    .where('user_id', '=', member.id)
    .where('status', '=', 'valid')
    .where('provider', '=', services.payments.name)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    bundle: priced
      ? {
          id: priced.bundle.id,
          credits: priced.bundle.credits,
          amount_cents: priced.amountCents,
          currency: priced.currency,
        }
      : null,
    mandate: mandate
      ? { account_holder: mandate.account_holder, iban: `${mandate.iban.slice(0, 4)} •••• ${mandate.iban.slice(-4)}` }
      : null,
  };
}

/**
 * Buys the last bundle again from the stored mandate, in one request (Mollie: a recurring payment on
 * the customer's mandate). A provider that refuses it, or fails it at once, is 'The payment could not
 * be completed with the stored card.'; the limits and the chargeback block apply as to every debit.
 */
export async function repeatOrder(
  services: Services,
  brand: Brand,
  member: CurrentMember,
  origin: string,
): Promise<PaymentRow> {
  const bundleId = await lastBundleId(services, brand, member.id);
  if (!bundleId) throw new ApiError('not_found');
  const payment = await createDebitPayment(services, brand, member, { bundleId, origin }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'payment_unavailable') throw new ApiError('stored_payment_failed');
    throw error;
  });
  if (payment.status === 'failed') throw new ApiError('stored_payment_failed');
  return payment;
}
