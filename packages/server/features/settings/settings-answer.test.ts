import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

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
});
