import type { Db } from '../db/database.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Browsers one member may receive pushes in. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * Stores a browser's subscription for the member. The endpoint identifies the browser: subscribing
 * again from it (new keys, or another member logging in there) updates the row, so one browser never
 * notifies two accounts. A member may have several browsers.
 */
export async function saveSubscription(db: Db, userId: number, sub: PushSubscriptionInput, now: number): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ user_id: userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, updated_at: now }),
    )
    .execute();
  // A browser's endpoint changes now and then; the oldest beyond the cap are ones no longer in use.
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(MAX_SUBSCRIPTIONS_PER_MEMBER),
    )
    .execute();
}

/** Forgets the member's subscription for one browser (push turned off there). */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
