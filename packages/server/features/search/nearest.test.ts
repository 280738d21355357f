import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '@datekit/runtime/data/nearest-place';
import { placeOfProfile } from '@datekit/runtime/data/place-of-profile';
import { CARD_PHOTOS } from '@datekit/runtime/rules/search';
import type { SearchResponse } from '@datekit/runtime/schemas/api/members';
import { alphaBrand } from '../../test/fixture-brands.ts';
import { seedMembersWithSessions } from '../../test/seed-members.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import type { TestClient } from '../../test/http-client.ts';
import { insertMember } from '../users/insert-member.ts';

let server: TestServer;
const year = new Date().getUTCFullYear();

/** A woman of 30 in `city` (and `region`); later ones are newer, so "newest first" is the reverse order. */
async function woman(name: string, city: string | null, region: string | null = null, country = 'NL') {
  return await insertMember(server.services.db, {
    brand: 'alpha.test',
    email: `${name.toLowerCase()}@towns.test`,
    passwordHash: null,
    status: 'active',
    language: 'en',
    createdAt: server.services.now() + Object.keys(ids).length,
    acceptedTermsAt: null,
    profile: { name, gender: 'female', birth_date: `${year - 30}-01-01`, country, region, city, status: 'active' },
  });
}

/** A logged-in man of the brand, living in `city` (a known town or not). */
async function searcher(prefix: string, city: string | null): Promise<TestClient> {
  const {
    ids: [id],
    cookies,
  } = await seedMembersWithSessions(server.services.db, {
    brand: 'alpha.test',
    count: 1,
    emailPrefix: prefix,
    isSender: () => false,
  });
  const browser = server.client();
  const [name, value] = cookies[0]!.split('=');
  browser.cookies.set(name!, value!);
  await server.services.db.updateTable('profiles').set({ gender: 'male' }).where('id', '=', id!).execute();
  if (city) expect((await browser.put('/api/profile.php', { city })).status).toBe(200);
  return browser;
}

async function photo(profileId: number, n: number, options: { main?: boolean; status?: 'active' | 'inspection' } = {}) {
  await server.services.db
    .insertInto('photos')
    .values({
      profile_id: profileId,
      filename: `photos/full-${profileId}-${n}.webp`,
      thumb_filename: `photos/thumb-${profileId}-${n}.webp`,
      match_filename: `photos/match-${profileId}-${n}.webp`,
      blurred_filename: `photos/blur-${profileId}-${n}.webp`,
      status: options.status ?? 'active',
      is_main: options.main ? 1 : 0,
      created_at: server.services.now(),
      width: 800,
      height: 800,
    })
    .execute();
}

const ids: Record<string, number> = {};
let utrecht: TestClient;
beforeAll(async () => {
  // Visitors may search this brand, so the test can compare what they get.
  server = await startTestServer({ brands: [{ ...alphaBrand, logged_out_search: true }] });
  ids.groningen = await woman('Grietje', 'Groningen');
  ids.amsterdam = await woman('Anouk', 'amsterdam'); // typed in lower case: still the town
  ids.nowhere = await woman('Nina', 'Atlantis');
  ids.amersfoort = await woman('Amber', 'Amersfoort');
  ids.brussels = await woman('Brigitte', 'Bruxelles', null, 'BE'); // one of the two names of `Brussel / Bruxelles`
  ids.limburg = await woman('Lotte', null, 'NL-LI'); // her region's main town
  utrecht = await searcher('utrecht', 'Utrecht');
});
afterAll(() => server.close());

async function search(browser: TestClient, query = ''): Promise<SearchResponse> {
  const res = await browser.get<SearchResponse>(`/api/members.php?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('distance in search', () => {
  it('puts the nearest towns first for a member whose town is known, and gives each result its distance', async () => {
    const answer = await search(utrecht, 'sort=nearest');
    expect(answer.sort).toBe('nearest');
    expect(answer.nearest).toBe('available');
    expect(answer.profiles.map((p) => p.name)).toEqual(['Amber', 'Anouk', 'Lotte', 'Brigitte', 'Grietje', 'Nina']);
    const km = Object.fromEntries(answer.profiles.map((p) => [p.name, p.distance_km]));
    // Town centre to town centre, rounded to whole kilometres.
    const from = placeOfProfile({ country: 'NL', region: null, city: 'Utrecht' })!;
    const to = placeOfProfile({ country: 'NL', region: null, city: 'Amsterdam' })!;
    expect(km.Anouk).toBe(Math.round(haversineKm(from.lat, from.lon, to.lat, to.lon)));
    expect(km.Amber).toBeGreaterThan(15);
    expect(km.Amber).toBeLessThan(25);
    expect(km.Grietje).toBeGreaterThan(150);
    expect(km.Nina).toBeNull();
  });

  it('keeps newest first unless asked, with the distances still shown', async () => {
    const answer = await search(utrecht);
    expect(answer.sort).toBe('newest');
    expect(answer.profiles.map((p) => p.name)).toEqual(['Lotte', 'Brigitte', 'Amber', 'Nina', 'Anouk', 'Grietje']);
    expect(answer.profiles.find((p) => p.name === 'Anouk')?.distance_km).toBeGreaterThan(25);
  });

  it('follows the member when she moves, and asks a member without a known town for one', async () => {
    const mover = await searcher('mover', 'Atlantis');
    let answer = await search(mover, 'sort=nearest');
    expect([answer.sort, answer.nearest]).toEqual(['newest', 'needs_town']);
    expect(answer.profiles.every((p) => p.distance_km === null)).toBe(true);

    expect((await mover.put('/api/profile.php', { city: 'Groningen' })).status).toBe(200);
    answer = await search(mover, 'sort=nearest');
    expect([answer.sort, answer.nearest]).toEqual(['nearest', 'available']);
    expect(answer.profiles[0]).toMatchObject({ name: 'Grietje', distance_km: 0 });

    // Clearing the town clears the point distances were measured from.
    expect((await mover.put('/api/profile.php', { city: null })).status).toBe(200);
    expect((await search(mover, 'sort=nearest')).nearest).toBe('needs_town');
  });

  it('gives visitors no distances and no "nearest first"', async () => {
    const answer = await search(server.client('alpha.test'), 'sort=nearest');
    expect([answer.sort, answer.nearest]).toEqual(['newest', null]);
    expect(answer.profiles).toHaveLength(6);
    expect(answer.profiles.every((p) => p.distance_km === null)).toBe(true);
  });

  it('refuses an unknown order with a clear error', async () => {
    const res = await utrecht.get<{ error: string }>('/api/members.php?sort=closest');
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('validation_failed');
  });
});

describe('photos on the result cards', () => {
  beforeAll(async () => {
    await photo(ids.amsterdam!, 0, { main: true });
    for (let n = 1; n <= CARD_PHOTOS + 1; n++) await photo(ids.amsterdam!, n);
    await photo(ids.amsterdam!, 99, { status: 'inspection' });
  });

  const anouk = async (browser: TestClient) =>
    (await search(browser)).profiles.find((p) => p.id === ids.amsterdam)!.photos;

  it('shows a free member the main photo and the blurred copies of the others, never one awaiting its check', async () => {
    const photos = await anouk(utrecht);
    expect(photos).toHaveLength(CARD_PHOTOS);
    expect(photos[0]).toMatchObject({ locked: false, thumb_filename: `/media/photos/thumb-${ids.amsterdam}-0.webp` });
    expect(photos.slice(1).every((p) => p.locked && p.blurred?.startsWith('/media/photos/blur-'))).toBe(true);
    expect(JSON.stringify(photos)).not.toContain('-99.webp');
    expect(JSON.stringify(photos.slice(1))).not.toContain('full-');
  });

  it('shows a premium member every photo', async () => {
    const premium = await searcher('premium', 'Utrecht');
    const me = await premium.get<{ user: { profile: { id: number } } }>('/api/user.php');
    await server.services.db
      .updateTable('users')
      .set({ paid_user: 1 })
      .where('id', '=', me.body.user.profile.id)
      .execute();
    const photos = await anouk(premium);
    expect(photos).toHaveLength(CARD_PHOTOS);
    expect(photos.every((p) => !p.locked)).toBe(true);
  });

  it('shows a visitor the main photo and only that there are more', async () => {
    const photos = await anouk(server.client('alpha.test'));
    expect(photos[0]).toMatchObject({ locked: false });
    expect(photos.slice(1)).toEqual(photos.slice(1).map((p) => ({ id: p.id, locked: true, blurred: null })));
  });

  it('gives a member without photos an empty list, in the same one query for the page', async () => {
    const answer = await search(utrecht);
    expect(answer.profiles.find((p) => p.name === 'Nina')?.photos).toEqual([]);
  });
});
