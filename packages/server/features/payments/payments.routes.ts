import {
  createPaymentRoute,
  creditOffersRoute,
  paymentRoute,
  paymentsRoute,
} from '@datekit/runtime/schemas/api/contracts/payments';
import { z } from 'zod';
import { discountedCents, paymentCurrency, toCents } from '@datekit/runtime/rules/payments';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { requestOrigin } from '../../http/origin.ts';
import { countOutcome } from '../../ops/metrics.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';
import { activeDiscount, isUsed } from '../discounts/discount-codes.ts';
import { memberHold } from '../discounts/discount-reservations.ts';
import { toDiscountJson } from '../discounts/discount-json.ts';
import { createPayment } from './create-payment.ts';
import { offeredMethods, ORDER_PRICING_ERRORS } from './order-pricing.ts';
import { toPaymentJson } from './payment-json.ts';
import { memberPayment, memberPayments } from './payments.queries.ts';
import { syncPayment } from './sync-payment.ts';
import { syncFromWebhook } from './webhook-sync.ts';

export const getCreditOffers = defineRoute({
  contract: creditOffersRoute,
  summary:
    "The brand's bundles priced in your currency with the discount the server applies now, and the payment methods offered in your country.",
  auth: 'member',
  handler: async ({ services, brand, member }) => {
    const now = services.now();
    const currency = paymentCurrency(brand.countries, member.country);
    const candidate = activeDiscount(member, now);
    const discount = candidate && !(await isUsed(services.db, brand.domain, candidate, member.id)) ? candidate : null;
    // Not applied because a checkout of theirs holds it: the page says so, and that it may come back.
    const hold =
      candidate && !discount ? await memberHold(services.db, brand.domain, candidate.code, member.id) : undefined;
    const bundles = brand.credit_bundles.flatMap((bundle) => {
      const price = bundle.prices[currency];
      if (price === undefined) return [];
      const list = toCents(price);
      return [
        {
          id: bundle.id,
          credits: bundle.credits,
          popular: bundle.popular,
          list_amount_cents: list,
          amount_cents: discountedCents(list, discount?.value_percentage ?? 0),
        },
      ];
    });
    return {
      country: member.country,
      currency,
      methods: offeredMethods(brand, member.country),
      discount: discount ? toDiscountJson(discount, now) : null,
      held_discount:
        hold?.undecided && candidate
          ? { code: candidate.code, value_percentage: candidate.value_percentage, payment_id: hold.paymentId }
          : null,
      bundles,
    };
  },
});

export const postPayment = defineRoute({
  contract: createPaymentRoute,
  errors: [...ORDER_PRICING_ERRORS, 'payment_unavailable'],
  summary:
    'Starts buying a bundle: answers the checkout URL. The server prices the order; any amount or discount the client sends is ignored.',
  auth: 'member',
  rateLimit: RATE_LIMITS.payments,
  status: 201,
  // The provider is asked over the network: no transaction may be held open meanwhile.
  idempotent: 'own-commits',
  handler: async ({ services, brand, member, body, request }) => {
    const { payment, checkoutUrl } = await createPayment(services, brand, member, {
      bundleId: body.bundle_id,
      method: body.method,
      code: body.discount_code,
      origin: requestOrigin(request),
    });
    return { payment: toPaymentJson(payment), checkout_url: checkoutUrl };
  },
});

export const getPayment = defineRoute({
  contract: paymentRoute,
  errors: ['not_found'],
  summary:
    'One of your payments. While it is undecided, the status is fetched from the provider first (the return visit after the checkout).',
  auth: 'member',
  handler: async ({ services, member, query, request }) => {
    const row = await memberPayment(services.db, member.id, query.id);
    if (!row) throw new ApiError('not_found');
    if ((row.status === 'open' || row.status === 'pending') && row.provider_payment_id) {
      // A provider that cannot be reached now leaves the payment as we know it; the webhook follows.
      const synced = await syncPayment(services, row.provider_payment_id).catch((error: unknown) => {
        request.log.warn({ err: error }, 'payment status not fetched from the provider');
        return null;
      });
      return { payment: toPaymentJson(synced ?? row) };
    }
    return { payment: toPaymentJson(row) };
  },
});

export const listPayments = defineRoute({
  contract: paymentsRoute,
  summary: 'Your payments, newest first (the transactions page).',
  auth: 'member',
  handler: async ({ services, member }) => {
    const rows = await memberPayments(services.db, member.id, 200);
    return { payments: rows.map(toPaymentJson) };
  },
});

export const paymentWebhook = defineRoute({
  method: 'POST',
  url: '/api/payment-webhook.php',
  summary:
    "The provider's webhook: carries only the payment id; the status is fetched from the provider (within 5 s of its last confirmation of a final state, at the end of those 5 s). Unknown ids answer 200 and change nothing.",
  auth: 'none',
  clientHeader: false,
  body: z.object({ id: z.string().min(1).max(100) }),
  handler: async ({ services, body }) => {
    const payment = await syncFromWebhook(services, body.id).catch((error: unknown) => {
      countOutcome(services, 'webhooks', 'error');
      throw error;
    });
    countOutcome(services, 'webhooks', payment?.status ?? 'unknown');
    return {};
  },
});

export const paymentRoutes = [getCreditOffers, postPayment, getPayment, listPayments, paymentWebhook];
