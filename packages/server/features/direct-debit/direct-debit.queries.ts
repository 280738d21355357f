import type { Db } from '../../db/database.ts';

/** The member's newest confirmed mandate with `provider`: what a debit or a repeat order charges. */
export async function validMandate(db: Db, userId: number, provider: string) {
  return db
    .selectFrom('debit_mandates')
    .select(['id', 'provider_customer_id', 'provider_mandate_id', 'account_holder', 'iban', 'confirmed_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'valid')
    .where('provider', '=', provider)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
