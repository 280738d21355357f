import { lockMember } from '../../db/lock-member.ts';
import type { PaymentStatus } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { balanceOf, book } from '../credits/ledger.ts';
import { settleDebt } from './credit-debt.ts';
import { invalidateUnusableMandates } from '../direct-debit/invalidate-mandates.ts';
import { releaseDiscount } from '../discounts/discount-reservations.ts';
import { sendPaymentMail } from './payment-mails.ts';
import type { PaymentRow } from './payment-json.ts';
import { hasNewReversal, reverseAtProvider } from './provider-reversals.ts';
import { purchaseRef } from './purchase-ref.ts';
import { storeCard } from './stored-cards.ts';
import { queuePostbacks } from '../postbacks/queue-postbacks.ts';
import { memberChanged } from '../users/member-cache.ts';

/** States a payment never leaves except through a refund or chargeback. */
const SETTLED: readonly PaymentStatus[] = ['paid', 'refunded', 'charged_back'];
/** States from which the provider's answer still moves the payment. */
const UNDECIDED: readonly PaymentStatus[] = ['open', 'pending'];

/**
 * Brings one payment in line with its provider: the webhook and every return visit call this, any
 * number of times, in any order, on any instance. The status comes from the provider, never from the
 * caller. Under the member's lock: a paid payment books its credits once (the ledger's unique
 * reason+ref backs it across instances), makes the member premium for good, and is mailed once; a
 * refund or chargeback made at the provider takes back the payment's credits, never below zero
 * (provider-reversals.ts): what was already spent is a debt the next purchase settles (credit-debt.ts);
 * a refund or chargeback is mailed. A failed debit
 * has the member's mandates checked with the provider (invalidate-mandates.ts).
 * Answers the payment as it is now, or null for an id we never issued.
 */
export async function syncPayment(services: Services, providerPaymentId: string): Promise<PaymentRow | null> {
  const provider = services.payments;
  const found = await services.db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider.name)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
  if (!found) return null;
  const remote = await provider.getPayment(providerPaymentId);
  if (!remote) return found;
  const now = services.now();
  // The provider has decided: webhooks soon after need not ask again (webhook-sync.ts).
  const decided = !UNDECIDED.includes(remote.status);
  // The common repeat: already booked and nothing new at the provider. One small write at most.
  if (SETTLED.includes(found.status) && !hasNewReversal(found, remote)) {
    if (!decided) return found;
    await services.db.updateTable('payments').set({ synced_at: now }).where('id', '=', found.id).execute();
    return { ...found, synced_at: now };
  }
  const result = await services.db.transaction().execute(async (trx) => {
    await lockMember(trx, services.engine, found.user_id);
    let payment = await trx.selectFrom('payments').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
    let change: 'paid' | 'failed' | null = null;
    if (remote.status === 'paid' && !SETTLED.includes(payment.status)) {
      const booked = await book(trx, {
        userId: payment.user_id,
        amount: payment.credits,
        reason: 'purchase',
        ref: purchaseRef(payment.id),
        once: true,
        at: now,
      });
      payment = { ...payment, status: 'paid', paid_at: now, updated_at: now };
      await trx
        .updateTable('payments')
        .set({ status: 'paid', paid_at: now, updated_at: now })
        .where('id', '=', payment.id)
        .execute();
      // A paid first card payment leaves the card for one-click repeat orders.
      if (remote.mandate && payment.method === 'creditcard') {
        await storeCard(trx, { userId: payment.user_id, provider: provider.name, mandate: remote.mandate, at: now });
      }
      if (booked) {
        await trx.updateTable('users').set({ paid_user: 1 }).where('id', '=', payment.user_id).execute();
        await memberChanged(trx, payment.user_id);
        // Credits an earlier refund or chargeback could not take back come out of these first.
        await settleDebt(trx, payment.user_id, payment, now);
        change = 'paid';
        const order = { id: payment.id, amountCents: payment.amount_cents, currency: payment.currency };
        await queuePostbacks(trx, { event: 'sale', userId: payment.user_id, order }, now);
      }
    } else if (UNDECIDED.includes(payment.status) && remote.status !== payment.status && remote.status !== 'paid') {
      await trx
        .updateTable('payments')
        .set({ status: remote.status, updated_at: now })
        .where('id', '=', payment.id)
        .execute();
      // Failed, cancelled or expired: a `once` code it held is free again.
      if (remote.status !== 'pending' && remote.status !== 'open') await releaseDiscount(trx, payment.id);
      payment = { ...payment, status: remote.status, updated_at: now };
      change = remote.status === 'failed' ? 'failed' : null;
    }
    // Refunded or charged back at the provider, possibly before we first heard it was paid.
    const reversal = SETTLED.includes(payment.status) ? await reverseAtProvider(trx, payment, remote, now) : null;
    if (reversal) {
      payment = reversal.payment;
      // Networks paying a revenue share hear of the first refund or chargeback of an order (once per order).
      const amountCents = reversal.kind === 'refund' ? reversal.refundedCents : payment.amount_cents;
      const order = { id: payment.id, amountCents, currency: payment.currency };
      await queuePostbacks(trx, { event: 'reversal', userId: payment.user_id, order }, now);
    }
    if (decided) {
      await trx.updateTable('payments').set({ synced_at: now }).where('id', '=', payment.id).execute();
      payment = { ...payment, synced_at: now };
    }
    if (change === 'paid' || reversal) {
      // In the same transaction: the member's tabs hear of exactly the credits that were booked.
      const credits = await balanceOf(trx, payment.user_id);
      const paidUser = change === 'paid' ? { paid_user: true as const } : {};
      await services.events.publish(trx, payment.user_id, { type: 'credits', credits, ...paidUser });
    }
    return { payment, change, reversal };
  });

  const { payment } = result;
  // A debit that failed may have failed on the mandate itself: one the provider calls unusable goes.
  if (result.change === 'failed' && payment.method === 'directdebit') {
    await invalidateUnusableMandates(services, payment.user_id).catch((error: unknown) =>
      services.log.error({ err: error, payment_id: payment.id }, 'debit mandates not checked after a failed debit'),
    );
  }
  if (result.change === 'paid') {
    await sendPaymentMail(services, payment, 'receipt', {
      amountCents: payment.amount_cents,
      credits: payment.credits,
      at: now,
    }).catch((error: unknown) => services.log.error({ err: error, payment_id: payment.id }, 'receipt mail not sent'));
  }
  if (result.reversal) {
    const { kind, refundedCents, credits, unrecovered } = result.reversal;
    await sendPaymentMail(services, payment, kind, {
      amountCents: kind === 'refund' ? refundedCents : payment.amount_cents,
      credits,
      unrecovered,
      at: now,
    }).catch((error: unknown) => services.log.error({ err: error, payment_id: payment.id }, `${kind} mail not sent`));
  }
  return payment;
}
