import { z } from 'zod';

/**
 * What waits for the console, per brand. Each count is null when the operator's role may not handle
 * that queue (the start page then leaves it out).
 */
export const operatorSummaryBrandSchema = z.object({
  brand: z.string(),
  name: z.string(),
  /** Photos in inspection (photos.moderate). */
  photos: z.number().nullable(),
  /** Open reports and complaints (reports.handle). */
  reports: z.number().nullable(),
  /** Payments that failed in the last 7 days (payments.read). */
  failed_payments: z.number().nullable(),
  /** Payments still open or pending an hour after they started, within the last 7 days (payments.read). */
  pending_payments: z.number().nullable(),
  /** Paid payments whose refund the provider refused, to be tried again (payments.refund). */
  refunds_to_retry: z.number().nullable(),
});

export const operatorSummaryResponseSchema = z.object({ brands: z.array(operatorSummaryBrandSchema) });

export type OperatorSummaryBrand = z.infer<typeof operatorSummaryBrandSchema>;
