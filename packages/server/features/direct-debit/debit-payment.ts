import type { Brand } from '@datekit/runtime/schemas/brand';
import { lockMember } from '../../db/lock-member.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { insertOpenPayment, submitRecurringPayment } from '../payments/create-payment.ts';
import { priceOrder } from '../payments/order-pricing.ts';
import type { PaymentRow } from '../payments/payment-json.ts';
import { callWebhookWhenSandboxSettles } from '../payments/sandbox-webhook.ts';
import { syncPayment } from '../payments/sync-payment.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { debitUsage, isDebitBlocked, withinLimits } from './debit-limits.ts';
import { invalidateUnusableMandates } from './invalidate-mandates.ts';
import { validMandate } from './direct-debit.queries.ts';

/** SEPA debits are in euros; the limits are set in euro cents. */
const DEBIT_CURRENCY = 'EUR';

/**
 * Buys a bundle from the member's confirmed mandate: priced on the server like every order, checked
 * against the block and the limits under the member's lock (so two requests at once cannot both pass),
 * recorded as open, then handed to the provider as a recurring payment. There is no checkout: the
 * provider debits the account and reports through the webhook, which books the credits. A mandate the
 * provider refuses as unusable is marked invalid and the member asked for a new one.
 */
export async function createDebitPayment(
  services: Services,
  brand: Brand,
  member: CurrentMember,
  order: { bundleId: string; code?: string | undefined; origin: string },
): Promise<PaymentRow> {
  const quoted = await priceOrder(services, brand, member, { ...order, method: 'directdebit' });
  if (quoted.currency !== DEBIT_CURRENCY) throw new ApiError('payment_method_unavailable', {}, { field: 'method' });
  const mandate = await validMandate(services.db, member.id, services.payments.name);
  if (!mandate?.provider_customer_id || !mandate.provider_mandate_id) {
    throw new ApiError('directdebit_mandate_required');
  }
  const { payment, priced } = await insertOpenPayment(
    services,
    brand,
    member.id,
    quoted,
    order.origin,
    async (trx, recorded) => {
      await lockMember(trx, services.engine, member.id);
      if (await isDebitBlocked(trx, member.id)) throw new ApiError('directdebit_blocked');
      const usage = await debitUsage(trx, member.id, services.now());
      if (!withinLimits(usage, recorded.amountCents)) throw new ApiError('directdebit_limit_reached');
    },
  );
  const providerId = await submitRecurringPayment(
    services,
    brand,
    member,
    { payment, priced },
    {
      method: 'directdebit',
      customerId: mandate.provider_customer_id,
      mandateId: mandate.provider_mandate_id,
      origin: order.origin,
    },
  ).catch(async (error: unknown) => {
    // Refused at once because the mandate is gone (revoked, account closed): a new one is needed.
    if (await invalidateUnusableMandates(services, member.id)) throw new ApiError('directdebit_mandate_required');
    throw error;
  });
  callWebhookWhenSandboxSettles(services, providerId);
  return (await syncPayment(services, providerId)) ?? { ...payment, provider_payment_id: providerId };
}
