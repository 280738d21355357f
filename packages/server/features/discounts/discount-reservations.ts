import { TIME_BONUS_CODE } from '@datekit/runtime/rules/constants';
import type { Db } from '../../db/database.ts';
import { WELCOME_CODE, type DiscountCode } from './discount-codes.ts';

/** Payment states in which a hold is still undecided: the discount may come back. */
const UNDECIDED = ['open', 'pending'] as const;

/**
 * A `once` code is used by one payment in total, a `once-per-user` code by one payment per member
 * (spec §3). Checking earlier payments when a checkout opens is not enough: two checkouts opened at
 * the same moment, or one after the other before either is paid, would both carry the discount. So
 * the payment takes the code in the transaction that records it: the primary key of
 * `discount_reservations` (brand, code), or of `discount_member_holds` (brand, code, member), lets
 * exactly one payment hold it, on both engines and across instances. A payment that fails, is
 * cancelled or expires gives it back (`releaseDiscount`); a paid one keeps it for good. Unlimited
 * codes need no reservation.
 *
 * Answers false when another payment holds the code; the caller's transaction must then not record
 * this payment with the discount.
 */
export async function reserveDiscount(
  trx: Db,
  brand: string,
  discount: DiscountCode | null,
  payment: { id: number; user_id: number },
  now: number,
): Promise<boolean> {
  if (discount?.validity === 'once') {
    const taken = await trx
      .insertInto('discount_reservations')
      .values({ brand, code: discount.code, payment_id: payment.id, created_at: now })
      .onConflict((oc) => oc.columns(['brand', 'code']).doNothing())
      .executeTakeFirst();
    return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  if (discount?.validity === 'once-per-user') {
    const taken = await trx
      .insertInto('discount_member_holds')
      .values({
        brand,
        code: holdName(discount.code),
        user_id: payment.user_id,
        payment_id: payment.id,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['brand', 'code', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(taken.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  return true;
}

/** Gives the code back when its payment did not complete (failed, cancelled, expired, refused). */
export async function releaseDiscount(db: Db, paymentId: number): Promise<void> {
  await db.deleteFrom('discount_reservations').where('payment_id', '=', paymentId).execute();
  await db.deleteFrom('discount_member_holds').where('payment_id', '=', paymentId).execute();
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

/**
 * The member's payment that holds a once-per-user code, with whether it is still undecided (an open
 * checkout: the discount comes back if it is not completed) or paid for good. Undefined when none.
 */
export async function memberHold(
  db: Db,
  brand: string,
  code: string,
  memberId: number,
): Promise<{ paymentId: number; code: string | null; undecided: boolean } | undefined> {
  const row = await db
    .selectFrom('discount_member_holds as h')
    .innerJoin('payments as p', 'p.id', 'h.payment_id')
    .select(['h.payment_id', 'p.status', 'p.discount_code'])
    .where('h.brand', '=', brand)
    .where('h.code', '=', holdName(code))
    .where('h.user_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    paymentId: row.payment_id,
    code: row.discount_code,
    undecided: (UNDECIDED as readonly string[]).includes(row.status),
  };
}

/**
 * The name a once-per-user code is held under. The built-in welcome and time-bonus codes are one
 * benefit under two names, 25 % off the first purchase (spec §1, §4): held under one name, so that a
 * checkout open with the time bonus and a second one with the welcome code typed are not both
 * discounted.
 */
function holdName(code: string): string {
  return code === TIME_BONUS_CODE ? WELCOME_CODE : code;
}
