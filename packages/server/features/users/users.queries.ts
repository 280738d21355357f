import type { Db } from '../../db/database.ts';
import { memberChanged } from './member-cache.ts';

/** Whether an account of `brand` already has the address (normalised). */
export async function emailTaken(db: Db, brand: string, emailNormalized: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('brand', '=', brand)
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst();
  return Boolean(row);
}

/** The ids of the accounts with the address (normalised), on every brand. */
export async function userIdsWithEmail(db: Db, emailNormalized: string): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('email_normalized', '=', emailNormalized).execute();
  return rows.map((r) => r.id);
}

/** Stores the member's chosen language (for her mails). */
export async function saveLanguage(db: Db, userId: number, language: string): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
  await memberChanged(db, userId);
}
