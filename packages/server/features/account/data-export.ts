import fs from 'node:fs/promises';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Services } from '../../services.ts';
import { loadNotificationSettings } from '../notifications/preferences.ts';

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
 * Everything the site holds about a member (GDPR art. 20), as a ZIP of JSON files and their photos:
 * account and profile, consents and notification choices, sessions and the sign-in history, photos,
 * the messages they sent, likes given and received, blocks, and the credit ledger. Other members'
 * messages and profiles stay out: they are other people's data.
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
      sexuality: profile.sexuality,
      relationship_status: profile.relationship_status,
      hair_colour: profile.hair_colour,
      eye_colour: profile.eye_colour,
      body_type: profile.body_type,
      tattoos: profile.tattoos,
      signup_reason: profile.signup_reason,
      invisible: profile.invisible === 1,
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
    }),
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
