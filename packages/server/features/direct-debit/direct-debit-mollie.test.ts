import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandFileSchema, type Payment } from '@datekit/runtime';
import { startFakeMollie, type FakeMollie } from '../../test/fake-mollie.ts';
import { ALPHA_BRAND_FILE } from '../../test/fixture-brands.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { createMollieProvider } from '../payments/mollie-provider.ts';

// The fake serves HTTPS with a self-signed certificate; this test process (its own worker) accepts it.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

let mollie: FakeMollie;
let server: TestServer;
beforeAll(async () => {
  mollie = await startFakeMollie();
  server = await startTestServer({
    brands: [brandFileSchema.parse({ ...ALPHA_BRAND_FILE, payment_methods: ['creditcard', 'directdebit'] })],
    services: { payments: createMollieProvider({ apiKey: mollie.apiKey, apiEndpoint: mollie.url }) },
  });
});
afterAll(async () => {
  await server.close();
  await mollie.close();
});

const webhook = (id: string) =>
  server.client().request('POST', '/api/payment-webhook.php', {
    raw: `id=${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    noClientHeader: true,
  });

describe('direct debit through Mollie (against the fake)', () => {
  it('confirms the mandate as a Mollie customer and mandate, and debits it as a recurring payment', async () => {
    const browser = server.client();
    await browser.post('/api/signup.php', validSignup({ email: 'mollie-debtor@example.com' }));
    await browser.get(pathOf(server.latestActivationLink()));
    const started = await browser.post('/api/directdebit.php', {
      account_holder: 'Mia Jansen',
      iban: 'NL91 ABNA 0417 1643 00',
      street: 'Dam',
      house_number: '1',
      zip: '1012 JS',
      city: 'Amsterdam',
      phone: '+31 6 8888 1111',
    });
    expect(started.status, started.text).toBe(200);
    const dir = server.services.config.smsOutboxDir;
    const text = fs.readFileSync(path.join(dir, fs.readdirSync(dir).sort().at(-1)!), 'utf8');
    const confirmed = await browser.post('/api/directdebit-confirm.php', { code: /\b(\d{6})\b/.exec(text)![1] });
    expect(confirmed.status, confirmed.text).toBe(200);

    const [mandate] = [...mollie.mandates.values()];
    expect(mandate).toMatchObject({
      status: 'valid',
      method: 'directdebit',
      details: { consumerName: 'Mia Jansen', consumerAccount: 'NL91ABNA0417164300' },
    });
    expect(mollie.customers.get(mandate!.customerId)).toMatchObject({ email: 'mollie-debtor@example.com' });

    const bought = await browser.post<{ payment: Payment }>('/api/directdebit-payment.php', { bundle_id: 'starter' });
    expect(bought.status, bought.text).toBe(201);
    const id = bought.body.payment.payment_id!;
    expect(mollie.payments.get(id)).toMatchObject({
      sequenceType: 'recurring',
      customerId: mandate!.customerId,
      mandateId: mandate!.id,
      status: 'pending',
      amount: { currency: 'EUR', value: '14.96' },
    });
    expect(bought.body.payment.status).toBe('pending');

    mollie.decide(id, 'paid');
    await webhook(id);
    const user = (await browser.get<{ user: { credits: number } }>('/api/user.php')).body.user;
    expect(user.credits).toBe(120);

    // The bank reverses the debit: credits taken back, direct debit blocked.
    mollie.chargeBack(id);
    await webhook(id);
    const again = await browser.post('/api/directdebit-payment.php', { bundle_id: 'starter' });
    expect(again.body).toMatchObject({ error: 'directdebit_blocked' });
  });
});
