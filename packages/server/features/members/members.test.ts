import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMembers } from '../../seed/seed-demo.ts';
import { brandFileSchema } from '@datekit/runtime/schemas/brand';
import { ALPHA_BRAND_FILE, alphaBrand, FIXTURE_BRANDS } from '../../test/fixture-brands.ts';
import { startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { NEW_MEMBERS_LIMIT } from './members.routes.ts';

/** A brand of the "milf" niche (women 35 to 65) in Germany and Austria, like ReifeLiebe. */
const matureBrand = brandFileSchema.parse({
  ...ALPHA_BRAND_FILE,
  domain: 'mature.test',
  countries: ['DE', 'AT'],
  niche: 'milf',
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ brands: [...FIXTURE_BRANDS, matureBrand] });
  await seedDemoMembers(server.services, alphaBrand, 12);
});
afterAll(() => server.close());

describe('seeded demo members', () => {
  it('are fictional, active, with generated portraits that the media route serves as WebP', async () => {
    const res = await server
      .client()
      .get<{ profiles: { fictional: boolean; status: string; main_image: { thumb_filename: string } }[] }>(
        '/api/new-members.php',
      );
    expect(res.body.profiles).toHaveLength(NEW_MEMBERS_LIMIT);
    for (const profile of res.body.profiles) {
      expect(profile).toMatchObject({ fictional: true, status: 'active' });
    }
    const image = await server.client().get(res.body.profiles[0]!.main_image.thumb_filename);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('live in real towns of the brand countries, with a matching region, profile choices and interests', async () => {
    const rows = await server.services.db
      .selectFrom('profiles')
      .select(['id', 'country', 'region', 'city', 'body_type'])
      .where('fictional', '=', 1)
      .execute();
    for (const row of rows) {
      expect(['NL', 'BE']).toContain(row.country);
      expect(row.region?.startsWith(`${row.country}-`)).toBe(true);
      expect(row.city).toBeTruthy();
      expect(row.body_type).toBeTruthy();
    }
    const interests = await server.services.db.selectFrom('profile_interests').select('profile_id').execute();
    expect(new Set(interests.map((i) => i.profile_id)).size).toBe(rows.length);
  });

  it('are seeded once per brand', async () => {
    expect(await seedDemoMembers(server.services, alphaBrand, 12)).toEqual({ created: 0, skipped: true });
  });

  it('include a demo account that can log in and is not fictional', async () => {
    const res = await server.client().post('/api/user.php', { email: 'demo@datekit.test', password: 'datekit-demo' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ status: 'active', credits: 20, profile: { fictional: false } });
  });
});

describe('new members', () => {
  it("shows only the brand's own, activated members with an approved photo", async () => {
    await server.client().post('/api/signup.php', validSignup({ email: 'unconfirmed@example.com' }));
    const alpha = await server.client().get<{ profiles: { name: string }[] }>('/api/new-members.php');
    expect(alpha.body.profiles.map((p) => p.name)).not.toContain('AnnaB');
    const beta = await server.client('beta.test').get<{ profiles: unknown[] }>('/api/new-members.php');
    expect(beta.body.profiles).toEqual([]);
  });

  it("follows the brand's niche and countries: a mature-women brand greets with mature women", async () => {
    await seedDemoMembers(server.services, matureBrand, 6);
    const seeded = await server.services.db
      .selectFrom('profiles')
      .select(['id', 'gender', 'created_at'])
      .where('brand', '=', matureBrand.domain)
      .where('gender', '=', 'female')
      .orderBy('created_at', 'desc')
      .execute();
    // The two newest women become a 23-year-old and one from outside the brand's countries.
    const [young, abroad] = seeded;
    const year = new Date(server.services.now()).getUTCFullYear();
    await server.services.db
      .updateTable('profiles')
      .set({ birth_date: `${year - 24}-01-01` })
      .where('id', '=', young!.id)
      .execute();
    await server.services.db.updateTable('profiles').set({ country: 'NL' }).where('id', '=', abroad!.id).execute();

    const res = await server
      .client('mature.test')
      .get<{ profiles: { id: number; age: number; country: string }[] }>('/api/new-members.php');
    expect(res.body.profiles.length).toBeGreaterThan(0);
    const women = new Set(seeded.map((w) => w.id));
    for (const profile of res.body.profiles) {
      expect(women.has(profile.id)).toBe(true);
      expect(profile.age).toBeGreaterThanOrEqual(35);
      expect(profile.age).toBeLessThanOrEqual(65);
      expect(['DE', 'AT']).toContain(profile.country);
    }
    expect(res.body.profiles.map((p) => p.id)).not.toContain(young!.id);
    expect(res.body.profiles.map((p) => p.id)).not.toContain(abroad!.id);
  });

  it('leaves out invisible members', async () => {
    const before = await server.client().get<{ profiles: { id: number }[] }>('/api/new-members.php');
    const first = before.body.profiles[0]!.id;
    await server.services.db.updateTable('profiles').set({ invisible: 1 }).where('id', '=', first).execute();
    const after = await server.client().get<{ profiles: { id: number }[] }>('/api/new-members.php');
    expect(after.body.profiles.map((p) => p.id)).not.toContain(first);
    await server.services.db.updateTable('profiles').set({ invisible: 0 }).where('id', '=', first).execute();
  });

  it('refuses media paths outside the media folder', async () => {
    for (const path of ['/media/../../etc/passwd', '/media/%2e%2e/secret.webp', '/media/avatars/x.svg']) {
      expect((await server.client().get(path)).status).toBe(404);
    }
  });
});

describe('member preview', () => {
  it('shows a visitor the card of a visible member (name, age, town, photo), nothing more', async () => {
    const alpha = await server.client().get<{ profiles: { id: number }[] }>('/api/new-members.php');
    const id = alpha.body.profiles[0]!.id;
    const res = await server.client().get<{ profile: Record<string, unknown> }>(`/api/member-preview.php?id=${id}`);
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ id, name: expect.any(String), age: expect.any(Number) });
    expect(Object.keys(res.body.profile).sort()).toEqual(
      ['age', 'city', 'country', 'fictional', 'id', 'main_image', 'name', 'status'].sort(),
    );
  });

  it('knows no member of another brand, an invisible one or an unknown id', async () => {
    const alpha = await server.client().get<{ profiles: { id: number }[] }>('/api/new-members.php');
    const id = alpha.body.profiles[1]!.id;
    expect((await server.client('beta.test').get(`/api/member-preview.php?id=${id}`)).status).toBe(404);
    await server.services.db.updateTable('profiles').set({ invisible: 1 }).where('id', '=', id).execute();
    try {
      expect((await server.client().get(`/api/member-preview.php?id=${id}`)).status).toBe(404);
    } finally {
      await server.services.db.updateTable('profiles').set({ invisible: 0 }).where('id', '=', id).execute();
    }
    expect((await server.client().get('/api/member-preview.php?id=999999')).status).toBe(404);
    expect((await server.client().get('/api/member-preview.php?id=abc')).status).toBe(422);
  });
});
