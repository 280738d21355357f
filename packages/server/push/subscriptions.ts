import type { Db } from '../db/database.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Browsers one member may receive pushes in. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * Stores a browser's subscription for the member, and the session that stored it (logging out of that
 * session forgets it). The endpoint identifies the browser, so one browser never notifies two accounts:
 * the member's own endpoint subscribing again may bring new keys; another member's endpoint moves to
 * this member only with that browser's very keys (p256dh and auth), which only the browser holding the
 * subscription has — the endpoint alone, which a push service's logs or a shared link may show, would
 * otherwise let anyone take over another member's notifications. Answers false when the endpoint
 * stays with its other owner. A member may have several browsers.
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  sub: PushSubscriptionInput,
  now: number,
  sessionHash: string | null,
): Promise<boolean> {
  const saved = await db
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      session_hash: sessionHash,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({
          user_id: userId,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
          session_hash: sessionHash,
          updated_at: now,
        })
        // One statement, so two members posting the same endpoint at once cannot both pass a check.
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.user_id', '=', userId),
            eb.and([
              eb('push_subscriptions.p256dh', '=', sub.keys.p256dh),
              eb('push_subscriptions.auth', '=', sub.keys.auth),
            ]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  if (!saved) return false;
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
  return true;
}

/**
 * Forgets the subscriptions stored in a member session that ends by logging out: the browser's next
 * member must not receive the last one's pushes. The browser keeps its subscription and sends it
 * again at the next login (stores/push.ts), so whoever logs in there next gets pushes again.
 */
export async function deleteSessionSubscriptions(db: Db, sessionHash: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_hash', '=', sessionHash).execute();
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
