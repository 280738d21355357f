import type { Db } from '../../db/database.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { DiscountCode } from './discount-codes.ts';

/**
 * A `once` code is used by one payment in total (spec §3). Checking earlier payments when a checkout
 * opens is not enough: two members could open checkouts with the same code at the same moment and
 * both pay the discounted price. So the payment takes the code in the transaction that records it:
 * the reservation's primary key (brand, code) lets exactly one payment hold it, on both engines and
 * across instances. A payment that fails, is cancelled or expires gives it back (`releaseDiscount`);
 * a paid one keeps it for good. Other validities need no reservation.
 */
export async function reserveDiscount(
  trx: Db,
  brand: string,
  discount: DiscountCode | null,
  paymentId: number,
  now: number,
): Promise<void> {
  if (discount?.validity !== 'once') return;
  const taken = await trx
    .insertInto('discount_reservations')
    .values({ brand, code: discount.code, payment_id: paymentId, created_at: now })
    .onConflict((oc) => oc.columns(['brand', 'code']).doNothing())
    .executeTakeFirst();
  // Thrown inside the transaction: the payment row goes with it.
  if (Number(taken.numInsertedOrUpdatedRows ?? 0) !== 1) {
    throw new ApiError('discount_used', {}, { field: 'discount_code' });
  }
}

/** Gives the code back when its payment did not complete (failed, cancelled, expired, refused). */
export async function releaseDiscount(db: Db, paymentId: number): Promise<void> {
  await db.deleteFrom('discount_reservations').where('payment_id', '=', paymentId).execute();
}

/** Whether a `once` code is held by a payment (open, or paid for good). */
export async function isReserved(db: Db, brand: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('discount_reservations')
    .select('payment_id')
    .where('brand', '=', brand)
    .where('code', '=', code)
    .executeTakeFirst();
  return row !== undefined;
}
