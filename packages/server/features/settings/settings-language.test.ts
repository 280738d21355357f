import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandFileSchema } from '@datekit/runtime/schemas/brand';
import { alphaBrand, FIXTURE_BRANDS } from '../../test/fixture-brands.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

/** A brand in languages the alpha brand does not offer. */
const germanBrand = brandFileSchema.parse({
  name: 'Delta Treff',
  domain: 'delta.test',
  domain_language: 'de',
  index_title: 'Delta Treff – Singles in deiner Nähe',
  description: 'Delta Treff ist der Ort, an dem Singles sich treffen, privat chatten und ein Date finden.',
  countries: ['DE', 'AT'],
  languages: ['de', 'fr'],
  niche: 'default',
  support_phone: '+49 30 123 45 67',
  support_email: 'support@delta.test',
  company: alphaBrand.company,
  credit_bundles: [{ id: 'starter', credits: 100, prices: { EUR: 19.95 } }],
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ brands: [...FIXTURE_BRANDS, germanBrand] });
});
afterAll(() => server.close());

describe('settings.php language cookie', () => {
  it('sets only a language of the serving brand, when `host` names a brand in other languages', async () => {
    const visitor = server.client('alpha.test');
    const res = await visitor.get('/api/settings.php?host=delta.test');
    expect((res.body.settings as { domain: string }).domain).toBe('delta.test');
    expect(res.body.domain_language).toBe('de');
    expect(visitor.cookies.get('lang')).toBe('en');
    expect(alphaBrand.languages).toContain(visitor.cookies.get('lang'));
  });

  it("sets the serving brand's own domain language on its own host", async () => {
    const visitor = server.client('delta.test');
    await visitor.get('/api/settings.php');
    expect(visitor.cookies.get('lang')).toBe('de');
  });

  it('sends no Set-Cookie once the visitor has a language cookie, and never replaces a chosen one', async () => {
    const visitor = server.client('alpha.test');
    const first = await visitor.get('/api/settings.php');
    expect(first.headers['set-cookie']).toBeDefined();
    const again = await visitor.get('/api/settings.php');
    expect(again.headers['set-cookie']).toBeUndefined();
    const chosen = server.client('alpha.test');
    chosen.cookies.set('lang', 'nl');
    expect((await chosen.get('/api/settings.php')).headers['set-cookie']).toBeUndefined();
    expect(chosen.cookies.get('lang')).toBe('nl');
  });
});
