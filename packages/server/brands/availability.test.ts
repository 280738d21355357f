import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFakeBuild } from '../test/fake-build.ts';
import { FIXTURE_BRANDS } from '../test/fixture-brands.ts';
import { startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { BRAND_RETRY_AFTER_S } from './availability.ts';
import { BrandRegistry, type UnavailableBrand } from './registry.ts';

/** As the CLI reports a brand whose file is invalid (server-context.ts). */
const BROKEN_FILE: UnavailableBrand = {
  domain: 'broken.test',
  aliases: ['broken-alias.test'],
  language: 'de',
  file: 'brands/broken.test.yaml:37:17',
  problem: 'signup_credits: expected a number',
};

let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-availability-'));
  // alpha.test is built; beta.test's routes.json is cut short; closed.test's home page is gone.
  for (const domain of ['alpha.test', 'beta.test', 'closed.test']) writeFakeBuild(dist, domain);
  const betaRoutes = path.join(dist, 'beta.test', 'routes.json');
  fs.writeFileSync(betaRoutes, fs.readFileSync(betaRoutes, 'utf8').slice(0, 40));
  fs.rmSync(path.join(dist, 'closed.test', 'nl', 'index.html'));
  // The operator console's build is damaged too: the console loses its inline scripts, nothing else.
  fs.mkdirSync(path.join(dist, '_operator'));
  fs.writeFileSync(path.join(dist, '_operator', 'inline-scripts.json'), '{"script_hashes": [');
  server = await startTestServer({
    distDir: dist,
    services: { brands: new BrandRegistry(FIXTURE_BRANDS, [BROKEN_FILE]) },
  });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('a brand whose file is invalid or whose build is damaged', () => {
  it('keeps no other brand from serving its pages and its API', async () => {
    const browser = server.client('alpha.test');
    const home = await browser.get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('alpha.test home en');
    expect((await browser.get('/api/settings.php')).status).toBe(200);
    expect((await browser.post('/api/signup.php', validSignup({ email: 'isolated@example.com' }))).status).toBe(201);
  });

  it.each(['beta.test', 'flirt.beta.test', 'closed.test', 'broken.test', 'broken-alias.test', 'www.broken.test'])(
    'answers 503 on %s: a page in the brand language, never cached, with Retry-After',
    async (host) => {
      const page = await server.client(host).get('/');
      expect(page.status).toBe(503);
      expect(page.headers['retry-after']).toBe(String(BRAND_RETRY_AFTER_S));
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      // The security headers every page gets.
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      const message = {
        'beta.test': 'Deze website is tijdelijk niet beschikbaar',
        'flirt.beta.test': 'Deze website is tijdelijk niet beschikbaar',
        'closed.test': 'This website is temporarily unavailable',
        'broken.test': 'Diese Website ist vorübergehend nicht erreichbar',
        'broken-alias.test': 'Diese Website ist vorübergehend nicht erreichbar',
        'www.broken.test': 'Diese Website ist vorübergehend nicht erreichbar',
      }[host];
      expect(page.text).toContain(message);
      expect(page.text).not.toMatch(/routes\.json|broken\.test\.yaml/);
    },
  );

  it('answers its API with 503 JSON in the language of the cookie', async () => {
    const browser = server.client('beta.test');
    browser.cookies.set('lang', 'fr');
    const res = await browser.post('/api/signup.php', validSignup({ email: 'beta@example.com' }));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(String(BRAND_RETRY_AFTER_S));
    expect(res.body).toEqual({
      error: 'site_unavailable',
      message: 'Ce site est momentanément indisponible. Réessayez dans quelques minutes.',
    });
  });

  it('is named in /readyz with its file and problem, which stays 200 while one brand serves', async () => {
    for (const host of ['probe', 'beta.test', 'broken.test']) {
      const ready = await server.client(host).get<{ ready: boolean; brands: Record<string, string> }>('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.ready).toBe(true);
      expect(Object.keys(ready.body.brands)).toEqual(['beta.test', 'broken.test', 'closed.test']);
      expect(ready.body.brands['beta.test']).toMatch(/^beta\.test\/routes\.json is not valid JSON \(/);
      expect(ready.body.brands['closed.test']).toBe(
        'closed.test/routes.json names pages that are missing: closed.test/nl/index.html',
      );
      expect(ready.body.brands['broken.test']).toBe('brands/broken.test.yaml:37:17 signup_credits: expected a number');
    }
  });

  it('/readyz is 503 when no brand can be served', async () => {
    const none = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-availability-none-'));
    writeFakeBuild(none, 'alpha.test');
    fs.writeFileSync(path.join(none, 'alpha.test', 'routes.json'), '');
    const alone = await startTestServer({ distDir: none, brands: [FIXTURE_BRANDS[0]!] });
    try {
      const ready = await alone.client('probe').get<{ ready: boolean; problems: string[] }>('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ready: false, checks: { dist: false } });
      expect(ready.body.problems).toContain('no brand can be served: alpha.test');
      expect((await alone.client('alpha.test').get('/')).status).toBe(503);
    } finally {
      await alone.close();
      fs.rmSync(none, { recursive: true, force: true });
    }
  });
});
