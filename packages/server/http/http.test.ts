import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, validSignup, type TestServer } from '../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('bad input gets a clear 4xx and changes nothing', () => {
  it.each([
    ['malformed JSON', { raw: '{"email": ' }, 400, 'invalid_json'],
    ['a wrong type', { body: { email: 42, password: ['x'] } }, 422, 'validation_failed'],
    ['a missing body', {}, 422, 'validation_failed'],
    [
      'an oversized body',
      { raw: JSON.stringify({ email: 'a@b.cd', password: 'x'.repeat(70_000) }) },
      413,
      'payload_too_large',
    ],
    [
      'a non-JSON content type',
      { raw: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      'unsupported_media_type',
    ],
    [
      'no client-request header',
      { body: { email: 'a@b.cd', password: 'x' }, noClientHeader: true },
      400,
      'client_header_required',
    ],
  ])('%s', async (_case, options, status, code) => {
    const res = await server.client().request('POST', '/api/user.php', options);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error: code });
    expect(typeof (res.body as { message: unknown }).message).toBe('string');
  });

  it('strips prototype-poisoning keys instead of failing', async () => {
    const res = await server.client().request('POST', '/api/signup.php', {
      raw: JSON.stringify(validSignup({ email: 'proto@example.com' })).replace('{', '{"__proto__":{"admin":true},'),
    });
    expect(res.status).toBe(201);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.client().get('/api/nope.php');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found', message: 'This page could not be found' });
  });

  it('answers an unknown host with a plain 404 for pages and a JSON 404 for the API', async () => {
    const page = await server.client('evil.example').get('/');
    expect(page.status).toBe(404);
    expect(page.text).toBe('Unknown site');
    const api = await server.client('evil.example').get('/api/settings.php');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ error: 'unknown_host' });
  });

  it('answers an unknown host header with a port or IPv6 literal without crashing', async () => {
    for (const host of ['[::1]:4321', 'ALPHA.TEST:4321', 'www.alpha.test', 'alpha.test.localhost:4321']) {
      const res = await server.client(host).get('/api/settings.php');
      expect(res.status, host).toBe(host.startsWith('[') ? 404 : 200);
    }
  });
});

describe('member endpoints', () => {
  it('answer 403 with authentication_required when logged out', async () => {
    const res = await server.client().post('/api/activation-mail.php', {});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'authentication_required',
      message: 'Please log in to continue.',
      authentication_required: true,
    });
  });
});

describe('settings.php', () => {
  it("answers the brand's public settings and domain_language, never the company's secrets", async () => {
    const res = await server.client('beta.test').get('/api/settings.php');
    expect(res.status).toBe(200);
    expect(res.body.domain_language).toBe('nl-NL');
    expect(res.body.settings).toMatchObject({
      name: 'Beta Flirt',
      domain: 'beta.test',
      niche: { id: 1, slug: 'default' },
      signups: 'with_trafficsource',
      message_credits: 10,
      geoip_country: null,
      geoip_selected_country: 'NL',
      minimum_message_costs: { NL: { costs: 2, currency: 'EUR' }, BE: { costs: 2, currency: 'EUR' } },
    });
  });

  it('resolves the brand from the host parameter when given', async () => {
    const res = await server.client('alpha.test').get('/api/settings.php?host=flirt.beta.test:443&route=/members');
    expect((res.body.settings as { domain: string }).domain).toBe('beta.test');
  });

  it('sets the language cookie from domain_language when the visitor has none, and only then', async () => {
    const fresh = server.client('beta.test');
    await fresh.get('/api/settings.php');
    expect(fresh.cookies.get('lang')).toBe('nl');
    const chosen = server.client('beta.test');
    chosen.cookies.set('lang', 'en');
    const res = await chosen.get('/api/settings.php');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers company info', async () => {
    const res = await server.client().get('/api/companyinfo.php');
    expect(res.body.company).toMatchObject({
      name: 'Alpha Media B.V.',
      kvk: '12345678',
      country: 'NL',
      added: '2024-01-15',
    });
  });
});

describe('catalogue', () => {
  it("lists interests with icons, named in the visitor's language", async () => {
    const en = await server
      .client()
      .get<{ interests: { slug: string; name: string; icon: string }[] }>('/api/interests.php');
    const nlClient = server.client();
    nlClient.cookies.set('lang', 'nl');
    const nl = await nlClient.get<{ interests: { slug: string; name: string }[] }>('/api/interests.php');
    expect(en.body.interests.length).toBeGreaterThan(40);
    const cooking = (list: { slug: string; name: string }[]) => list.find((i) => i.slug === 'cooking')?.name;
    expect(cooking(en.body.interests)).toBe('Cooking');
    expect(cooking(nl.body.interests)).toBe('Koken');
  });

  it("lists the regions of the brand's countries, or of one country", async () => {
    const all = await server.client().get<{ regions: { id: string }[] }>('/api/regions.php');
    expect(all.body.regions.some((r) => r.id === 'NL-NH')).toBe(true);
    expect(all.body.regions.some((r) => r.id.startsWith('BE-'))).toBe(true);
    const de = await server.client().get<{ regions: { id: string }[] }>('/api/regions.php?country=DE');
    expect(de.body.regions).toHaveLength(16);
    expect((await server.client().get('/api/regions.php?country=XX')).status).toBe(422);
  });
});

describe('openapi.json', () => {
  it('documents every endpoint with its schemas', async () => {
    const res = await server.client().get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/settings.php',
        '/api/user.php',
        '/api/signup.php',
        '/api/activate.php',
        '/api/logout.php',
        '/api/regions.php',
      ]),
    );
    expect(Object.keys(res.body.paths['/api/user.php']!)).toEqual(['get', 'post', 'put']);
  });
});

describe('built sites', () => {
  let site: TestServer;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-dist-'));
    for (const lang of ['en', 'nl']) {
      fs.mkdirSync(path.join(dist, 'alpha.test', lang, 'login'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'alpha.test', lang, 'index.html'), `<h1>home ${lang}</h1>`);
      fs.writeFileSync(path.join(dist, 'alpha.test', lang, 'login', 'index.html'), `<h1>login ${lang}</h1>`);
      fs.writeFileSync(path.join(dist, 'alpha.test', lang, '404.html'), `<h1>404 ${lang}</h1>`);
      fs.writeFileSync(path.join(dist, 'alpha.test', lang, 'robots.txt'), 'User-agent: *');
      if (lang === 'en') fs.writeFileSync(path.join(dist, 'alpha.test', lang, '500.html'), '<h1>Error 500 en</h1>');
      for (const slug of ['_slug', 'milf']) {
        fs.mkdirSync(path.join(dist, 'alpha.test', lang, 'landers', 'gallery', slug), { recursive: true });
        fs.writeFileSync(
          path.join(dist, 'alpha.test', lang, 'landers', 'gallery', slug, 'index.html'),
          `gallery ${slug}`,
        );
      }
    }
    fs.mkdirSync(path.join(dist, '_astro'));
    fs.writeFileSync(path.join(dist, '_astro', 'app.abc123.js'), 'console.log(1)');
    fs.writeFileSync(
      path.join(dist, 'alpha.test', 'routes.json'),
      JSON.stringify({
        domain: 'alpha.test',
        languages: ['en', 'nl'],
        notFound: '404.html',
        routes: [
          { name: 'index', path: '/', shell: 'index.html', layout: 'default', auth: false },
          { name: 'login', path: '/login', shell: 'login/index.html', layout: 'default', auth: false },
          { name: 'members-id', path: '/members/{id}', shell: 'login/index.html', layout: 'default', auth: true },
          { name: 'broken', path: '/broken', shell: 'missing/index.html', layout: 'default', auth: false },
          {
            name: 'landers-gallery-slug',
            path: '/landers/gallery/{slug?}',
            shell: 'landers/gallery/_slug/index.html',
            layout: 'lander',
            auth: false,
            params: { slug: ['default', 'milf'] },
          },
        ],
      }),
    );
    // A page that goes missing under the running server (a build checked at start names none missing).
    const missing = (lang: string) => path.join(dist, 'alpha.test', lang, 'missing', 'index.html');
    for (const lang of ['en', 'nl']) {
      fs.mkdirSync(path.dirname(missing(lang)), { recursive: true });
      fs.writeFileSync(missing(lang), 'soon gone');
    }
    site = await startTestServer({ distDir: dist });
    for (const lang of ['en', 'nl']) fs.rmSync(missing(lang));
  });
  afterAll(() => site.close());

  it('serves the page in the language of the cookie, else the brand language', async () => {
    expect((await site.client().get('/login')).text).toBe('<h1>login en</h1>');
    const dutch = site.client();
    dutch.cookies.set('lang', 'nl');
    const res = await dutch.get('/login');
    expect(res.text).toBe('<h1>login nl</h1>');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
  });

  it('sends a page compressed with brotli or gzip by Accept-Encoding, and as is without one', async () => {
    const br = await site.client().get('/login', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe('<h1>login en</h1>');
    const gz = await site.client().get('/login', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.bytes).toString()).toBe('<h1>login en</h1>');
    const refused = await site.client().get('/login', { headers: { 'accept-encoding': 'br;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.text).toBe('<h1>login en</h1>');
  });

  it('compresses a lander rewritten for its request as it sends it', async () => {
    const plain = await site.client().get('/landers/gallery/milf?utm_source=ad');
    const br = await site.client().get('/landers/gallery/milf?utm_source=ad', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(plain.text);
  });

  it('ignores a language cookie the brand does not show', async () => {
    const browser = site.client();
    browser.cookies.set('lang', 'pl');
    expect((await browser.get('/')).text).toBe('<h1>home en</h1>');
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await site.client().get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.text).toBe('<h1>404 en</h1>');
  });

  it('serves the page prerendered for a parameter value, the shell otherwise, and 404 for a value not allowed', async () => {
    expect((await site.client().get('/landers/gallery/milf')).text).toBe('gallery milf');
    expect((await site.client().get('/landers/gallery')).text).toBe('gallery _slug');
    expect((await site.client().get('/landers/gallery/default')).text).toBe('gallery _slug');
    expect((await site.client().get('/landers/gallery/bogus')).status).toBe(404);
  });

  it("answers a failed page request with the brand's error page and status 500", async () => {
    const res = await site.client().get('/broken');
    expect(res.status).toBe(500);
    expect(res.text).toBe('<h1>Error 500 en</h1>');
  });

  it('falls back to a bare page with details and a link home when the error page itself fails', async () => {
    const dutch = site.client();
    dutch.cookies.set('lang', 'nl');
    const res = await dutch.get('/broken');
    expect(res.status).toBe(500);
    expect(res.text).toContain('Er is een fout opgetreden bij het tonen van de foutpagina');
    expect(res.text).toContain('<a href="/">Terug naar de startpagina</a>');
    expect(res.text).toContain(`500 · ENOENT · ${String(res.headers['x-request-id'])}`);
    expect(res.text).not.toContain('/tmp');
  });

  it('sends visitors of a members-only route to login', async () => {
    const res = await site.client().get('/members/12');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login?redirect=%2Fmembers%2F12');
  });

  it('serves shared assets as immutable and refuses to climb out of the site', async () => {
    const asset = await site.client().get('/_astro/app.abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await site.client().get('/robots.txt')).text).toBe('User-agent: *');
    expect((await site.client().get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('tells that a known brand has not been built', async () => {
    const res = await site.client('beta.test').get('/');
    expect(res.status).toBe(404);
    expect(res.text).toContain('has not been built');
  });
});
