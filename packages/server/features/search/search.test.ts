import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@datekit/runtime/rules/search';
import { insertMember } from '../users/insert-member.ts';
import { alphaBrand, betaBrand } from '../../test/fixture-brands.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import type { TestClient } from '../../test/http-client.ts';

let server: TestServer;
let viewer: { id: number; browser: TestClient };
const year = new Date().getUTCFullYear();

/** A fictional-free population with known genders, ages, countries and regions. */
async function person(
  name: string,
  gender: 'female' | 'male',
  age: number,
  country: string,
  region: string | null,
  extra: { brand?: string; invisible?: boolean } = {},
) {
  const id = await insertMember(server.services.db, {
    brand: extra.brand ?? 'alpha.test',
    email: `${name.toLowerCase()}@people.test`,
    passwordHash: null,
    status: 'active',
    language: 'en',
    createdAt: server.services.now() - age * 1000,
    acceptedTermsAt: null,
    profile: { name, gender, birth_date: `${year - age}-01-01`, country, status: 'active' },
  });
  await server.services.db
    .updateTable('profiles')
    .set({ region, invisible: extra.invisible ? 1 : 0 })
    .where('id', '=', id)
    .execute();
  return id;
}

let ids: Record<string, number>;
beforeAll(async () => {
  server = await startTestServer();
  ids = {
    amsterdam30: await person('Anouk', 'female', 30, 'NL', 'NL-NH'),
    utrecht40: await person('Ilse', 'female', 40, 'NL', 'NL-UT'),
    gent25: await person('Julie', 'female', 25, 'BE', 'BE-VOV'),
    man35: await person('Bram', 'male', 35, 'NL', 'NL-NH'),
    hidden: await person('Hidden', 'female', 33, 'NL', 'NL-NH', { invisible: true }),
    otherBrand: await person('Elsewhere', 'female', 31, 'NL', 'NL-NH', { brand: 'beta.test' }),
    germany: await person('Outside', 'female', 31, 'DE', null),
  };
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: 'searcher@example.com', gender: 'male' }),
  );
  await browser.get(pathOf(server.latestActivationLink()));
  viewer = { id: res.body.user.profile.id, browser };
});
afterAll(() => server.close());

type Result = {
  profiles: { id: number; name: string }[];
  total: number;
  total_capped: boolean;
  similar: { id: number }[];
  page_size: number;
};
const search = async (query: string, client: TestClient = viewer.browser) =>
  await client.get<Result>(`/api/members.php?${query}`);
const names = (r: Result) => r.profiles.map((p) => p.name).sort();

describe('member search', () => {
  it("starts from the niche's defaults: women of the brand's countries, newest first, never invisible or other brands", async () => {
    const res = await search('');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Anouk', 'Ilse', 'Julie']);
    expect(res.body.total).toBe(3);
    expect(res.body.profiles.map((p) => p.name)).toEqual(['Julie', 'Anouk', 'Ilse']);
  });

  it('lists members whose main photo others see first, then the newest; a photo awaiting its check does not count', async () => {
    const photo = (profileId: number, status: 'active' | 'inspection') =>
      server.services.db
        .insertInto('photos')
        .values({
          profile_id: profileId,
          filename: `search-${profileId}.webp`,
          thumb_filename: `search-${profileId}-t.webp`,
          match_filename: `search-${profileId}-m.webp`,
          blurred_filename: null,
          width: null,
          height: null,
          status,
          is_main: 1,
          created_at: 1,
        })
        .execute();
    await photo(ids.utrecht40!, 'active');
    await photo(ids.amsterdam30!, 'inspection');
    try {
      // Ilse is the oldest member but the only one others see a photo of; Julie is newer than Anouk.
      expect((await search('')).body.profiles.map((p) => p.name)).toEqual(['Ilse', 'Julie', 'Anouk']);
    } finally {
      await server.services.db.deleteFrom('photos').where('filename', 'like', 'search-%').execute();
    }
    expect((await search('')).body.profiles.map((p) => p.name)).toEqual(['Julie', 'Anouk', 'Ilse']);
  });

  it('filters by gender, country, region and age', async () => {
    expect(names((await search('gender=male')).body)).toEqual(['Bram']);
    expect(names((await search('gender=any&country=NL&countryregion=NL-NH')).body)).toEqual(['Anouk', 'Bram']);
    expect(names((await search('country=BE')).body)).toEqual(['Julie']);
    expect(names((await search('min_age=28&max_age=35')).body)).toEqual(['Anouk']);
    expect(names((await search('min_age=40&max_age=40')).body)).toEqual(['Ilse']);
  });

  it('suggests similar members (any brand country, ages widened by 5) when few match', async () => {
    const res = await search('country=BE&min_age=28&max_age=32');
    expect(res.body.total).toBe(0);
    expect(res.body.similar.map((p) => p.id).sort()).toEqual([ids.amsterdam30, ids.gent25].sort());
  });

  it('does not repeat the results among the similar members', async () => {
    const res = await search('country=BE');
    expect(names(res.body)).toEqual(['Julie']);
    expect(res.body.similar.map((p) => p.id)).not.toContain(ids.gent25);
  });

  it('hides members blocked either way', async () => {
    await viewer.browser.post('/api/block.php', { profile_id: ids.gent25 });
    expect(names((await search('')).body)).toEqual(['Anouk', 'Ilse']);
    await viewer.browser.request('DELETE', '/api/block.php', { body: { profile_id: ids.gent25 } });
  });

  it(`counts up to ${SEARCH_COUNT_CAP} and says when there are more`, async () => {
    await server.services.db.transaction().execute(async (trx) => {
      for (let i = 0; i <= SEARCH_COUNT_CAP; i++) {
        await insertMember(trx, {
          brand: 'alpha.test',
          email: `many-${i}@people.test`,
          passwordHash: null,
          status: 'active',
          language: 'en',
          createdAt: 0,
          acceptedTermsAt: null,
          profile: {
            name: `Many${i}`,
            gender: 'male',
            birth_date: `${year - 50}-01-01`,
            country: 'BE',
            status: 'active',
          },
        });
      }
    });
    const res = await search('gender=male&country=BE');
    expect(res.body).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    expect(res.body.profiles).toHaveLength(res.body.page_size);
    expect((await search('gender=male&country=NL')).body).toMatchObject({ total: 1, total_capped: false });
  });

  it('refuses bad filters with a 4xx', async () => {
    for (const query of ['gender=robot', 'country=XX', 'min_age=abc', 'page=0', 'countryregion=<script>']) {
      expect((await search(query)).status, query).toBe(422);
    }
  });

  it('lets visitors search only where the brand allows it', async () => {
    expect((await search('', server.client('alpha.test'))).status).toBe(403);
    const open = { ...alphaBrand, logged_out_search: true };
    const tracked = { ...betaBrand, logged_out_search_trafficsource: true };
    await server.close();
    server = await (await import('../../test/test-server.ts')).startTestServer({ brands: [open, tracked] });
    await person('Visible', 'female', 30, 'NL', null);
    expect(names((await search('', server.client('alpha.test'))).body)).toEqual(['Visible']);
    expect((await search('', server.client('beta.test'))).status).toBe(403);
    expect((await search('network=ads', server.client('beta.test'))).status).toBe(200);
  });
});
