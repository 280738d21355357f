import { lockMember } from '../../db/lock-member.ts';
import type { Services } from '../../services.ts';
import { balanceOf, book } from '../credits/ledger.ts';
import { sendPaymentMail } from './payment-mails.ts';
import { queuePostbacks } from '../postbacks/queue-postbacks.ts';
import { purchaseRef, refundAttemptRef } from './purchase-ref.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';

export interface RefundResult {
  paymentId: number;
  credits: number;
  refundedCents: number;
  currency: string;
  balance: number;
}

/**
 * The return policy (spec §1): an operator refunds the unused credits of a paid payment within the
 * brand's refund_days. Credits are one pool, so "unused" is what the balance still holds of this
 * payment's credits: min(credits, balance), never below zero. The money refunded is that share of the
 * amount paid, rounded down to the cent. Under the member's lock the credits leave the ledger and the
 * payment is marked refunded; then the provider's refund is created. Should the provider refuse, a
 * `refund_refused` row under the attempt's reference gives the credits back and the payment is paid
 * again, so the operator can try once more: the ledger stays append-only, and each attempt has a
 * reference of its own (refundAttemptRef), so the unique reason+ref still books each one once.
 * The member is mailed.
 */
export async function refundPayment(services: Services, paymentId: number): Promise<RefundResult> {
  const found = await services.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
  if (!found) throw new Error(`no payment ${paymentId}`);
  const brand = services.brands.get(found.brand);
  if (!brand) throw new Error(`payment ${paymentId} belongs to ${found.brand}, which is not configured`);
  const now = services.now();
  const result = await services.db.transaction().execute(async (trx) => {
    await lockMember(trx, services.engine, found.user_id);
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
    if (payment.status !== 'paid')
      throw new Error(`payment ${paymentId} is ${payment.status}; only paid payments are refunded`);
    const deadline = Number(payment.paid_at) + brand.refund_days * DAY_MS;
    if (now > deadline) {
      throw new Error(
        `payment ${paymentId} was paid on ${new Date(Number(payment.paid_at)).toISOString()}; the ${brand.refund_days} refund days ended ${new Date(deadline).toISOString()}`,
      );
    }
    const balance = await balanceOf(trx, payment.user_id);
    const credits = Math.min(payment.credits - payment.credits_reversed, balance);
    if (credits <= 0) throw new Error(`payment ${paymentId} has no unused credits left (balance ${balance})`);
    const refundedCents = Math.floor((payment.amount_cents * credits) / payment.credits);
    const refused = await trx
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', payment.user_id)
      .where('reason', '=', 'refund_refused')
      .where((eb) =>
        eb.or([eb('ref', '=', purchaseRef(payment.id)), eb('ref', 'like', `${purchaseRef(payment.id)}:refund:%`)]),
      )
      .executeTakeFirstOrThrow();
    const ref = refundAttemptRef(payment.id, Number(refused.n) + 1);
    await book(trx, { userId: payment.user_id, amount: -credits, reason: 'refund', ref, at: now });
    await trx
      .updateTable('payments')
      .set({
        status: 'refunded',
        refunded_at: now,
        updated_at: now,
        credits_reversed: payment.credits_reversed + credits,
        refunded_cents: refundedCents,
      })
      .where('id', '=', payment.id)
      .execute();
    return { payment, credits, refundedCents, ref, balance: balance - credits };
  });
  if (result.refundedCents > 0 && found.provider_payment_id) {
    try {
      await services.payments.createRefund(found.provider_payment_id, result.refundedCents, found.currency);
    } catch (error) {
      await restore(services, result.payment, result.credits, result.ref);
      throw new Error(`the provider refused the refund; nothing was changed (${String(error)})`, { cause: error });
    }
  }
  // After the provider accepted the refund (a refusal restores the credits instead).
  await services.events.publish(services.db, found.user_id, { type: 'credits', credits: result.balance });
  const order = { id: paymentId, amountCents: result.refundedCents, currency: found.currency };
  // The delivery and its job together, or neither (the refund itself committed above, before the provider's call).
  await services.db
    .transaction()
    .execute((trx) => queuePostbacks(trx, { event: 'reversal', userId: found.user_id, order }, now));
  await sendPaymentMail(services, result.payment, 'refund', {
    amountCents: result.refundedCents,
    credits: result.credits,
    at: now,
  }).catch((error: unknown) => services.log.error({ err: error, payment_id: paymentId }, 'refund mail not sent'));
  return {
    paymentId,
    credits: result.credits,
    refundedCents: result.refundedCents,
    currency: found.currency,
    balance: result.balance,
  };
}

/** Undoes a refund the provider refused: the credits come back under the refund attempt's reference. */
async function restore(
  services: Services,
  payment: { id: number; user_id: number; credits_reversed: number },
  credits: number,
  ref: string,
) {
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    await lockMember(trx, services.engine, payment.user_id);
    await book(trx, {
      userId: payment.user_id,
      amount: credits,
      reason: 'refund_refused',
      ref,
      note: `refund of payment ${payment.id} refused by the provider`,
      at: now,
    });
    await trx
      .updateTable('payments')
      .set({
        status: 'paid',
        refunded_at: null,
        refunded_cents: 0,
        credits_reversed: payment.credits_reversed,
        updated_at: now,
      })
      .where('id', '=', payment.id)
      .execute();
  });
}
