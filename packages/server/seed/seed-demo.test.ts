import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createServices } from '../create-services.ts';
import type { Services } from '../services.ts';
import { PROFILE_CHOICES } from '@datekit/runtime/data/profile-choices';
import { ageOn } from '@datekit/runtime/rules/signup';
import { brandFileSchema } from '@datekit/runtime/schemas/brand';
import { ALPHA_BRAND_FILE, FIXTURE_BRANDS, FIXTURE_SEARCH_DEFAULTS } from '../test/fixture-brands.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { MAX_PORTRAITS, MIN_PORTRAITS } from './portraits/fictional-portraits.ts';
import { PORTRAIT_HEIGHT, PORTRAIT_WIDTH } from './portraits/portrait-svg.ts';
import { ABOUT_LINES, FIRST_NAMES } from './demo-people.ts';
import { DEMO_ACCOUNT, seedDemoMembers } from './seed-demo.ts';

const brand = FIXTURE_BRANDS[0]!;
let database: TestDatabase;
let services: Services;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-seed-'));
  database = await createTestDatabase();
  services = createServices(
    { ...loadConfig({ DATEKIT_VAR_DIR: dir }), databaseUrl: undefined },
    { brands: FIXTURE_BRANDS, searchDefaults: FIXTURE_SEARCH_DEFAULTS },
    { db: database.db, engine: database.engine },
  );
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function counts() {
  const users = await services.db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('brand', '=', brand.domain)
    .execute();
  const photos = await services.db
    .selectFrom('photos')
    .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
    .select('photos.id')
    .where('profiles.brand', '=', brand.domain)
    .execute();
  return {
    fictional: users.filter((u) => u.password_hash === null).length,
    demo: users.filter((u) => u.email === DEMO_ACCOUNT.email).length,
    photos: photos.length,
  };
}

describe('demo seeding', () => {
  it('is all or nothing: a seed interrupted midway leaves no member, photo or demo login', async () => {
    const interrupted = seedDemoMembers(services, brand, 4, {
      onMember: (index) => {
        if (index === 2) throw new Error('stopped while seeding');
      },
    });
    await expect(interrupted).rejects.toThrow('stopped while seeding');
    expect(await counts()).toEqual({ fictional: 0, demo: 0, photos: 0 });
  });

  it('the next run completes, and a run after that changes nothing', async () => {
    expect(await seedDemoMembers(services, brand, 4)).toEqual({ created: 4, skipped: false });
    const seeded = await counts();
    expect(seeded).toMatchObject({ fictional: 4, demo: 1 });
    expect(seeded.photos).toBeGreaterThanOrEqual(4 * MIN_PORTRAITS);
    expect(seeded.photos).toBeLessThanOrEqual(4 * MAX_PORTRAITS);
    expect(await seedDemoMembers(services, brand, 4)).toEqual({ created: 0, skipped: true });
    expect(await counts()).toEqual(seeded);
  });

  it('gives every fictional member 2 to 4 portraits made like an upload: one main, every size and the blurred one', async () => {
    const photos = await services.db
      .selectFrom('photos as ph')
      .innerJoin('profiles as p', 'p.id', 'ph.profile_id')
      .select(['ph.profile_id', 'ph.is_main', 'ph.status', 'ph.filename', 'ph.thumb_filename', 'ph.match_filename'])
      .select(['ph.blurred_filename', 'ph.width', 'ph.height', 'p.fictional'])
      .where('p.brand', '=', brand.domain)
      .execute();
    const byMember = new Map<number, typeof photos>();
    for (const photo of photos) byMember.set(photo.profile_id, [...(byMember.get(photo.profile_id) ?? []), photo]);
    expect(byMember.size).toBe(4);
    for (const own of byMember.values()) {
      expect(own.length).toBeGreaterThanOrEqual(MIN_PORTRAITS);
      expect(own.length).toBeLessThanOrEqual(MAX_PORTRAITS);
      expect(own.filter((photo) => photo.is_main === 1)).toHaveLength(1);
      for (const photo of own) {
        expect(photo).toMatchObject({ status: 'active', fictional: 1, width: PORTRAIT_WIDTH, height: PORTRAIT_HEIGHT });
        for (const name of [photo.filename, photo.thumb_filename, photo.match_filename, photo.blurred_filename]) {
          expect(fs.statSync(path.join(services.config.mediaDir, name!)).size).toBeGreaterThan(500);
        }
      }
    }
  });
});

describe("a brand's niche decides who is seeded", () => {
  async function seeded(niche: 'milf' | 'gay', count: number) {
    const nicheBrand = brandFileSchema.parse({ ...ALPHA_BRAND_FILE, domain: `${niche}.test`, niche });
    await seedDemoMembers(services, nicheBrand, count);
    return services.db
      .selectFrom('profiles')
      .select(['gender', 'birth_date', 'sexuality', 'hair_colour'])
      .where('brand', '=', nicheBrand.domain)
      .where('fictional', '=', 1)
      .execute();
  }
  const age = (birthDate: string) => ageOn(birthDate, new Date(services.now()))!;

  it('mature women on a "milf" brand, and men who look for them', async () => {
    const members = await seeded('milf', 6);
    const women = members.filter((m) => m.gender === 'female');
    expect(women).toHaveLength(4);
    for (const woman of women) {
      expect(age(woman.birth_date)).toBeGreaterThanOrEqual(35);
      expect(age(woman.birth_date)).toBeLessThanOrEqual(65);
    }
    // The profile says what the pictures show.
    for (const member of members) expect(PROFILE_CHOICES.hair_colour).toContain(member.hair_colour);
  });

  it('only men who look for men on a gay brand', async () => {
    const members = await seeded('gay', 3);
    expect(members.map((m) => m.gender)).toEqual(Array(3).fill('male'));
    for (const member of members) expect(['gay', 'bi']).toContain(member.sexuality);
  });
});

describe("a brand's countries decide how its members sound", () => {
  it('names and introduces each fictional member in the main language of her country', async () => {
    const german = brandFileSchema.parse({ ...ALPHA_BRAND_FILE, domain: 'de.test', countries: ['DE', 'FR'] });
    await seedDemoMembers(services, german, 6);
    const members = await services.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.id')
      .select(['profiles.name', 'profiles.gender', 'profiles.about', 'profiles.country', 'users.language'])
      .where('profiles.brand', '=', 'de.test')
      .where('profiles.fictional', '=', 1)
      .execute();
    expect(new Set(members.map((m) => m.country))).toEqual(new Set(['DE', 'FR']));
    for (const member of members) {
      const language = member.country === 'DE' ? 'de' : 'fr';
      expect(member.language).toBe(language);
      expect(FIRST_NAMES[language][member.gender!]).toContain(member.name);
      expect(ABOUT_LINES[language]).toContain(member.about);
    }
  });
});
