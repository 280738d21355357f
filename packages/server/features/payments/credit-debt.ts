import type { Db } from '../../db/database.ts';
import { book } from '../credits/ledger.ts';
import { purchaseRef } from './purchase-ref.ts';

/**
 * A member's debt: credits that a refund or chargeback at the provider could not take back because
 * they were already spent (`payments.credits_unrecovered`, provider-reversals.ts). Outstanding, in credits.
 */
export async function debtOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credits_unrecovered'), eb.lit(0)).as('debt'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.debt);
}

/**
 * Settles the member's debt from the credits of a purchase just booked, oldest debt first: each
 * share leaves the ledger as a `debt` row referencing the reversed payment and the purchase (unique,
 * so a repeated sync settles nothing twice), and moves from that payment's `credits_unrecovered` to
 * its `credits_reversed`. At most the purchase's own credits are taken, so the balance never goes
 * below zero. Call under the member's lock, in the transaction that booked the purchase. Answers the
 * credits taken.
 */
export async function settleDebt(
  trx: Db,
  userId: number,
  purchase: { id: number; credits: number },
  now: number,
): Promise<number> {
  const owed = await trx
    .selectFrom('payments')
    .select(['id', 'credits_reversed', 'credits_unrecovered'])
    .where('user_id', '=', userId)
    .where('credits_unrecovered', '>', 0)
    .orderBy('id')
    .execute();
  let left = purchase.credits;
  for (const debt of owed) {
    if (left <= 0) break;
    const take = Math.min(debt.credits_unrecovered, left);
    await book(trx, {
      userId,
      amount: -take,
      reason: 'debt',
      ref: `${purchaseRef(debt.id)}:settled-by:${purchase.id}`,
      note: `taken from payment ${purchase.id}: credits spent before payment ${debt.id} was reversed`,
      at: now,
    });
    await trx
      .updateTable('payments')
      .set({
        credits_unrecovered: debt.credits_unrecovered - take,
        credits_reversed: debt.credits_reversed + take,
        updated_at: now,
      })
      .where('id', '=', debt.id)
      .execute();
    left -= take;
  }
  return purchase.credits - left;
}
