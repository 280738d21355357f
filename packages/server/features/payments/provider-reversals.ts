import type { Db } from '../../db/database.ts';
import { balanceOf, book } from '../credits/ledger.ts';
import type { PaymentRow } from './payment-json.ts';
import type { ProviderPayment } from './provider.ts';
import { purchaseRef } from './purchase-ref.ts';

export interface Reversal {
  payment: PaymentRow;
  kind: 'refund' | 'chargeback';
  /** Credits taken back now: what the balance still held of those due, never more (it stays >= 0). */
  credits: number;
  /** Credits due that the member had already spent: added to their debt (credits_unrecovered). */
  unrecovered: number;
  /** Money refunded since the payment was last synced (0 for a chargeback). */
  refundedCents: number;
}

/**
 * Refunds and chargebacks made at the provider (Mollie's dashboard, the card holder's bank) reach us
 * only through the webhook, as the provider's running totals (`amountRefunded`, `amountChargedBack`).
 * The payment follows them: a chargeback takes back every credit of the payment not taken back yet, a
 * refund the credits its money bought (rounded up: a refund of half the price takes half the credits),
 * both never below a zero balance: what the member already spent becomes a debt on the payment
 * (`credits_unrecovered`), which their next purchase settles first (credit-debt.ts). A refund the
 * operator made here (refund-payment.ts) already stands in `refunded_cents`, so its webhook changes
 * nothing. Each refunded total is booked under its own ledger reference, so a replayed webhook books
 * nothing twice and a further refund books its share. Call under the member's lock; null: nothing new.
 */
export async function reverseAtProvider(
  trx: Db,
  payment: PaymentRow,
  remote: ProviderPayment,
  now: number,
): Promise<Reversal | null> {
  if (!hasNewReversal(payment, remote)) return null;
  const kind = remote.chargedBack ? 'chargeback' : 'refund';
  const refundedCents = Math.min(remote.refundedCents, payment.amount_cents);
  const due =
    kind === 'chargeback' ? payment.credits : Math.ceil((payment.credits * refundedCents) / payment.amount_cents);
  const balance = await balanceOf(trx, payment.user_id);
  // What was taken back and what is owed already both count against what is due.
  const open = Math.max(0, due - payment.credits_reversed - payment.credits_unrecovered);
  const credits = Math.min(open, balance);
  const unrecovered = open - credits;
  if (credits > 0) {
    await book(trx, {
      userId: payment.user_id,
      amount: -credits,
      reason: kind,
      ref: kind === 'chargeback' ? purchaseRef(payment.id) : `${purchaseRef(payment.id)}:refunded:${refundedCents}`,
      at: now,
    });
  }
  const reversed = {
    credits_reversed: payment.credits_reversed + credits,
    credits_unrecovered: payment.credits_unrecovered + unrecovered,
    updated_at: now,
  };
  const changes =
    kind === 'chargeback'
      ? { ...reversed, status: 'charged_back' as const }
      : { ...reversed, status: 'refunded' as const, refunded_cents: refundedCents, refunded_at: now };
  await trx.updateTable('payments').set(changes).where('id', '=', payment.id).execute();
  return {
    payment: { ...payment, ...changes },
    kind,
    credits,
    unrecovered,
    refundedCents: kind === 'refund' ? refundedCents - payment.refunded_cents : 0,
  };
}

/** Whether the provider reports a chargeback or more money refunded than the payment knows of. */
export function hasNewReversal(payment: PaymentRow, remote: ProviderPayment): boolean {
  if (payment.status === 'charged_back') return false;
  return remote.chargedBack || Math.min(remote.refundedCents, payment.amount_cents) > payment.refunded_cents;
}
