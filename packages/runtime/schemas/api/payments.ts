import { z } from 'zod';

export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
  'charged_back',
] as const;

/** One purchase of a credit bundle (spec §3 Order, the transaction detail). Amounts in whole cents. */
export const paymentSchema = z.object({
  id: z.number(),
  /** The provider's payment id, shown on the receipt. */
  payment_id: z.string().nullable(),
  bundle_id: z.string(),
  credits: z.number(),
  amount_cents: z.number(),
  /** The bundle's price before the discount. */
  list_amount_cents: z.number(),
  currency: z.string(),
  method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  discount_code: z.string().nullable(),
  discount_percent: z.number(),
  refunded_cents: z.number(),
  /**
   * VAT of the buyer's country in percent (25.5), and the net and VAT contained in `amount_cents`,
   * fixed when the payment was made; all null for payments made before VAT was recorded and for
   * countries without VAT (the receipt shows the total only).
   */
  vat_rate: z.number().nullable(),
  net_cents: z.number().nullable(),
  vat_cents: z.number().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /api/payment.php: only the bundle, the method and a code; the server prices the order. */
export const createPaymentRequestSchema = z.object({
  bundle_id: z.string().min(1).max(32),
  method: z.string().min(1).max(32),
  discount_code: z.string().trim().min(1).max(40).optional(),
});
export type CreatePaymentRequest = z.infer<typeof createPaymentRequestSchema>;

export const createPaymentResponseSchema = z.object({ payment: paymentSchema, checkout_url: z.string() });
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

/** GET /api/payment.php */
export const paymentResponseSchema = z.object({ payment: paymentSchema });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** GET /api/payments.php: newest first. */
export const paymentsResponseSchema = z.object({ payments: z.array(paymentSchema) });
export type PaymentsResponse = z.infer<typeof paymentsResponseSchema>;

/** A discount code as GET /api/discountcode.php answers it (spec §3 Discount code). */
export const discountCodeSchema = z.object({
  code: z.string(),
  value_percentage: z.number(),
  /** In the order's currency, as a decimal amount. */
  minimum_order_value: z.number(),
  country: z.string().nullable(),
  user_id: z.number().nullable(),
  expires: z.string().nullable(),
  currency: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  validity: z.enum(['once-per-user', 'once', 'unlimited']),
  expired: z.boolean(),
  paymentmethods: z.array(z.string()).nullable(),
});
export type DiscountCodeJson = z.infer<typeof discountCodeSchema>;

/** GET /api/discountcode.php */
export const discountCodeResponseSchema = z.object({ discount_code: discountCodeSchema });
export type DiscountCodeResponse = z.infer<typeof discountCodeResponseSchema>;

/** GET /api/credits.php: the bundles priced for this member, with the discount the server would apply. */
export const creditOffersSchema = z.object({
  country: z.string(),
  currency: z.string(),
  methods: z.array(z.string()),
  discount: discountCodeSchema.nullable(),
  /**
   * The member's discount while a checkout they started and have not completed holds it (a discount
   * valid once per member is taken by one payment at a time): `bundles` are priced without it, and
   * it applies again if that payment fails, is cancelled or expires. Null otherwise.
   */
  held_discount: z.object({ code: z.string(), value_percentage: z.number(), payment_id: z.number() }).nullable(),
  bundles: z.array(
    z.object({
      id: z.string(),
      credits: z.number(),
      popular: z.boolean(),
      list_amount_cents: z.number(),
      amount_cents: z.number(),
    }),
  ),
});
export type CreditOffers = z.infer<typeof creditOffersSchema>;
