import fs from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Services } from '../../services.ts';
import { maskIban } from '../direct-debit/mask-iban.ts';
import { loadNotificationSettings } from '../notifications/preferences.ts';
import { profileChoices } from '../profile/profile-choices.ts';

/** Where a media file goes inside the ZIP: under photos/, whatever folder it is stored in. */
const zipPath = (name: string) => `photos/${path.basename(name)}`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A media file by its stored name, or null when it is gone (a photo deleted meanwhile). */
async function readMedia(mediaDir: string, name: string): Promise<Uint8Array | null> {
  // Stored names are relative to the media folder; refuse anything that would leave it.
  if (path.isAbsolute(name) || name.split(/[\\/]/).includes('..')) return null;
  return fs.readFile(path.join(mediaDir, name)).catch(() => null);
}

/**
 * Everything the site holds about a member (GDPR art. 15 and 20), as a ZIP of JSON files and their
 * photos: account and profile, consents, notification choices and digest mails, sessions and the
 * sign-in history, photos, conversations and the messages they sent, likes given and received,
 * blocks, the credit ledger, payments, payment means (IBAN masked), personal discount codes, push
 * subscriptions, reports they made and decisions about them, sanctions and staff notes. MEMBER_DATA in
 * personal-data.ts maps every table to its file (a test holds it to the schema). Other members'
 * messages and profiles, and who reported the member, stay out: they are other people's data.
 */
export async function buildDataExport(services: Services, userId: number): Promise<Uint8Array> {
  const db = services.db;
  const [user, profile, interests, photos, messages, likes, blocks, ledger, sessions, signIns, notifications] =
    await Promise.all([
      db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
      db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
      db.selectFrom('profile_interests').select('interest_id').where('profile_id', '=', userId).execute(),
      db.selectFrom('photos').selectAll().where('profile_id', '=', userId).orderBy('id').execute(),
      db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select([
          'm.id',
          'm.conversation_id',
          'c.member_a',
          'c.member_b',
          'm.kind',
          'm.body',
          'm.gift_id',
          'm.photo_filename',
          'm.created_at',
        ])
        .where('m.sender_id', '=', userId)
        .orderBy('m.id')
        .execute(),
      db
        .selectFrom('likes')
        .selectAll()
        .where((eb) => eb.or([eb('liker_id', '=', userId), eb('liked_id', '=', userId)]))
        .execute(),
      db.selectFrom('blocks').selectAll().where('blocker_id', '=', userId).execute(),
      db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('sessions').select(['created_at', 'expires_at']).where('user_id', '=', userId).execute(),
      db
        .selectFrom('member_sign_ins')
        .select(['at', 'method', 'outcome', 'ip_prefix', 'user_agent'])
        .where('user_id', '=', userId)
        .orderBy('at')
        .execute(),
      loadNotificationSettings(db, userId),
    ]);

  const [conversations, payments, debitMandates, cardMandates, push, reports, sanctions, notes, codes, digests] =
    await Promise.all([
      db
        .selectFrom('conversation_members as cm')
        .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
        .select(['c.id', 'c.member_a', 'c.member_b', 'c.started_by', 'c.created_at', 'c.last_message_at'])
        .select(['cm.unread', 'cm.cleared_at', 'cm.hidden', 'cm.seen_message_id'])
        .where('cm.member_id', '=', userId)
        .orderBy('c.id')
        .execute(),
      db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('debit_mandates').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db.selectFrom('card_mandates').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('reports')
        .selectAll()
        .where((eb) => eb.or([eb('reporter_id', '=', userId), eb('reported_id', '=', userId)]))
        .orderBy('id')
        .execute(),
      db.selectFrom('member_sanctions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db
        .selectFrom('operator_notes')
        .select(['body', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db.selectFrom('discount_codes').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
      db
        .selectFrom('digest_mails')
        .select(['kind', 'period', 'sent', 'created_at'])
        .where('user_id', '=', userId)
        .execute(),
    ]);

  const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));
  const files: Zippable = {
    'account.json': json({
      id: user.id,
      site: user.brand,
      email: user.email,
      language: user.language,
      status: user.status,
      premium: user.paid_user === 1,
      signed_up_at: iso(user.created_at),
      activated_at: iso(user.activated_at),
      deletion_requested_at: iso(user.deletion_requested_at),
      signup_message: user.signup_message,
      tracking: { network: user.network, ref: user.ref, sub1: user.sub1, sub2: user.sub2, sub3: user.sub3 },
    }),
    'profile.json': json({
      name: profile.name,
      gender: profile.gender,
      birth_date: profile.birth_date,
      country: profile.country,
      region: profile.region,
      city: profile.city,
      about: profile.about,
      ...profileChoices(profile),
      invisible: profile.invisible === 1,
      hide_presence: profile.hide_presence === 1,
      interests: interests.map((i) => i.interest_id),
      photos: photos.map((p) => ({
        file: zipPath(p.filename),
        status: p.status,
        main: p.is_main === 1,
        uploaded_at: iso(p.created_at),
      })),
    }),
    'consents.json': json({
      terms_and_privacy_accepted_at: iso(user.accepted_terms_at),
      notifications: notifications.preferences,
      email_switched_off: notifications.disabled,
      digest_mails: digests.map((d) => ({ kind: d.kind, period: d.period, sent: d.sent === 1, at: iso(d.created_at) })),
    }),
    'conversations.json': json(
      conversations.map((c) => ({
        conversation: c.id,
        with_member: c.member_a === userId ? c.member_b : c.member_a,
        started_by_me: c.started_by === userId,
        started_at: iso(c.created_at),
        last_message_at: iso(c.last_message_at),
        unread: c.unread,
        cleared_at: iso(c.cleared_at),
        hidden: c.hidden === 1,
        seen_up_to_message: c.seen_message_id,
      })),
    ),
    'sessions.json': json(sessions.map((s) => ({ signed_in_at: iso(s.created_at), expires_at: iso(s.expires_at) }))),
    'sign-ins.json': json(
      signIns.map((s) => ({
        at: iso(s.at),
        method: s.method,
        outcome: s.outcome,
        network: s.ip_prefix,
        browser: s.user_agent,
      })),
    ),
    'messages-sent.json': json(
      messages.map((m) => ({
        conversation: m.conversation_id,
        to_member: m.member_a === userId ? m.member_b : m.member_a,
        kind: m.kind,
        text: m.body,
        gift: m.gift_id,
        photo: m.photo_filename ? zipPath(m.photo_filename) : null,
        sent_at: iso(m.created_at),
      })),
    ),
    'likes.json': json({
      given: likes.filter((l) => l.liker_id === userId).map((l) => ({ member: l.liked_id, at: iso(l.created_at) })),
      received: likes.filter((l) => l.liked_id === userId).map((l) => ({ member: l.liker_id, at: iso(l.created_at) })),
    }),
    'blocks.json': json(blocks.map((b) => ({ member: b.blocked_id, at: iso(b.created_at) }))),
    'credit-ledger.json': json(
      ledger.map((l) => ({ amount: l.amount, reason: l.reason, note: l.note, at: iso(l.created_at) })),
    ),
    'payments.json': json(
      payments.map((p) => ({
        id: p.id,
        site: p.brand,
        provider: p.provider,
        provider_payment_id: p.provider_payment_id,
        bundle: p.bundle_id,
        credits: p.credits,
        amount_cents: p.amount_cents,
        list_amount_cents: p.list_amount_cents,
        currency: p.currency,
        method: p.method,
        country: p.country,
        status: p.status,
        discount_code: p.discount_code,
        discount_percent: p.discount_percent,
        net_cents: p.net_cents,
        vat_rate_percent: p.vat_rate_bp === null ? null : p.vat_rate_bp / 100,
        vat_cents: p.vat_cents,
        refunded_cents: p.refunded_cents,
        credits_unrecovered: p.credits_unrecovered,
        created_at: iso(p.created_at),
        paid_at: iso(p.paid_at),
        refunded_at: iso(p.refunded_at),
      })),
    ),
    'payment-means.json': json({
      // The IBAN masked as the site shows it: the file may travel further than the site.
      direct_debit_mandates: debitMandates.map((m) => ({
        status: m.status,
        account_holder: m.account_holder,
        iban: maskIban(m.iban),
        address: { street: m.street, house_number: m.house_number, zip: m.zip, city: m.city },
        phone: m.phone,
        provider: m.provider,
        provider_mandate_id: m.provider_mandate_id,
        created_at: iso(m.created_at),
        confirmed_at: iso(m.confirmed_at),
      })),
      cards: cardMandates.map((m) => ({
        label: m.label,
        status: m.status,
        provider: m.provider,
        provider_mandate_id: m.provider_mandate_id,
        created_at: iso(m.created_at),
      })),
    }),
    'discount-codes.json': json(
      codes.map((c) => ({
        site: c.brand,
        code: c.code,
        percent: c.value_percentage,
        status: c.status,
        expires_at: iso(c.expires_at),
        created_at: iso(c.created_at),
      })),
    ),
    // Endpoints only: the keys are the browser's secrets for decrypting pushes.
    'push-subscriptions.json': json(
      push.map((p) => ({ endpoint: p.endpoint, created_at: iso(p.created_at), updated_at: iso(p.updated_at) })),
    ),
    'reports.json': json({
      made: reports
        .filter((r) => r.reporter_id === userId)
        .map((r) => ({
          id: r.id,
          site: r.brand,
          about_member: r.reported_id,
          context: r.context,
          context_id: r.context_id,
          subject: r.subject,
          reason: r.reason,
          text: r.text,
          status: r.status,
          decision: r.decision,
          decided_at: iso(r.decided_at),
          created_at: iso(r.created_at),
        })),
      // Who reported the member and what they wrote is the reporter's data; the decision is the member's.
      about_me: reports
        .filter((r) => r.reported_id === userId)
        .map((r) => ({
          id: r.id,
          context: r.context,
          reason: r.reason,
          status: r.status,
          decision: r.decision,
          ground: r.decision_ground,
          facts: r.decision_facts,
          decided_at: iso(r.decided_at),
          created_at: iso(r.created_at),
        })),
    }),
    'sanctions.json': json(
      sanctions.map((s) => ({
        sanction: s.sanction,
        started_at: iso(s.started_at),
        ends_at: iso(s.ends_at),
        report: s.report_id,
        ground: s.ground,
        facts: s.facts,
        ended_at: iso(s.ended_at),
        ended_how: s.ended_how,
        end_reason: s.end_reason,
      })),
    ),
    'staff-notes.json': json(notes.map((n) => ({ note: n.body, at: iso(n.created_at) }))),
  };
  const photoNames = [
    ...photos.map((p) => p.filename),
    ...messages.flatMap((m) => (m.photo_filename ? [m.photo_filename] : [])),
  ];
  for (const name of new Set(photoNames)) {
    const bytes = await readMedia(services.config.mediaDir, name);
    // Images are compressed already: stored as they are.
    if (bytes) files[zipPath(name)] = [bytes, { level: 0 }];
  }
  return zipSync(files, { level: 6 });
}
