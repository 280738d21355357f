import { expect, test } from '@playwright/test';
import { deployment } from './deploy-env.ts';

test('nginx answers over TLS with the test CA and sends plain HTTP to https', async ({ request }) => {
  const site = deployment();
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  const plain = await request.get(`${site.httpUrl}/members`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  expect(plain.headers().location).toBe(`https://localhost/members`);
});

test('a country header sent by the client does not reach the servers', async ({ request }) => {
  const res = await request.get('/api/settings.php', { headers: { 'CF-IPCountry': 'SE', 'X-Country-Code': 'SE' } });
  expect(res.status()).toBe(200);
  const { settings } = (await res.json()) as { settings: { geoip_country: string | null } };
  expect(settings.geoip_country).toBeNull();
});
