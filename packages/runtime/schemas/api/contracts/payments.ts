import { z } from 'zod';
import { contract } from '../../../api/contract.ts';
import {
  debitPaymentRequestSchema,
  debitPaymentResponseSchema,
  directDebitStatusSchema,
  mandateConfirmSchema,
  mandateRequestSchema,
  repeatOrderSchema,
} from '../direct-debit.ts';
import {
  createPaymentRequestSchema,
  createPaymentResponseSchema,
  creditOffersSchema,
  discountCodeResponseSchema,
  paymentResponseSchema,
  paymentsResponseSchema,
} from '../payments.ts';
import { routeIdSchema } from '../route-id.ts';

export const creditOffersRoute = contract({ method: 'GET', path: '/api/credits.php', response: creditOffersSchema });

export const createPaymentRoute = contract({
  method: 'POST',
  path: '/api/payment.php',
  body: createPaymentRequestSchema,
  response: createPaymentResponseSchema,
});

export const paymentRoute = contract({
  method: 'GET',
  path: '/api/payment.php',
  query: z.object({ id: routeIdSchema }),
  response: paymentResponseSchema,
});

export const paymentsRoute = contract({ method: 'GET', path: '/api/payments.php', response: paymentsResponseSchema });

/** A discount code by name, or the welcome discount (`welcome=true`). */
export const discountCodeRoute = contract({
  method: 'GET',
  path: '/api/discountcode.php',
  query: z.object({
    code: z.string().trim().min(1).max(40).optional(),
    welcome: z.enum(['true', '1']).optional(),
  }),
  response: discountCodeResponseSchema,
});

export const directDebitRoute = contract({
  method: 'GET',
  path: '/api/directdebit.php',
  response: directDebitStatusSchema,
});

export const mandateRoute = contract({
  method: 'POST',
  path: '/api/directdebit.php',
  body: mandateRequestSchema,
  response: directDebitStatusSchema,
});

export const mandateConfirmRoute = contract({
  method: 'POST',
  path: '/api/directdebit-confirm.php',
  body: mandateConfirmSchema,
  response: directDebitStatusSchema,
});

export const debitPaymentRoute = contract({
  method: 'POST',
  path: '/api/directdebit-payment.php',
  body: debitPaymentRequestSchema,
  response: debitPaymentResponseSchema,
});

export const repeatOrderOfferRoute = contract({
  method: 'GET',
  path: '/api/repeat-order.php',
  response: repeatOrderSchema,
});

export const repeatOrderRoute = contract({
  method: 'POST',
  path: '/api/repeat-order.php',
  response: debitPaymentResponseSchema,
});
