import type { Db } from '../../db/database.ts';

/** The tracking a member signed up with (absent keys are null). */
export type TestTracking = {
  network?: string | null;
  ref?: string | null;
  sub1?: string | null;
  sub2?: string | null;
  sub3?: string | null;
};

let counter = 0;

/** A member row as the dashboard reads it: signup and activation times and tracking. Answers its id. */
export async function insertDashboardMember(
  db: Db,
  member: { brand: string; createdAt: number; activatedAt: number | null; tracking?: TestTracking },
): Promise<number> {
  const email = `dashboard-${++counter}-${member.createdAt}-${Math.random()}@example.com`;
  const tracking = member.tracking ?? {};
  const row = await db
    .insertInto('users')
    .values({
      brand: member.brand,
      email,
      email_normalized: email,
      password_hash: null,
      status: member.activatedAt ? 'active' : 'not_confirmed',
      language: 'en',
      paid_user: 0,
      created_at: member.createdAt,
      activated_at: member.activatedAt,
      accepted_terms_at: member.createdAt,
      signup_message: null,
      network: tracking.network ?? null,
      ref: tracking.ref ?? null,
      sub1: tracking.sub1 ?? null,
      sub2: tracking.sub2 ?? null,
      sub3: tracking.sub3 ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A sandbox payment of `cents` created at `createdAt`: paid at `paidAt`, or still open when that is null. */
export async function insertDashboardPayment(
  db: Db,
  payment: { userId: number; brand: string; cents: number; currency: string; createdAt: number; paidAt: number | null },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      user_id: payment.userId,
      brand: payment.brand,
      provider: 'sandbox',
      provider_payment_id: null,
      bundle_id: 'starter',
      credits: 100,
      amount_cents: payment.cents,
      list_amount_cents: payment.cents,
      currency: payment.currency,
      method: 'ideal',
      country: 'NL',
      status: payment.paidAt ? 'paid' : 'open',
      discount_code: null,
      checkout_url: null,
      origin: 'test',
      created_at: payment.createdAt,
      updated_at: payment.paidAt ?? payment.createdAt,
      paid_at: payment.paidAt,
      refunded_at: null,
    })
    .execute();
}

/** A text message in a conversation, sent at `time`. */
export async function insertDashboardMessage(db: Db, conversationId: number, senderId: number, time: number) {
  await db
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      sender_id: senderId,
      kind: 'text',
      body: 'hi',
      gift_id: null,
      photo_filename: null,
      created_at: time,
    })
    .execute();
}
