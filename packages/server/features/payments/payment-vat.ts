import { vatSplit } from '@datekit/runtime/rules/vat';

/** The VAT columns of a payments row. */
export interface PaymentVatColumns {
  vat_rate_bp: number | null;
  net_cents: number | null;
  vat_cents: number | null;
}

/**
 * The VAT contained in a new payment's VAT-inclusive amount at the rate of the buyer's country (the
 * EU's one-stop shop taxes a digital service where the consumer lives), fixed when the payment is
 * created so that a later change of the rate table never rewrites a receipt. All null where the
 * table charges no VAT: the receipt then shows the total only.
 */
export function paymentVat(amountCents: number, country: string): PaymentVatColumns {
  return vatSplit(amountCents, country) ?? { vat_rate_bp: null, net_cents: null, vat_cents: null };
}
