import {
  debitPaymentRoute,
  directDebitRoute,
  mandateConfirmRoute,
  mandateRoute,
  repeatOrderOfferRoute,
  repeatOrderRoute,
} from '@datekit/runtime/schemas/api/contracts/payments';
import { defineRoute } from '../../http/define-route.ts';
import { requestOrigin } from '../../http/origin.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';
import { toPaymentJson } from '../payments/payment-json.ts';
import { ORDER_PRICING_ERRORS } from '../payments/order-pricing.ts';
import { createDebitPayment } from './debit-payment.ts';
import { confirmMandate, directDebitStatus, startMandate } from './mandates.ts';
import { repeatOrder, repeatOrderOffer } from './repeat-order.ts';

export const getDirectDebit = defineRoute({
  contract: directDebitRoute,
  summary:
    'Your direct debit mandate (IBAN masked), whether a chargeback blocked direct debit, and what the limits (amount per period, open debits) leave.',
  auth: 'member',
  handler: async ({ services, member }) => directDebitStatus(services, member),
});

export const postDirectDebit = defineRoute({
  contract: mandateRoute,
  errors: ['iban_invalid', 'directdebit_blocked', 'payment_method_unavailable'],
  summary:
    'Starts a direct debit mandate: account holder, IBAN (checksum checked), address and phone. A one-time code goes to the phone by text message.',
  auth: 'member',
  rateLimit: RATE_LIMITS.directDebitCodes,
  handler: async ({ services, brand, member, body }) => {
    await startMandate(services, brand, member, body);
    return directDebitStatus(services, member);
  },
});

export const confirmDirectDebit = defineRoute({
  contract: mandateConfirmRoute,
  errors: ['directdebit_code_invalid', 'payment_unavailable'],
  summary:
    "Confirms the pending mandate with the text message's code ('Code invalid' when it is wrong, expired or used).",
  auth: 'member',
  rateLimit: RATE_LIMITS.directDebitConfirm,
  handler: async ({ services, member, body }) => {
    await confirmMandate(services, member, body.code);
    return directDebitStatus(services, member);
  },
});

export const postDebitPayment = defineRoute({
  contract: debitPaymentRoute,
  errors: [
    ...ORDER_PRICING_ERRORS,
    'directdebit_mandate_required',
    'directdebit_blocked',
    'directdebit_limit_reached',
    'payment_unavailable',
  ],
  summary:
    'Buys a bundle from your confirmed mandate, within the direct debit limits; no checkout. The payment is pending until the provider reports it paid.',
  auth: 'member',
  status: 201,
  rateLimit: RATE_LIMITS.payments,
  // A retry with the same Idempotency-Key answers the first debit; the provider is asked over the network.
  idempotent: 'own-commits',
  handler: async ({ services, brand, member, body, request }) => {
    const payment = await createDebitPayment(services, brand, member, {
      bundleId: body.bundle_id,
      code: body.discount_code,
      origin: requestOrigin(request),
    });
    return { payment: toPaymentJson(payment) };
  },
});

export const getRepeatOrder = defineRoute({
  contract: repeatOrderOfferRoute,
  summary:
    'Your last bundle priced now, and the stored card or mandate a repeat order is paid with (null when there is none).',
  auth: 'member',
  handler: async ({ services, brand, member }) => repeatOrderOffer(services, brand, member),
});

export const postRepeatOrder = defineRoute({
  contract: repeatOrderRoute,
  errors: [
    'not_found',
    'stored_payment_failed',
    'stored_card_invalid',
    'stored_payment_method_required',
    'directdebit_mandate_required',
    'directdebit_blocked',
    'directdebit_limit_reached',
    'payment_method_unavailable',
    'payment_unavailable',
    'discount_used',
  ],
  summary:
    "Buys your last bundle again with the stored card or mandate, in one click and without a checkout ('The payment could not be completed with the stored card.' when the provider refuses or fails it).",
  auth: 'member',
  rateLimit: RATE_LIMITS.payments,
  status: 201,
  // A retry with the same Idempotency-Key answers the first payment; the provider is asked over the network.
  idempotent: 'own-commits',
  handler: async ({ services, brand, member, request }) => {
    const payment = await repeatOrder(services, brand, member, requestOrigin(request));
    return { payment: toPaymentJson(payment) };
  },
});

export const directDebitRoutes = [
  getDirectDebit,
  postDirectDebit,
  confirmDirectDebit,
  postDebitPayment,
  getRepeatOrder,
  postRepeatOrder,
];
