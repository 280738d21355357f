import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, startTestServer, type TestServer } from '../../test/test-server.ts';

/** The answer is serialised once per brand and country: each request must still get its own. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => server.close());

type Answer = { settings: { domain: string; geoip_country: string | null; geoip_selected_country: string } };

describe('settings.php answers served from the per-brand cache', () => {
  it("answers each visitor's country, whatever was asked before", async () => {
    const visitor = server.client('alpha.test');
    const from = (country: string) =>
      visitor.get<Answer>('/api/settings.php', { headers: { 'cf-ipcountry': country } });
    const be = await from('BE');
    const de = await from('DE');
    const beAgain = await from('be');
    expect(be.body.settings).toMatchObject({ geoip_country: 'BE', geoip_selected_country: 'BE' });
    expect(de.body.settings).toMatchObject({ geoip_country: 'DE', geoip_selected_country: 'NL' });
    expect(beAgain.body.settings).toMatchObject({ geoip_country: 'BE', geoip_selected_country: 'BE' });
    expect(beAgain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(beAgain.headers['content-length'])).toBe(beAgain.bytes.length);
  });

  it('answers the brand `host` names, apart from the serving brand', async () => {
    const visitor = server.client('alpha.test');
    const own = await visitor.get<Answer>('/api/settings.php');
    const other = await visitor.get<Answer>('/api/settings.php?host=beta.test');
    const ownAgain = await visitor.get<Answer>('/api/settings.php');
    expect(own.body.settings.domain).toBe('alpha.test');
    expect(other.body.settings.domain).toBe('beta.test');
    expect(ownAgain.text).toBe(own.text);
  });

  it('has a strong ETag of its bytes, and a matching If-None-Match gets a 304 without them', async () => {
    const visitor = server.client('alpha.test');
    const first = await visitor.get<Answer>('/api/settings.php', { headers: { 'cf-ipcountry': 'BE' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await visitor.get('/api/settings.php', { headers: { 'cf-ipcountry': 'BE', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    // Weak comparison, and any tag of a list.
    const weak = await visitor.get('/api/settings.php', {
      headers: { 'cf-ipcountry': 'BE', 'if-none-match': `"other", W/${etag}` },
    });
    expect(weak.status).toBe(304);
    // Another country is another answer: new bytes, another ETag.
    const de = await visitor.get<Answer>('/api/settings.php', {
      headers: { 'cf-ipcountry': 'DE', 'if-none-match': etag },
    });
    expect(de.status).toBe(200);
    expect(de.body.settings.geoip_country).toBe('DE');
    expect(de.headers.etag).not.toBe(etag);
  });
});

describe('settings.php test_site', () => {
  it('is false where real payments are taken or none are promised (the demo, any non-production run)', async () => {
    const res = await server.client('alpha.test').get<{ settings: { test_site: boolean } }>('/api/settings.php');
    expect(res.body.settings.test_site).toBe(false);
  });

  it('is true where production runs the built-in sandbox on purpose (PAYMENTS=sandbox): pages say it is a test site', async () => {
    const production = await startTestServer({ env: PRODUCTION_ENV });
    try {
      expect(production.services.config.testSite).toBe(true);
      const res = await production.client('alpha.test').get<{ settings: { test_site: boolean } }>('/api/settings.php');
      expect(res.status).toBe(200);
      expect(res.body.settings.test_site).toBe(true);
    } finally {
      await production.close();
    }
  });
});
