import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import { brandFileSchema } from '@datekit/runtime/schemas/brand';
import type { FakeMollie } from '../../test/fake-mollie.ts';
import { paymentWebhook, startServerWithMollie } from '../../test/payment-provider.ts';
import type { TestClient } from '../../test/http-client.ts';
import { ALPHA_BRAND_FILE } from '../../test/fixture-brands.ts';
import { pathOf, validSignup, type TestServer } from '../../test/test-server.ts';
import { WEBHOOK_QUIET_MS } from '../payments/webhook-sync.ts';

let mollie: FakeMollie;
let server: TestServer;
beforeAll(async () => {
  ({ server, mollie } = await startServerWithMollie({
    brands: [brandFileSchema.parse({ ...ALPHA_BRAND_FILE, payment_methods: ['creditcard', 'directdebit'] })],
  }));
});
afterAll(async () => {
  await server.close();
  await mollie.close();
});

const webhook = (id: string) => paymentWebhook(server, id);

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
    server.advance(WEBHOOK_QUIET_MS);
    await webhook(id);
    const again = await browser.post('/api/directdebit-payment.php', { bundle_id: 'starter' });
    expect(again.body).toMatchObject({ error: 'directdebit_blocked' });
  });

  /** A member with a confirmed mandate at the fake Mollie: their client and the mandate's id there. */
  async function debtor(email: string, phone: string) {
    const browser = server.client();
    await browser.post('/api/signup.php', validSignup({ email }));
    await browser.get(pathOf(server.latestActivationLink()));
    await browser.post('/api/directdebit.php', {
      account_holder: 'Noor de Vries',
      iban: 'NL91 ABNA 0417 1643 00',
      street: 'Dam',
      house_number: '2',
      zip: '1012 JS',
      city: 'Amsterdam',
      phone,
    });
    const dir = server.services.config.smsOutboxDir;
    const sms = fs
      .readdirSync(dir)
      .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'))
      .filter((text) => text.startsWith(`To: ${phone}\n`));
    const confirmed = await browser.post('/api/directdebit-confirm.php', { code: /\b(\d{6})\b/.exec(sms.at(-1)!)![1] });
    expect(confirmed.status, confirmed.text).toBe(200);
    const mandate = [...mollie.mandates.values()].find(
      (m) => m.method === 'directdebit' && mollie.customers.get(m.customerId)?.email === email,
    )!;
    return { browser, mandateId: mandate.id };
  }

  const mandateShown = async (browser: TestClient) =>
    (await browser.get<{ mandate: unknown }>('/api/directdebit.php')).body.mandate;

  it('a debit that fails on a mandate the bank revoked marks the mandate invalid; a new one is asked for', async () => {
    const { browser, mandateId } = await debtor('revoked-debtor@example.com', '+31 6 8888 2222');
    const bought = await browser.post<{ payment: Payment }>('/api/directdebit-payment.php', { bundle_id: 'starter' });
    const id = bought.body.payment.payment_id!;
    mollie.revokeMandate(mandateId);
    mollie.decide(id, 'failed');
    await webhook(id);

    const stored = await server.services.db
      .selectFrom('payments')
      .select('status')
      .where('provider_payment_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('failed');
    expect(await mandateShown(browser)).toBeNull();
    const again = await browser.post('/api/directdebit-payment.php', { bundle_id: 'starter' });
    expect(again.body).toMatchObject({ error: 'directdebit_mandate_required' });
  });

  it('a debit that fails once (no funds) keeps a mandate the provider still calls valid', async () => {
    const { browser } = await debtor('broke-debtor@example.com', '+31 6 8888 3333');
    const bought = await browser.post<{ payment: Payment }>('/api/directdebit-payment.php', { bundle_id: 'starter' });
    const id = bought.body.payment.payment_id!;
    mollie.decide(id, 'failed');
    await webhook(id);
    expect(await mandateShown(browser)).toMatchObject({ status: 'valid' });
  });

  it('a mandate revoked before the next debit is refused at once, marked invalid, and nothing is booked', async () => {
    const { browser, mandateId } = await debtor('gone-debtor@example.com', '+31 6 8888 4444');
    const credits = async () => (await browser.get<{ user: { credits: number } }>('/api/user.php')).body.user.credits;
    const before = await credits();
    mollie.revokeMandate(mandateId);
    const refused = await browser.post('/api/directdebit-payment.php', { bundle_id: 'starter' });
    expect(refused.body).toMatchObject({ error: 'directdebit_mandate_required' });
    expect(await mandateShown(browser)).toBeNull();
    expect(await credits()).toBe(before);
  });
});
