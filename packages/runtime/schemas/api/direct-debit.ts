import { z } from 'zod';
import { paymentSchema } from './payments.ts';

/**
 * Direct debit limits per member (spec §9 asks for limits on amount and open debits): a SEPA debit can
 * be reversed by the payer's bank for weeks, so credits bought this way are capped until they settle.
 */
export const DIRECT_DEBIT_PERIOD_DAYS = 30;
/** At most this much (EUR cents) debited per member within DIRECT_DEBIT_PERIOD_DAYS. */
export const DIRECT_DEBIT_MAX_CENTS_PER_PERIOD = 15_000;
/** At most this many debits not yet settled (open or pending) per member. */
export const DIRECT_DEBIT_MAX_OPEN = 1;

/** POST /api/directdebit.php: the mandate as the member enters it; a code goes to the phone. */
export const mandateRequestSchema = z.object({
  account_holder: z.string().trim().min(2).max(70),
  /** Checked on the server for its checksum; spaces are allowed. */
  iban: z.string().trim().min(15).max(42),
  street: z.string().trim().min(1).max(100),
  house_number: z.string().trim().min(1).max(12),
  zip: z.string().trim().min(2).max(12),
  city: z.string().trim().min(1).max(60),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,19}$/),
});
export type MandateRequest = z.infer<typeof mandateRequestSchema>;

/** POST /api/directdebit-confirm.php: the code from the text message. */
export const mandateConfirmSchema = z.object({ code: z.string().trim().min(1).max(12) });

/** What GET /api/directdebit.php answers: the member's mandate (IBAN masked), block and limits. */
export const directDebitStatusSchema = z.object({
  mandate: z
    .object({
      status: z.enum(['pending', 'valid']),
      account_holder: z.string(),
      /** Country code, check digits and the last four characters, e.g. `NL91 •••• 4300`. */
      iban: z.string(),
      /** The last digits of the phone the code went to. */
      phone: z.string(),
    })
    .nullable(),
  blocked: z.boolean(),
  limits: z.object({
    period_days: z.number(),
    max_cents: z.number(),
    used_cents: z.number(),
    max_open: z.number(),
    open: z.number(),
  }),
});
export type DirectDebitStatus = z.infer<typeof directDebitStatusSchema>;

/** POST /api/directdebit-payment.php: a bundle bought from the confirmed mandate, priced on the server. */
export const debitPaymentRequestSchema = z.object({
  bundle_id: z.string().min(1).max(32),
  discount_code: z.string().trim().min(1).max(40).optional(),
});
export const debitPaymentResponseSchema = z.object({ payment: paymentSchema });

/**
 * GET /api/repeat-order.php: the last bundle bought, priced now, and the stored card or mandate a
 * repeat order charges (`method`: the one stored last; null when neither is stored).
 */
export const repeatOrderSchema = z.object({
  bundle: z.object({ id: z.string(), credits: z.number(), amount_cents: z.number(), currency: z.string() }).nullable(),
  method: z.enum(['creditcard', 'directdebit']).nullable(),
  /** The card a paid card payment stored, e.g. `Visa •••• 4242`, or null. */
  card: z.object({ label: z.string() }).nullable(),
  /** The confirmed mandate (IBAN masked), or null when none is stored. */
  mandate: z.object({ account_holder: z.string(), iban: z.string() }).nullable(),
});
export type RepeatOrder = z.infer<typeof repeatOrderSchema>;
