import { COUNTRIES } from '@datekit/runtime/data/countries';
import { INTERESTS } from '@datekit/runtime/data/interests';
import { placesOf } from '@datekit/runtime/data/places';
import { PROFILE_CHOICES } from '@datekit/runtime/data/profile-choices';
import { normalizeEmail } from '@datekit/runtime/rules/signup';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Kysely } from 'kysely';
import type { SearchDefaults } from '../brands/search-defaults.ts';
import type { Database } from '../db/schema.ts';
import { book } from '../features/credits/ledger.ts';
import { insertMember } from '../features/users/insert-member.ts';
import type { Services } from '../services.ts';
import { ABOUT_LINES, FIRST_NAMES } from './demo-people.ts';
import { planPortraits, storePortraits } from './portraits/fictional-portraits.ts';

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
 * Creates `count` fictional members (with generated portraits) and one real demo account for a brand,
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
  const year = new Date(now).getUTCFullYear();
  const passwordHash = await services.passwords.hash(DEMO_ACCOUNT.password);
  const audience = seedAudience(brand, services.searchDefaults[brand.niche.slug]);
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
      const { gender, age, sexualities } = audience(i, random);
      const country = pick(brand.countries);
      // A real town of that country (the offline places dataset), so region filters find demo members.
      const place = pick(placesOf(country).slice(0, 25));
      const birthDate = `${year - age - 1}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`;
      const email = `fictional-${i}@members.invalid`;
      // Named and introduced in the main language of her country, so a brand's members sound local.
      const language = COUNTRIES[country as keyof typeof COUNTRIES]?.languages[0] ?? 'en';
      // Planned for every member, seeded or not, so the sequence (and every later member) stays the same.
      const portraits = planPortraits(random, gender, age);
      if (!existing.has(email)) {
        const photos = await storePortraits(portraits, services.config.mediaDir);
        const createdAt = now - i * 3_600_000;
        const userId = await insertMember(trx, {
          brand: brand.domain,
          email,
          passwordHash: null, // fictional members cannot log in
          status: 'active',
          language,
          createdAt,
          acceptedTermsAt: null,
          profile: {
            name: pick(FIRST_NAMES[language][gender]),
            gender,
            birth_date: birthDate,
            country,
            region: place.region,
            city: place.name,
            about: pick(ABOUT_LINES[language]),
            status: 'active',
            fictional: 1,
          },
        });
        await trx
          .updateTable('profiles')
          .set({
            sexuality: pick(sexualities),
            relationship_status: pick(PROFILE_CHOICES.relationship_status),
            // What the pictures show.
            hair_colour: portraits.traits.hairName,
            eye_colour: portraits.traits.eyeName,
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
          .values(
            photos.map((photo, n) => ({
              profile_id: userId,
              ...photo,
              status: 'active' as const,
              is_main: n === 0 ? 1 : 0,
              created_at: now,
            })),
          )
          .execute();
        created++;
      }
      await options.onMember?.(i);
    }
    await seedDemoAccount(trx, brand, now, passwordHash);
  });
  return { created, skipped: false };
}

type Sexuality = 'hetero' | 'bi' | 'gay' | 'lesbian';

/** Niches whose members look for their own gender: everyone seeded there is of the niche's gender. */
const SAME_SEX_NICHES: Partial<Record<string, Sexuality>> = { gay: 'gay', she: 'lesbian' };

/**
 * Who the fictional members of a brand are: mostly the people its niche is about (the gender and age
 * range its search starts with), so the home page and a first search show them; every third one, on
 * a niche for two genders, someone who looks for them.
 */
function seedAudience(brand: Brand, defaults: SearchDefaults | undefined) {
  const niche = defaults ?? { gender: 'female', min_age: 18, max_age: 99 };
  const sameSex = SAME_SEX_NICHES[brand.niche.slug];
  const low = Math.max(20, niche.min_age);
  // Niches of older members reach further; the rest stay within the ages most members have.
  const high = Math.max(low, Math.min(niche.max_age - 1, niche.min_age >= 35 ? 78 : 62));
  return (index: number, random: () => number) => {
    const seeker = !sameSex && index % 3 === 2;
    const gender: 'female' | 'male' = seeker ? (niche.gender === 'female' ? 'male' : 'female') : niche.gender;
    const age = seeker ? 22 + Math.floor(random() * 37) : low + Math.floor(random() * (high - low + 1));
    const sexualities: readonly Sexuality[] = sameSex ? [sameSex, sameSex, 'bi'] : ['hetero', 'hetero', 'hetero', 'bi'];
    return { gender, age, sexualities };
  };
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
    await book(trx, {
      userId,
      amount: brand.signup_credits,
      reason: 'signup_bonus',
      ref: `user:${userId}`,
      note: 'demo account',
      at: now,
    });
  }
}
