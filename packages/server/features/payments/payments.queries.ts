import type { Db } from '../../db/database.ts';

/** One of the member's payments, if it is hers. */
export function memberPayment(db: Db, memberId: number, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).where('user_id', '=', memberId).executeTakeFirst();
}

/** The member's newest `limit` payments, newest first. */
export function memberPayments(db: Db, memberId: number, limit: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A sandbox provider's payment made on `brand`, if there is one. */
export function sandboxPayment(db: Db, brand: string, id: string) {
  return db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('id', '=', id)
    .where('brand', '=', brand)
    .executeTakeFirst();
}
