import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A write every visitor may make: choosing the language. */
const chooseLanguage = (host: string, headers: Record<string, string>) =>
  server.client(host).request('PUT', '/api/user.php', { body: { language: 'nl' }, headers });

describe('writes from another site', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ["another brand's Origin", { origin: 'https://beta.test' }],
    ['a look-alike Origin', { origin: 'https://alpha.test.evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['a malformed Origin', { origin: 'not a url' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['cross-site with a same-origin Origin', { origin: 'https://alpha.test', 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s with a translated 403 and changes nothing', async (_, headers) => {
    const res = await chooseLanguage('alpha.test', { ...headers, cookie: 'lang=en' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: 'cross_origin_refused',
      message: 'This request came from another website and was refused.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers in the visitor’s language', async () => {
    const res = await chooseLanguage('alpha.test', { origin: 'https://evil.example', cookie: 'lang=nl' });
    expect(res.body).toMatchObject({ message: 'Dit verzoek kwam van een andere website en is geweigerd.' });
  });

  it.each([
    ['the same origin', 'alpha.test', { origin: 'https://alpha.test', 'sec-fetch-site': 'same-origin' }],
    ['the same origin with a port', 'alpha.test:4321', { origin: 'http://alpha.test:4321' }],
    ['the www. host of the brand', 'alpha.test', { origin: 'https://www.alpha.test', 'sec-fetch-site': 'same-site' }],
    ['an alias of the brand', 'beta.test', { origin: 'https://flirt.beta.test' }],
    ['local development', 'alpha.test.localhost:4321', { origin: 'http://alpha.test.localhost:4321' }],
    ['no Origin (a non-browser client with the client header)', 'alpha.test', {}],
    ['a typed-in address (Sec-Fetch-Site: none)', 'alpha.test', { 'sec-fetch-site': 'none' }],
  ])('accepts %s', async (_, host, headers) => {
    const res = await chooseLanguage(host, headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'nl' });
  });

  it('leaves reads alone', async () => {
    const res = await server.client().get('/api/settings.php', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });

  it('still requires the client header from a same-origin write', async () => {
    const res = await server.client().request('PUT', '/api/user.php', {
      body: { language: 'nl' },
      noClientHeader: true,
      headers: { origin: 'https://alpha.test' },
    });
    expect(res.body).toMatchObject({ error: 'client_header_required' });
  });
});
