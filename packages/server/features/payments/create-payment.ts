import type { ErrorCode } from '@datekit/runtime/errors';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PaymentsTable } from '../../db/schema.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { releaseDiscount, reserveDiscount } from '../discounts/discount-reservations.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { priceOrder, withoutDiscount, type PricedOrder } from './order-pricing.ts';
import type { PaymentRow } from './payment-json.ts';
import { memberCustomer } from './payment-customers.ts';
import { paymentVat } from './payment-vat.ts';

/**
 * Starts the purchase of a bundle: the server prices the order, records it as open (taking a discount
 * valid once, or once per member, with it), and asks the provider for a checkout. A card payment is made for the
 * member's customer at the provider, so that once paid it leaves a mandate for one-click repeat
 * orders. The buyer returns to the bundle's payment page, which shows the outcome.
 */
export async function createPayment(
  services: Services,
  brand: Brand,
  member: CurrentMember,
  order: { bundleId: string; method: string; code?: string | undefined; origin: string },
): Promise<{ payment: PaymentRow; checkoutUrl: string }> {
  const quoted = await priceOrder(services, brand, member, order);
  const provider = services.payments;
  const customerId = quoted.method === 'creditcard' ? await memberCustomer(services, member) : undefined;
  // The price recorded, which the provider charges: without the automatic discount if it was lost meanwhile.
  const { payment, priced } = await insertOpenPayment(services, brand, member.id, quoted, order.origin);
  try {
    const created = await provider.createPayment({
      amountCents: priced.amountCents,
      currency: priced.currency,
      description: `${brand.name}: ${priced.bundle.credits} credits`,
      method: priced.method,
      locale: member.language,
      brand: brand.domain,
      redirectUrl: `${order.origin}/credits/${priced.bundle.id}/${priced.method}?payment=${payment.id}`,
      webhookUrl: `${order.origin}/api/payment-webhook.php`,
      reference: String(payment.id),
      customerId,
    });
    await services.db
      .updateTable('payments')
      .set({ provider_payment_id: created.id, checkout_url: created.checkoutUrl })
      .where('id', '=', payment.id)
      .execute();
    return {
      payment: { ...payment, provider_payment_id: created.id, checkout_url: created.checkoutUrl },
      checkoutUrl: created.checkoutUrl,
    };
  } catch (error) {
    throw await providerRefused(services, payment.id, error);
  }
}

/**
 * The provider refused to create a payment: the open row is marked failed (nothing was booked), and
 * the member gets `payment_unavailable`.
 */
export async function providerRefused(services: Services, paymentId: number, error: unknown): Promise<ApiError> {
  // Together: a failed payment that kept its hold would keep the member's discount from them for good.
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payments')
      .set({ status: 'failed', updated_at: services.now() })
      .where('id', '=', paymentId)
      .execute();
    await releaseDiscount(trx, paymentId);
  });
  services.log.error({ err: error, payment_id: paymentId }, 'payment provider refused a payment');
  return new ApiError('payment_unavailable');
}

/** Another checkout took the discount applied without a code after this order was priced. */
class DiscountTaken extends Error {}

/**
 * Records a priced order as open, and in the same transaction reserves its discount when the code may
 * be used once in total or once per member (discount-reservations.ts). When another payment holds
 * it, a code the member typed is `discount_used` and nothing is recorded; the discount applied
 * without a code falls away, and the order is recorded at its normal price (answered as `priced`,
 * which is what the provider must charge). `inTransaction` runs first in that transaction (the
 * direct debit checks its limits there, so also again for the normal price).
 */
export async function insertOpenPayment(
  services: Services,
  brand: Brand,
  userId: number,
  priced: PricedOrder,
  origin: string,
  inTransaction?: (trx: Db, priced: PricedOrder) => Promise<void>,
): Promise<{ payment: PaymentRow; priced: PricedOrder }> {
  const recordOpen = (order: PricedOrder): Promise<PaymentRow> =>
    services.db.transaction().execute(async (trx) => {
      await inTransaction?.(trx, order);
      const payment = await trx
        .insertInto('payments')
        .values(openPaymentRow(services, brand, userId, order, origin))
        .returningAll()
        .executeTakeFirstOrThrow();
      if (!(await reserveDiscount(trx, brand.domain, order.discount, payment, services.now()))) {
        // Thrown inside the transaction: the payment row goes with it.
        throw order.codeTyped ? new ApiError('discount_used', {}, { field: 'discount_code' }) : new DiscountTaken();
      }
      return payment;
    });
  try {
    return { payment: await recordOpen(priced), priced };
  } catch (error) {
    if (!(error instanceof DiscountTaken)) throw error;
    // Priced again without it in a new transaction: the lost one left nothing behind.
    const full = withoutDiscount(priced);
    return { payment: await recordOpen(full), priced: full };
  }
}

/** A priced order as the payments row it starts as: open, not yet known to the provider. */
export function openPaymentRow(
  services: Services,
  brand: Brand,
  userId: number,
  priced: PricedOrder,
  origin: string,
): Insertable<PaymentsTable> {
  const now = services.now();
  return {
    user_id: userId,
    brand: brand.domain,
    provider: services.payments.name,
    provider_payment_id: null,
    bundle_id: priced.bundle.id,
    credits: priced.bundle.credits,
    amount_cents: priced.amountCents,
    list_amount_cents: priced.listCents,
    currency: priced.currency,
    method: priced.method,
    country: priced.country,
    status: 'open',
    discount_code: priced.discount?.code ?? null,
    discount_percent: priced.discount?.value_percentage ?? 0,
    checkout_url: null,
    origin,
    created_at: now,
    updated_at: now,
    paid_at: null,
    refunded_at: null,
    ...paymentVat(priced.amountCents, priced.country),
  };
}

/**
 * Hands an open payment to the provider as a recurring charge on a stored mandate (a card's or a SEPA
 * debit's), after its commit: with Mollie this is a network call, and SQLite must not wait on it.
 * Records the provider's id and answers it. A refusal fails the payment and gives its discount back,
 * then throws `refusedAs` (the stored card's own message) or the provider-refused error.
 */
export async function submitRecurringPayment(
  services: Services,
  brand: Brand,
  member: CurrentMember,
  open: { payment: PaymentRow; priced: PricedOrder },
  charge: { method: 'creditcard' | 'directdebit'; customerId: string; mandateId: string; origin: string },
  refusedAs?: ErrorCode,
): Promise<string> {
  const { payment, priced } = open;
  let providerId: string;
  try {
    ({ id: providerId } = await services.payments.createRecurringPayment({
      amountCents: priced.amountCents,
      currency: priced.currency,
      description: `${brand.name}: ${priced.bundle.credits} credits`,
      method: charge.method,
      locale: member.language,
      brand: brand.domain,
      webhookUrl: `${charge.origin}/api/payment-webhook.php`,
      reference: String(payment.id),
      customerId: charge.customerId,
      mandateId: charge.mandateId,
    }));
  } catch (error) {
    const refused = await providerRefused(services, payment.id, error);
    throw refusedAs ? new ApiError(refusedAs) : refused;
  }
  await services.db
    .updateTable('payments')
    .set({ provider_payment_id: providerId })
    .where('id', '=', payment.id)
    .execute();
  return providerId;
}
