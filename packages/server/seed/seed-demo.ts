import fs from 'node:fs/promises';
import path from 'node:path';
import { type Brand, COUNTRIES, INTERESTS, normalizeEmail, placesOf, PROFILE_CHOICES } from '@datekit/runtime';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertMember } from '../features/users/insert-member.ts';
import { renderAvatar } from '../media/avatar.ts';
import { AVATARS_FOLDER, newMediaName } from '../media/process-photo.ts';
import type { Services } from '../services.ts';
import { ABOUT_LINES, FIRST_NAMES } from './demo-people.ts';

export const DEMO_ACCOUNT = { email: 'demo@datekit.test', password: 'datekit-demo', name: 'DemoVisitor' } as const;

export interface SeedResult {
  created: number;
  skipped: boolean;
}

/** A deterministic pseudo-random sequence, so every seeded database looks the same. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Creates `count` fictional members (with generated avatars) and one real demo account for a brand,
 * all in one transaction: an interrupted seed leaves nothing behind, and the demo account, written
 * last, marks a complete one. A brand with the demo account is left as it is; members that a partial
 * seed of an older version left are kept and the rest are added. `onMember` runs inside the
 * transaction after each member (progress; a test interrupts the seed there).
 */
export async function seedDemoMembers(
  services: Services,
  brand: Brand,
  count = 48,
  options: { onMember?: (index: number) => Promise<void> | void } = {},
): Promise<SeedResult> {
  const seeded = await services.db
    .selectFrom('users')
    .select('id')
    .where('brand', '=', brand.domain)
    .where('email_normalized', '=', normalizeEmail(DEMO_ACCOUNT.email))
    .executeTakeFirst();
  if (seeded) return { created: 0, skipped: true };

  const random = sequence(brand.domain.length * 7919);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const now = services.now();
  await fs.mkdir(path.join(services.config.mediaDir, AVATARS_FOLDER), { recursive: true });
  const year = new Date(now).getUTCFullYear();
  const passwordHash = await services.passwords.hash(DEMO_ACCOUNT.password);
  let created = 0;

  await services.db.transaction().execute(async (trx) => {
    const existing = new Set(
      (
        await trx
          .selectFrom('users')
          .select('email')
          .where('brand', '=', brand.domain)
          .where('password_hash', 'is', null)
          .execute()
      ).map((row) => row.email),
    );
    for (let i = 0; i < count; i++) {
      const gender = i % 3 === 2 ? 'male' : 'female';
      const country = pick(brand.countries);
      // A real town of that country (the offline places dataset), so region filters find demo members.
      const place = pick(placesOf(country).slice(0, 25));
      const age = 20 + Math.floor(random() * 42);
      const birthDate = `${year - age - 1}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const email = `fictional-${i}@members.invalid`;
      if (!existing.has(email)) {
        const avatar = await renderAvatar(i);
        // Random names like every photo's: `/media/*` serves them by the same rules (a main photo is public).
        const files = {
          filename: newMediaName(AVATARS_FOLDER),
          thumb_filename: newMediaName(AVATARS_FOLDER),
          match_filename: newMediaName(AVATARS_FOLDER),
        };
        await Promise.all([
          fs.writeFile(path.join(services.config.mediaDir, files.filename), avatar.full),
          fs.writeFile(path.join(services.config.mediaDir, files.thumb_filename), avatar.thumb),
          fs.writeFile(path.join(services.config.mediaDir, files.match_filename), avatar.match),
        ]);
        const createdAt = now - i * 3_600_000;
        const userId = await insertMember(trx, {
          brand: brand.domain,
          email,
          passwordHash: null, // fictional members cannot log in
          status: 'active',
          language: COUNTRIES[country as keyof typeof COUNTRIES]?.languages[0] ?? 'en',
          createdAt,
          acceptedTermsAt: null,
          profile: {
            name: pick(FIRST_NAMES[gender]),
            gender,
            birth_date: birthDate,
            country,
            city: place.name,
            about: pick(ABOUT_LINES),
            status: 'active',
            fictional: 1,
          },
        });
        await trx
          .updateTable('profiles')
          .set({
            region: place.region,
            sexuality:
              gender === 'female'
                ? pick(['hetero', 'hetero', 'bi', 'lesbian'] as const)
                : pick(['hetero', 'hetero', 'bi', 'gay'] as const),
            relationship_status: pick(PROFILE_CHOICES.relationship_status),
            hair_colour: pick(PROFILE_CHOICES.hair_colour),
            eye_colour: pick(PROFILE_CHOICES.eye_colour),
            body_type: pick(PROFILE_CHOICES.body_type),
            tattoos: pick(PROFILE_CHOICES.tattoos),
            signup_reason: pick(PROFILE_CHOICES.signup_reason),
          })
          .where('id', '=', userId)
          .execute();
        const interests = [
          ...new Set([pick(INTERESTS), pick(INTERESTS), pick(INTERESTS), pick(INTERESTS)].map((x) => x.id)),
        ];
        await trx
          .insertInto('profile_interests')
          .values(interests.map((interest_id) => ({ profile_id: userId, interest_id })))
          .execute();
        await trx
          .insertInto('photos')
          .values({
            profile_id: userId,
            ...files,
            status: 'active',
            is_main: 1,
            created_at: now,
          })
          .execute();
        created++;
      }
      await options.onMember?.(i);
    }
    await seedDemoAccount(trx, brand, now, passwordHash);
  });
  return { created, skipped: false };
}

/** A real, activated account to log in with on the demo site (shown in the README). */
async function seedDemoAccount(trx: Kysely<Database>, brand: Brand, now: number, passwordHash: string): Promise<void> {
  const userId = await insertMember(trx, {
    brand: brand.domain,
    email: DEMO_ACCOUNT.email,
    passwordHash,
    status: 'active',
    language: brand.default_language,
    createdAt: now,
    acceptedTermsAt: now,
    profile: {
      name: DEMO_ACCOUNT.name,
      gender: 'male',
      birth_date: '1990-06-15',
      country: brand.countries[0]!,
      status: 'active',
    },
  });
  if (brand.signup_credits > 0) {
    await trx
      .insertInto('credit_ledger')
      .values({
        user_id: userId,
        amount: brand.signup_credits,
        reason: 'signup_bonus',
        ref: `user:${userId}`,
        note: 'demo account',
        created_at: now,
      })
      .execute();
  }
}
