import { vatPercent } from '@datekit/runtime/rules/vat';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import type { PaymentsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

export type PaymentRow = Selectable<PaymentsTable>;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A payment as its owner sees it (the transaction list, detail and receipt). */
export function toPaymentJson(row: PaymentRow): Payment {
  return {
    id: row.id,
    payment_id: row.provider_payment_id,
    bundle_id: row.bundle_id,
    credits: row.credits,
    amount_cents: row.amount_cents,
    list_amount_cents: row.list_amount_cents,
    currency: row.currency,
    method: row.method,
    status: row.status,
    discount_code: row.discount_code,
    discount_percent: row.discount_percent,
    refunded_cents: row.refunded_cents,
    vat_rate: row.vat_rate_bp === null ? null : vatPercent(row.vat_rate_bp),
    net_cents: row.net_cents,
    vat_cents: row.vat_cents,
    created_at: iso(row.created_at)!,
    paid_at: iso(row.paid_at),
  };
}
