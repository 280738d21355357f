import { sql } from 'kysely';
import { deletePhotoFiles } from '../../media/process-photo.ts';
import type { Services } from '../../services.ts';
import { pruneEvents } from '../../realtime/event-store.ts';
import { forgetTrackingInRollup } from '../operator/dashboard-rollup.ts';
import { GRACE_MS } from './deletion.ts';
import { memberChanged } from '../users/member-cache.ts';

/**
 * Ledger rows kept after erasure: purchases, refunds (and refused ones given back), chargebacks and
 * the debts they left are bookkeeping records that tax law requires us to keep (BOOKKEEPING_RETENTION
 * in personal-data.ts), tied to the anonymous user id. Everything else the member did with credits is
 * personal use and goes.
 */
export const KEPT_LEDGER_REASONS = ['purchase', 'refund', 'refund_refused', 'chargeback', 'debt'] as const;

/**
 * Erases a member whose grace period is over (the `erase-account` job), as MEMBER_DATA in
 * personal-data.ts lists it: profile, photos (rows and files), interests, likes, blocks, every
 * conversation they were in with all its messages, sessions, the sign-in history, tokens, preferences,
 * staff notes, sanctions, payment means (debit and card mandates), push subscriptions, live events and
 * non-financial ledger rows; reports they made lose their name, address and text. The users row stays
 * as an anonymous stub (id, brand, dates, paid_user) so the kept payment records still point
 * somewhere; its address is freed, so the address can sign up again. Does nothing for a member who
 * came back, was already erased, or whose period is not over.
 */
/** The advisory lock that serialises erasures (an arbitrary key of their own: "eras"). */
const ERASURE_LOCK = 0x65726173;

export async function eraseAccount(services: Services, userId: number): Promise<'erased' | 'skipped'> {
  const now = services.now();
  const user = await services.db
    .selectFrom('users')
    .select(['id', 'brand', 'email', 'email_normalized', 'deletion_requested_at', 'erased_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.erased_at !== null || user.deletion_requested_at === null) return 'skipped';
  if (user.deletion_requested_at + GRACE_MS > now) return 'skipped';

  const [photos, chatPhotos] = await Promise.all([
    services.db.selectFrom('photos').selectAll().where('profile_id', '=', userId).execute(),
    services.db
      .selectFrom('messages')
      .select(['photo_filename', 'photo_blurred_filename'])
      .where('sender_id', '=', userId)
      .where('photo_filename', 'is not', null)
      .execute(),
  ]);
  const anonymous = `erased-${userId}@erased.invalid`;
  await services.db.transaction().execute(async (trx) => {
    // One erasure at a time on PostgreSQL: two members' erasures delete rows they share (their
    // conversation, reports between them) in different orders and deadlocked. Erasures are rare.
    if (services.engine === 'postgres') await sql`select pg_advisory_xact_lock(${ERASURE_LOCK})`.execute(trx);
    // Before the tracking is blanked below: the dashboard's roll-up keeps no tracking values either.
    await forgetTrackingInRollup(trx, userId);
    await trx
      .deleteFrom('conversations')
      .where((eb) => eb.or([eb('member_a', '=', userId), eb('member_b', '=', userId)]))
      .execute();
    await trx
      .deleteFrom('likes')
      .where((eb) => eb.or([eb('liker_id', '=', userId), eb('liked_id', '=', userId)]))
      .execute();
    await trx
      .deleteFrom('blocks')
      .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
      .execute();
    for (const table of [
      'sessions',
      'account_tokens',
      'activation_tokens',
      'password_reset_tokens',
      'notification_preferences',
      'mail_suppressions',
      'unsubscribe_tokens',
      'member_presence',
      'digest_mails',
      'push_subscriptions',
      'member_sign_ins',
      'member_sanctions',
      'operator_notes',
      'debit_mandates',
      'card_mandates',
      'payment_customers',
      'discount_codes',
      'discount_member_holds',
      'postback_deliveries',
      'signup_quality',
    ] as const) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    await trx.deleteFrom('member_events').where('member_id', '=', userId).execute();
    // Other members' live events carry this member's messages and name. The member has been out of
    // sight for the whole grace period, longer than events are kept (EVENT_RETENTION_MS; member-data
    // test holds it), so every such event is past the retention: pruned here, not by the hourly round.
    await pruneEvents(trx, now);
    // Stored answers of retried requests (messages, profiles): the member's own key scope.
    await trx.deleteFrom('idempotency_keys').where('scope', '=', `member:${userId}`).execute();
    // Reports they made stay for the case of the member reported, without who made them or what they
    // wrote; also those sent from the complaints form with their address while signed out.
    await trx
      .updateTable('reports')
      .set({ reporter_id: null, reporter_name: null, reporter_email: null, subject: null, text: '' })
      .where((eb) =>
        eb.or([
          eb('reporter_id', '=', userId),
          eb.and([eb('brand', '=', user.brand), eb(eb.fn('lower', ['reporter_email']), '=', user.email.toLowerCase())]),
        ]),
      )
      .execute();
    const key = `${user.brand}|${user.email_normalized}`;
    await trx.deleteFrom('password_reset_requests').where('key', '=', key).execute();
    await trx.deleteFrom('login_throttle').where('key', '=', key).execute();
    await trx
      .deleteFrom('credit_ledger')
      .where('user_id', '=', userId)
      .where('reason', 'not in', [...KEPT_LEDGER_REASONS])
      .execute();
    await trx.updateTable('credit_ledger').set({ note: null }).where('user_id', '=', userId).execute();
    await trx.updateTable('payments').set({ checkout_url: null }).where('user_id', '=', userId).execute();
    await trx.updateTable('users').set({ signup_target_id: null }).where('signup_target_id', '=', userId).execute();
    // Photos and interests go with the profile (foreign keys cascade).
    await trx.deleteFrom('profiles').where('id', '=', userId).execute();
    await memberChanged(trx, userId);
    await trx
      .updateTable('users')
      .set({
        email: anonymous,
        email_normalized: anonymous,
        password_hash: null,
        signup_message: null,
        signup_target_id: null,
        network: null,
        ref: null,
        sub1: null,
        sub2: null,
        sub3: null,
        erased_at: now,
      })
      .where('id', '=', userId)
      .execute();
  });
  // Files after the rows: a crash in between leaves orphan files, never a link to a missing file.
  const mediaDir = services.config.mediaDir;
  await Promise.all([
    ...photos.map((photo) => deletePhotoFiles(mediaDir, photo)),
    ...chatPhotos.map((message) =>
      deletePhotoFiles(mediaDir, {
        filename: message.photo_filename,
        blurred_filename: message.photo_blurred_filename,
      }),
    ),
  ]);
  return 'erased';
}
