import fs from 'node:fs/promises';
import path from 'node:path';
import { type Brand, COUNTRIES, INTERESTS, placesOf, PROFILE_CHOICES } from '@datekit/runtime';
import { hashPassword } from '../features/auth/passwords.ts';
import { insertMember } from '../features/users/insert-member.ts';
import { renderAvatar } from '../media/avatar.ts';
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
 * Creates `count` fictional members (with generated avatars) and one real demo account for a brand.
 * Runs once: a brand that already has fictional members is left as it is.
 */
export async function seedDemoMembers(services: Services, brand: Brand, count = 48): Promise<SeedResult> {
  const existing = await services.db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('brand', '=', brand.domain)
    .where('fictional', '=', 1)
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return { created: 0, skipped: true };

  const random = sequence(brand.domain.length * 7919);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const now = services.now();
  const avatarDir = path.join(services.config.mediaDir, 'avatars');
  await fs.mkdir(avatarDir, { recursive: true });
  const year = new Date(now).getUTCFullYear();

  for (let i = 0; i < count; i++) {
    const gender = i % 3 === 2 ? 'male' : 'female';
    const country = pick(brand.countries);
    // A real town of that country (the offline places dataset), so region filters find demo members.
    const place = pick(placesOf(country).slice(0, 25));
    const age = 20 + Math.floor(random() * 42);
    const birthDate = `${year - age - 1}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
    const avatar = await renderAvatar(i);
    const base = `${brand.domain.replace(/[^a-z0-9]/g, '-')}-${i}`;
    await Promise.all([
      fs.writeFile(path.join(avatarDir, `${base}.webp`), avatar.full),
      fs.writeFile(path.join(avatarDir, `${base}-thumb.webp`), avatar.thumb),
      fs.writeFile(path.join(avatarDir, `${base}-match.webp`), avatar.match),
    ]);
    await services.db.transaction().execute(async (trx) => {
      const createdAt = now - i * 3_600_000;
      const userId = await insertMember(trx, {
        brand: brand.domain,
        email: `fictional-${i}@members.invalid`,
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
          filename: `avatars/${base}.webp`,
          thumb_filename: `avatars/${base}-thumb.webp`,
          match_filename: `avatars/${base}-match.webp`,
          status: 'active',
          is_main: 1,
          created_at: now,
        })
        .execute();
    });
  }
  await seedDemoAccount(services, brand, now);
  return { created: count, skipped: false };
}

/** A real, activated account to log in with on the demo site (shown in the README). */
async function seedDemoAccount(services: Services, brand: Brand, now: number): Promise<void> {
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  await services.db.transaction().execute(async (trx) => {
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
  });
}
