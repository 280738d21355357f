import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { writeFakeLanderBuild } from '../../test/fake-lander-build.ts';
import { LANDER_COOKIE } from './lander-attribution.ts';

let server: TestServer;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-landers-'));
beforeAll(async () => {
  writeFakeLanderBuild(distDir, 'alpha.test');
  server = await startTestServer({ distDir });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const member = (email: string) =>
  server.services.db
    .selectFrom('users')
    .select(['lander_variant', 'lander_niche', 'experiment_id', 'experiment_arm', 'network', 'sub1'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

const visits = async () => {
  await server.services.landers.visits.flush();
  return server.services.db
    .selectFrom('lander_visits')
    .select(['brand', 'variant', 'niche', 'experiment_id', 'arm', 'network', 'sub1', 'visits'])
    .orderBy('variant')
    .orderBy('network')
    .orderBy('sub1')
    .orderBy('niche')
    .execute();
};

describe('where a member came from', () => {
  it('records the lander of a signup from the page the server sent: no script on the page needs to run', async () => {
    const browser = server.client();
    // A plain HTTP fetch: what a browser with JavaScript off does.
    const page = await browser.get('/landers/gallery/milf?network=adnet&sub1=s1');
    expect(page.status).toBe(200);
    expect(page.text).toContain('lander gallery/milf');
    // The call to action keeps the tracking without JavaScript (withCtaLinks), the cookie the lander.
    expect(page.text).toContain('href="/signup?network=adnet&amp;sub1=s1"');
    expect(page.headers['set-cookie']?.join()).toMatch(/dk_lander=gallery\.milf\.\.; Path=\/; HttpOnly; SameSite=Lax/);
    expect(browser.cookies.get(LANDER_COOKIE)).toBe('gallery.milf..');

    // The visitor follows the link and signs up on another page (the tracking comes from that URL).
    await browser.get('/signup?network=adnet&sub1=s1');
    const res = await browser.post(
      '/api/signup.php',
      validSignup({ email: 'nojs@example.com', tracking: { network: 'adnet', sub1: 's1' } }),
    );
    expect(res.status).toBe(201);
    expect(await member('nojs@example.com')).toEqual({
      lander_variant: 'gallery',
      lander_niche: 'milf',
      experiment_id: null,
      experiment_arm: null,
      network: 'adnet',
      sub1: 's1',
    });
  });

  it('attributes the last lander sent, a niche-less lander and a member landing page too', async () => {
    const browser = server.client();
    await browser.get('/landers/video/gay');
    await browser.get('/landers/tinderswipe');
    expect(browser.cookies.get(LANDER_COOKIE)).toBe('tinderswipe...');
    await browser.post('/api/signup.php', validSignup({ email: 'swipe@example.com' }));
    expect(await member('swipe@example.com')).toMatchObject({ lander_variant: 'tinderswipe', lander_niche: null });

    const other = server.client();
    await other.get('/members/12/landing');
    expect(other.cookies.get(LANDER_COOKIE)).toBe('member-landing...');
  });

  it('leaves a signup without a lander unattributed, and ignores a cookie the server did not write', async () => {
    const direct = server.client();
    await direct.post('/api/signup.php', validSignup({ email: 'direct@example.com' }));
    expect(await member('direct@example.com')).toMatchObject({ lander_variant: null, experiment_id: null });

    for (const [email, forged] of [
      ['forged1@example.com', 'evil.milf..'],
      ['forged2@example.com', 'gallery.<b>..'],
      ['forged3@example.com', 'gallery.milf.x.b'],
    ] as const) {
      const browser = server.client();
      browser.cookies.set(LANDER_COOKIE, forged);
      expect((await browser.post('/api/signup.php', validSignup({ email }))).status).toBe(201);
      expect(await member(email)).toMatchObject({ lander_variant: null });
    }
    // An arm of an experiment the brand does not have: the lander stays, the arm goes.
    const browser = server.client();
    browser.cookies.set(LANDER_COOKIE, 'gallery.milf.999.b');
    await browser.post('/api/signup.php', validSignup({ email: 'noarm@example.com' }));
    expect(await member('noarm@example.com')).toMatchObject({
      lander_variant: 'gallery',
      experiment_id: null,
      experiment_arm: null,
    });
  });
});

describe('lander visits', () => {
  it('are counted per day, brand, variant, niche, network and sub1, without a cookie, in one row per key', async () => {
    await server.services.landers.visits.flush();
    await server.services.db.deleteFrom('lander_visits').execute();
    const cookieless = (url: string, headers: Record<string, string> = {}) => server.client().get(url, { headers });
    for (let i = 0; i < 3; i++) await cookieless('/landers/gallery/bbw?network=n1&sub1=a');
    await cookieless('/landers/gallery/bbw?network=n1&sub1=b');
    await cookieless('/landers/gallery?network=n2');
    // Not counted: a HEAD request, a prefetch, a page that is no lander, a 404.
    await server.client().request('HEAD', '/landers/gallery/bbw');
    await cookieless('/landers/gallery/bbw', { 'sec-purpose': 'prefetch' });
    await cookieless('/signup?network=n1');
    await cookieless('/landers/gallery/nosuchniche');

    const day = Math.floor(server.services.now() / 86_400_000);
    const rows = await visits();
    const bbwFromN1 = {
      brand: 'alpha.test',
      variant: 'gallery',
      niche: 'bbw',
      experiment_id: 0,
      arm: '',
      network: 'n1',
    };
    expect(rows).toEqual([
      { ...bbwFromN1, sub1: 'a', visits: 3 },
      { ...bbwFromN1, sub1: 'b', visits: 1 },
      {
        brand: 'alpha.test',
        variant: 'gallery',
        niche: '',
        experiment_id: 0,
        arm: '',
        network: 'n2',
        sub1: '',
        visits: 1,
      },
    ]);
    const days = await server.services.db.selectFrom('lander_visits').select('day').distinct().execute();
    expect(days.map((d) => Number(d.day))).toEqual([day]);

    // Later visits add to the same rows.
    await cookieless('/landers/gallery/bbw?network=n1&sub1=a');
    expect((await visits())[0]!.visits).toBe(4);
  });

  it('keeps the counts of a failed write for the next one', async () => {
    await server.services.landers.visits.flush();
    await server.services.db.deleteFrom('lander_visits').execute();
    const counter = server.services.landers.visits;
    await server.client().get('/landers/video/milf');
    // The write fails once (the table is briefly gone), and the count is not lost.
    const db = server.services.db;
    // Under the schema lock: another test file's migrator, listing every schema's tables meanwhile,
    // failed on the renamed table ("relation … lander_visits_away does not exist").
    await server.migrating(async () => {
      await db.schema.alterTable('lander_visits').renameTo('lander_visits_away').execute();
      await counter.flush();
      await db.schema.alterTable('lander_visits_away').renameTo('lander_visits').execute();
    });
    const rows = await visits();
    expect(rows.map((r) => [r.variant, r.niche, r.visits])).toEqual([['video', 'milf', 1]]);
  });
});
