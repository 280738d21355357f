import { VAT_RATES } from '../data/vat-rates.ts';

/** The VAT contained in a VAT-inclusive price, as a payment records it. */
export interface VatSplit {
  /** The rate in hundredths of a percent (2550 = 25.5 %): whole numbers in every database. */
  vat_rate_bp: number;
  net_cents: number;
  vat_cents: number;
}

/** The rate applied to a buyer in `country` in hundredths of a percent, or null: no VAT is charged there. */
export function vatRateBasisPoints(country: string): number | null {
  const rate = (VAT_RATES as Record<string, number | null | undefined>)[country];
  return rate === undefined || rate === null ? null : Math.round(rate * 100);
}

/**
 * Splits a VAT-inclusive amount for a buyer in `country`: vat = round(amount × rate / (100 + rate)),
 * half a cent up, in whole numbers so 25.5 % rounds exactly; net = amount − vat. Null for a country
 * without VAT (see VAT_RATES).
 */
export function vatSplit(amountCents: number, country: string): VatSplit | null {
  const bp = vatRateBasisPoints(country);
  if (bp === null) return null;
  const denominator = 10_000 + bp;
  const vat = Math.floor((2 * amountCents * bp + denominator) / (2 * denominator));
  return { vat_rate_bp: bp, net_cents: amountCents - vat, vat_cents: vat };
}

/** A rate in hundredths of a percent as the percentage shown (2550 → 25.5). */
export function vatPercent(basisPoints: number): number {
  return basisPoints / 100;
}
