import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/http-client.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let counter = 0;
async function activeMember(): Promise<TestClient> {
  const browser = server.client();
  await browser.post('/api/signup.php', validSignup({ email: `profile-${++counter}@example.com` }));
  await browser.get(pathOf(server.latestActivationLink()));
  return browser;
}

type Own = { profile: Record<string, unknown> & { missing: string[]; interests: number[] } };

describe('own profile', () => {
  it('starts missing a photo, words about the member and a location', async () => {
    const browser = await activeMember();
    const res = await browser.get<Own>('/api/profile.php');
    expect(res.body.profile).toMatchObject({
      name: 'AnnaB',
      gender: 'female',
      country: 'NL',
      invisible: false,
      interests: [],
    });
    expect(res.body.profile.missing).toEqual(['photo', 'about', 'location']);
  });

  it('changes only the fields sent, and the missing steps follow', async () => {
    const browser = await activeMember();
    const res = await browser.put<Own>('/api/profile.php', {
      about: 'Sunsets and long dinners.',
      interests: [1, 2, 2],
      sexuality: 'hetero',
      relationship_status: 'single',
      body_type: 'average',
      country: 'BE',
      region: 'BE-VOV',
      city: 'Gent',
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      about: 'Sunsets and long dinners.',
      interests: [1, 2],
      region: 'BE-VOV',
      city: 'Gent',
      name: 'AnnaB',
    });
    expect(res.body.profile.missing).toEqual(['photo']);
    const cleared = await browser.put<Own>('/api/profile.php', { sexuality: null });
    expect(cleared.body.profile).toMatchObject({ sexuality: null, about: 'Sunsets and long dinners.' });
  });

  it('moving to another country drops the old region', async () => {
    const browser = await activeMember();
    await browser.put('/api/profile.php', { region: 'NL-UT' });
    const res = await browser.put<Own>('/api/profile.php', { country: 'DE' });
    expect(res.body.profile).toMatchObject({ country: 'DE', region: null });
  });

  it('turns invisible mode on and off', async () => {
    const browser = await activeMember();
    expect((await browser.put<Own>('/api/profile.php', { invisible: true })).body.profile.invisible).toBe(true);
    expect((await browser.put<Own>('/api/profile.php', { invisible: false })).body.profile.invisible).toBe(false);
  });

  it.each([
    ['a region of another country', { region: 'DE-BY' }],
    ['an unknown interest', { interests: [99_999] }],
    ['an unknown choice', { hair_colour: 'purple' }],
    ['an unknown field', { status: 'active' }],
    ['a name starting with @', { name: '@me' }],
    ['too many interests', { interests: Array.from({ length: 21 }, (_, i) => i + 1) }],
    ['a fictional flag', { fictional: 1 }],
  ])('refuses %s and changes nothing', async (_case, body) => {
    const browser = await activeMember();
    const before = (await browser.get<Own>('/api/profile.php')).body;
    const res = await browser.put('/api/profile.php', body);
    expect(res.status).toBe(422);
    expect((await browser.get<Own>('/api/profile.php')).body).toEqual(before);
  });

  it('needs a logged-in member', async () => {
    expect((await server.client().put('/api/profile.php', { about: 'x' })).status).toBe(403);
  });
});
