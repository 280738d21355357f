import type { RepeatOrder } from '@datekit/runtime/schemas/api/direct-debit';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { insertOpenPayment, submitRecurringPayment } from '../payments/create-payment.ts';
import { offeredMethods, priceOrder } from '../payments/order-pricing.ts';
import type { PaymentRow } from '../payments/payment-json.ts';
import { invalidateUnusableCard, storedCard } from '../payments/stored-cards.ts';
import { syncPayment } from '../payments/sync-payment.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { createDebitPayment } from './debit-payment.ts';
import { validMandate } from './direct-debit.queries.ts';

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

type Card = NonNullable<Awaited<ReturnType<typeof storedCard>>>;
type Stored = { method: 'creditcard'; card: Card } | { method: 'directdebit' } | null;

/**
 * What a repeat order charges: the member's own stored card or confirmed mandate with the current
 * provider (only their rows are read), whichever was stored last, among the methods their country is
 * offered. Null when there is neither.
 */
async function storedMethod(services: Services, brand: Brand, member: CurrentMember) {
  const offered = offeredMethods(brand, member.country);
  const card = offered.includes('creditcard')
    ? await storedCard(services.db, member.id, services.payments.name)
    : undefined;
  const mandate = offered.includes('directdebit')
    ? await validMandate(services.db, member.id, services.payments.name)
    : undefined;
  const useCard = card && (!mandate || Number(card.created_at) >= Number(mandate.confirmed_at ?? 0));
  const stored: Stored = useCard ? { method: 'creditcard', card } : mandate ? { method: 'directdebit' } : null;
  return { stored, card, mandate };
}

/** What the one-click page shows: the last bundle priced now, and the stored card or mandate it is paid with. */
export async function repeatOrderOffer(services: Services, brand: Brand, member: CurrentMember): Promise<RepeatOrder> {
  const bundleId = await lastBundleId(services, brand, member.id);
  const { stored, card, mandate } = await storedMethod(services, brand, member);
  const priced = bundleId
    ? await priceOrder(services, brand, member, {
        bundleId,
        // Nothing stored yet: the price as the first method offered would charge it.
        method: stored?.method ?? offeredMethods(brand, member.country)[0] ?? 'creditcard',
      }).catch((error: unknown) => {
        if (error instanceof ApiError) return null;
        throw error;
      })
    : null;
  return {
    bundle: priced
      ? {
          id: priced.bundle.id,
          credits: priced.bundle.credits,
          amount_cents: priced.amountCents,
          currency: priced.currency,
        }
      : null,
    method: stored?.method ?? null,
    card: card ? { label: card.label } : null,
    mandate: mandate
      ? { account_holder: mandate.account_holder, iban: `${mandate.iban.slice(0, 4)} •••• ${mandate.iban.slice(-4)}` }
      : null,
  };
}

/**
 * Buys the last bundle again with the stored card or mandate, in one request and without a checkout
 * (Mollie: a recurring payment on the customer's mandate). A provider that refuses it, or fails it at
 * once, is 'The payment could not be completed with the stored card.', and books nothing; when the
 * provider then calls the card's mandate unusable, the card is marked invalid and the answer is
 * `stored_card_invalid` (pay through a checkout again to store a new card); the
 * credits of a paid one arrive through the same exactly-once path as every payment's. A debit keeps
 * its limits and chargeback block.
 */
export async function repeatOrder(
  services: Services,
  brand: Brand,
  member: CurrentMember,
  origin: string,
): Promise<PaymentRow> {
  const bundleId = await lastBundleId(services, brand, member.id);
  if (!bundleId) throw new ApiError('not_found');
  const { stored } = await storedMethod(services, brand, member);
  if (!stored) throw new ApiError('stored_payment_method_required');
  const payment =
    stored.method === 'creditcard'
      ? await chargeCard(services, brand, member, stored.card, { bundleId, origin })
      : await createDebitPayment(services, brand, member, { bundleId, origin }).catch((error: unknown) => {
          if (error instanceof ApiError && error.code === 'payment_unavailable') {
            throw new ApiError('stored_payment_failed');
          }
          throw error;
        });
  if (payment.status === 'failed') throw new ApiError('stored_payment_failed');
  return payment;
}

/** A recurring payment on the stored card: recorded as open, then charged; its status fetched at once. */
async function chargeCard(
  services: Services,
  brand: Brand,
  member: CurrentMember,
  card: Card,
  order: { bundleId: string; origin: string },
): Promise<PaymentRow> {
  const quoted = await priceOrder(services, brand, member, { bundleId: order.bundleId, method: 'creditcard' });
  const { payment, priced } = await insertOpenPayment(services, brand, member.id, quoted, order.origin);
  // Refused, or failed at once: a mandate the provider calls unusable is not offered again.
  const unusable = async () =>
    (await invalidateUnusableCard(services, card)) ? new ApiError('stored_card_invalid') : null;
  const providerId = await submitRecurringPayment(
    services,
    brand,
    member,
    { payment, priced },
    {
      method: 'creditcard',
      customerId: card.provider_customer_id,
      mandateId: card.provider_mandate_id,
      origin: order.origin,
    },
    'stored_payment_failed',
  ).catch(async (error: unknown) => {
    throw (await unusable()) ?? error;
  });
  // A provider that cannot be asked now leaves it open: the webhook follows.
  const synced = await syncPayment(services, providerId).catch((error: unknown) => {
    services.log.error({ err: error, payment_id: payment.id }, 'repeat order status not fetched from the provider');
    return null;
  });
  if (synced?.status === 'failed') {
    const invalid = await unusable();
    if (invalid) throw invalid;
  }
  return synced ?? { ...payment, provider_payment_id: providerId };
}
