import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments.ts';
import { routeIdSchema } from '../route-id.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-11-25');

export const operatorPaymentsQuerySchema = z.object({
  brand: z.string().max(253).optional(),
  method: z.string().max(40).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  /** Created on or after this day (UTC). */
  from: day.optional(),
  /** Created on or before this day (UTC). */
  to: day.optional(),
  member_id: routeIdSchema.optional(),
});

export const operatorPaymentSchema = z.object({
  id: z.number(),
  member_id: z.number(),
  email: z.string(),
  brand: z.string(),
  method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount_cents: z.number(),
  refunded_cents: z.number(),
  currency: z.string(),
  /** The member's country when the payment was made: where its VAT is due. */
  country: z.string(),
  /** As the member's receipt shows them (paymentSchema): null for older payments and countries without VAT. */
  vat_rate: z.number().nullable(),
  net_cents: z.number().nullable(),
  vat_cents: z.number().nullable(),
  credits: z.number(),
  /** Credits taken back by refunds and chargebacks (here or at the provider), and debts settled since. */
  credits_reversed: z.number(),
  /** Credits a refund or chargeback at the provider could not take back: the member's outstanding debt. */
  credits_unrecovered: z.number(),
  discount_code: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Paid and still within the brand's refund_days. */
  refundable: z.boolean(),
});

/** The most payments one answer lists (newest first): a full page means older ones were left out. */
export const OPERATOR_PAYMENTS_PAGE = 200;

export const operatorPaymentsResponseSchema = z.object({ payments: z.array(operatorPaymentSchema) });

export const paymentRefundRequestSchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const paymentRefundResponseSchema = z.object({
  credits: z.number(),
  refunded_cents: z.number(),
  balance: z.number(),
});

export const operatorCodesQuerySchema = z.object({ brand: z.string().min(1).max(253) });

export const operatorCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  percent: z.number(),
  validity: z.enum(['once-per-user', 'once', 'unlimited']),
  status: z.enum(['active', 'disabled']),
  expires_at: z.string().nullable(),
  minimum_order_cents: z.number(),
  /** Payments made with the code (paid, refunded or charged back). */
  uses: z.number(),
});

export const operatorCodesResponseSchema = z.object({ codes: z.array(operatorCodeSchema) });

export const codeCreateRequestSchema = z.object({
  brand: z.string().min(1).max(253),
  code: z.string().trim().min(3).max(40),
  percent: z.number().int().min(1).max(90),
  validity: z.enum(['once-per-user', 'once', 'unlimited']),
  expires: day.optional(),
  minimum_order: z.number().min(0).max(100_000).optional(),
});

export const codeDisableRequestSchema = z.object({
  brand: z.string().min(1).max(253),
  code: z.string().trim().min(1).max(40),
});

export type OperatorPaymentJson = z.infer<typeof operatorPaymentSchema>;
export type OperatorPaymentsResponse = z.infer<typeof operatorPaymentsResponseSchema>;
export type PaymentRefundResponse = z.infer<typeof paymentRefundResponseSchema>;
export type OperatorCodeJson = z.infer<typeof operatorCodeSchema>;
export type OperatorCodesResponse = z.infer<typeof operatorCodesResponseSchema>;
