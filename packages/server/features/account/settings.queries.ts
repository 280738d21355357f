import { normalizeEmail } from '@datekit/runtime/rules/signup';
import type { Db } from '../../db/database.ts';
import { memberChanged } from '../users/member-cache.ts';

/** The member's password hash; null for an account without a password. */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.password_hash;
}

/**
 * Gives the account its new address; false for an account pending deletion, which keeps the one it
 * had. The unique index refuses an address another account took meanwhile (the error propagates).
 */
export async function setEmail(db: Db, userId: number, email: string): Promise<boolean> {
  const changed = await db
    .updateTable('users')
    .set({ email, email_normalized: normalizeEmail(email) })
    .where('id', '=', userId)
    .where('deletion_requested_at', 'is', null)
    .executeTakeFirst();
  await memberChanged(db, userId);
  return Number(changed.numUpdatedRows) === 1;
}

/** Stores the member's new password hash. */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Ends every session of the member but the one with `keepTokenHash`; answers how many ended. */
export async function deleteOtherSessions(db: Db, userId: number, keepTokenHash: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .executeTakeFirst();
  await memberChanged(db, userId);
  return Number(result.numDeletedRows);
}
