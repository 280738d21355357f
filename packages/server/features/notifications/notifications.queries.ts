import type { Db } from '../../db/database.ts';
import type { MailSuppressionsTable } from '../../db/schema.ts';
import { memberChanged } from '../users/member-cache.ts';

type SuppressionReason = MailSuppressionsTable['reason'];

/**
 * Stops e-mail to the accounts for `reason` (a bounce or a complaint reported by the mail provider);
 * an earlier suppression for the same reason keeps its date.
 */
export async function suppressMail(
  db: Db,
  userIds: readonly number[],
  reason: Exclude<SuppressionReason, 'listunsubscribe'>,
  now: number,
): Promise<void> {
  await db
    .insertInto('mail_suppressions')
    .values(userIds.map((user_id) => ({ user_id, reason, created_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'reason']).doNothing())
    .execute();
  await memberChanged(db, userIds);
}

/** Stops e-mail to the member after a one-click unsubscribe; dated now, also when it happened before. */
export async function suppressMailUnsubscribed(db: Db, userId: number, now: number): Promise<void> {
  await db
    .insertInto('mail_suppressions')
    .values({ user_id: userId, reason: 'listunsubscribe', created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'reason']).doUpdateSet({ created_at: now }))
    .execute();
  await memberChanged(db, userId);
}

/** Lets e-mail to the member go out again: the suppression for `reason`, or every one. */
export async function liftMailSuppressions(db: Db, userId: number, reason?: SuppressionReason): Promise<void> {
  await db
    .deleteFrom('mail_suppressions')
    .where('user_id', '=', userId)
    .$if(reason !== undefined, (q) => q.where('reason', '=', reason!))
    .execute();
  await memberChanged(db, userId);
}

/** The member and notification type of a one-click unsubscribe token of `brand`, if there is one. */
export function unsubscribeToken(db: Db, brand: string, tokenHash: string) {
  return db
    .selectFrom('unsubscribe_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 't.type'])
    .where('t.token_hash', '=', tokenHash)
    .where('u.brand', '=', brand)
    .executeTakeFirst();
}
