import type { OperatorPaymentJson } from '../schemas/api/operator/payments.ts';
import { toCsv, type CsvCell } from './csv.ts';

/** The operator console's payments CSV: one row per payment, amounts in whole cents of its currency. */
export const PAYMENT_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'paid_at',
  'brand',
  'member_id',
  'email',
  'country',
  'method',
  'status',
  'currency',
  'credits',
  'discount_code',
  'net_cents',
  'vat_rate',
  'vat_cents',
  'amount_cents',
  'refunded_cents',
] as const satisfies readonly (keyof OperatorPaymentJson)[];

export function paymentsCsv(payments: readonly OperatorPaymentJson[]): string {
  return toCsv(
    PAYMENT_EXPORT_COLUMNS,
    payments.map((p) => PAYMENT_EXPORT_COLUMNS.map((key): CsvCell => p[key])),
  );
}

/** One line of the VAT summary: the payments received from one country in one currency at one rate. */
export interface VatSummaryRow {
  country: string;
  currency: string;
  /** Null: no VAT recorded (payments made before VAT was recorded, or a country without VAT). */
  vat_rate: number | null;
  payments: number;
  net_cents: number | null;
  vat_cents: number | null;
  amount_cents: number;
  refunded_cents: number;
}

export const VAT_SUMMARY_COLUMNS = [
  'country',
  'currency',
  'vat_rate',
  'payments',
  'net_cents',
  'vat_cents',
  'amount_cents',
  'refunded_cents',
] as const satisfies readonly (keyof VatSummaryRow)[];

/**
 * The money received per country, currency and rate, as an OSS return asks for it: payments that
 * were paid (also when refunded or charged back later; `refunded_cents` shows what went back, which
 * the return corrects). Sorted by country, currency, rate.
 */
export function vatByCountry(payments: readonly OperatorPaymentJson[]): VatSummaryRow[] {
  const groups = new Map<string, VatSummaryRow>();
  for (const p of payments) {
    if (p.paid_at === null) continue;
    const key = `${p.country}|${p.currency}|${p.vat_rate ?? ''}`;
    const row = groups.get(key) ?? {
      country: p.country,
      currency: p.currency,
      vat_rate: p.vat_rate,
      payments: 0,
      net_cents: p.vat_rate === null ? null : 0,
      vat_cents: p.vat_rate === null ? null : 0,
      amount_cents: 0,
      refunded_cents: 0,
    };
    row.payments += 1;
    if (row.net_cents !== null) row.net_cents += p.net_cents ?? 0;
    if (row.vat_cents !== null) row.vat_cents += p.vat_cents ?? 0;
    row.amount_cents += p.amount_cents;
    row.refunded_cents += p.refunded_cents;
    groups.set(key, row);
  }
  return [...groups.values()].sort(
    (a, b) =>
      a.country.localeCompare(b.country) ||
      a.currency.localeCompare(b.currency) ||
      (a.vat_rate ?? -1) - (b.vat_rate ?? -1),
  );
}

export function vatSummaryCsv(rows: readonly VatSummaryRow[]): string {
  return toCsv(
    VAT_SUMMARY_COLUMNS,
    rows.map((row) => VAT_SUMMARY_COLUMNS.map((key): CsvCell => row[key])),
  );
}
