import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectDebitStatus, RepeatOrder } from '@datekit/runtime/schemas/api/direct-debit';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import { brandFileSchema } from '@datekit/runtime/schemas/brand';
import type { TestClient } from '../../test/http-client.ts';
import { ALPHA_BRAND_FILE } from '../../test/fixture-brands.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import {
  creditsOf,
  expectRepeatRefused,
  lastPayment,
  paymentWebhook,
  repeatOrder,
} from '../../test/payment-provider.ts';
import { member } from '../../test/member.ts';
import { createSandboxProvider, SANDBOX_SETTLE_MS } from '../payments/sandbox-provider.ts';
import { MANDATE_CODE_MAX_ATTEMPTS, MANDATE_CODE_TTL_MS } from './mandate-code.ts';
import { WEBHOOK_QUIET_MS } from '../payments/webhook-sync.ts';

/** Alpha, offering direct debit beside cards. */
const debitBrand = brandFileSchema.parse({ ...ALPHA_BRAND_FILE, payment_methods: ['creditcard', 'directdebit'] });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ brands: [debitBrand] });
});
afterAll(() => server.close());

const payer = () => member(server, { label: 'Debtor' });

const MANDATE = {
  account_holder: 'Anna Bakker',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CJ',
  city: 'Amsterdam',
  phone: '+31 6 1234 5678',
};

/** The text messages written so far, oldest first. */
function smsOutbox(): string[] {
  const dir = server.services.config.smsOutboxDir;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

/** The code of the newest text message to `phone`. */
function codeFor(phone: string): string {
  const sms = smsOutbox().filter((m) => m.startsWith(`To: ${phone}\n`));
  const match = /\b(\d{6})\b/.exec(sms.at(-1) ?? '');
  if (!match) throw new Error(`no code texted to ${phone}`);
  return match[1]!;
}

async function startMandate(browser: TestClient, overrides: Record<string, unknown> = {}) {
  return browser.post<DirectDebitStatus & { error?: string }>('/api/directdebit.php', { ...MANDATE, ...overrides });
}

async function confirm(browser: TestClient, code: string) {
  return browser.post<DirectDebitStatus & { error?: string; message?: string }>('/api/directdebit-confirm.php', {
    code,
  });
}

let phones = 0;
/** A member with a confirmed mandate on a phone number of their own. */
async function debtor() {
  const m = await payer();
  const phone = `+31 6 5555 ${String(++phones).padStart(4, '0')}`;
  expect((await startMandate(m.browser, { phone })).status).toBe(200);
  const res = await confirm(m.browser, codeFor(phone));
  expect(res.status, res.text).toBe(200);
  return m;
}

const buy = (browser: TestClient) =>
  browser.post<{ payment: Payment; error?: string; message?: string }>('/api/directdebit-payment.php', {
    bundle_id: 'starter',
  });

const webhook = (id: string) => paymentWebhook(server, id);

/** The sandbox debits the account: once settled, its webhook call books the credits. */
async function settle(paymentId: string) {
  server.advance(SANDBOX_SETTLE_MS);
  expect((await webhook(paymentId)).status).toBe(200);
}

const status = async (browser: TestClient) => (await browser.get<DirectDebitStatus>('/api/directdebit.php')).body;

describe('setting up a direct debit mandate', () => {
  it('refuses an IBAN whose checksum fails, and stores nothing', async () => {
    const { browser, id } = await payer();
    for (const iban of ['NL91 ABNA 0417 1643 01', 'NL00ABNA0417164300', 'XX91ABNA0417164300', 'not an iban at all']) {
      const res = await startMandate(browser, { iban });
      expect(res.status, iban).toBe(422);
      expect(res.body.error).toBe('iban_invalid');
      expect(res.body).toMatchObject({ message: 'This IBAN is not valid. Please check it.' });
    }
    const rows = await server.services.db.selectFrom('debit_mandates').where('user_id', '=', id).selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('texts a six-digit code to the phone and confirms the mandate with it, once', async () => {
    const { browser } = await payer();
    const before = smsOutbox().length;
    const res = await startMandate(browser, { phone: '+31 6 1111 2222', iban: 'de89 3704 0044 0532 0130 00' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.mandate).toEqual({
      status: 'pending',
      account_holder: 'Anna Bakker',
      iban: 'DE89 •••• 3000',
      phone: '••• 222',
    });
    expect(smsOutbox()).toHaveLength(before + 1);
    expect(smsOutbox().at(-1)).toMatch(
      /^To: \+31 6 1111 2222\nFrom: Alpha Dates\n\nAlpha Dates: your code .* is \d{6}\./,
    );
    const code = codeFor('+31 6 1111 2222');

    const wrong = await confirm(browser, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ error: 'directdebit_code_invalid', message: 'Code invalid' });
    expect((await status(browser)).mandate?.status).toBe('pending');

    const right = await confirm(browser, code);
    expect(right.status, right.text).toBe(200);
    expect(right.body.mandate?.status).toBe('valid');

    const reused = await confirm(browser, code);
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('directdebit_code_invalid');
  });

  it('refuses an expired code', async () => {
    const { browser } = await payer();
    await startMandate(browser, { phone: '+31 6 3333 4444' });
    server.advance(MANDATE_CODE_TTL_MS + 1);
    const res = await confirm(browser, codeFor('+31 6 3333 4444'));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('directdebit_code_invalid');
    expect((await status(browser)).mandate?.status).toBe('pending');
  });

  it(`spends a code after ${MANDATE_CODE_MAX_ATTEMPTS} wrong guesses, and a new request voids the old code`, async () => {
    const { browser } = await payer();
    await startMandate(browser, { phone: '+31 6 7777 8888' });
    const code = codeFor('+31 6 7777 8888');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MANDATE_CODE_MAX_ATTEMPTS; i++) expect((await confirm(browser, wrongCode)).status).toBe(422);
    expect((await confirm(browser, code)).body.error).toBe('directdebit_code_invalid');

    await startMandate(browser, { phone: '+31 6 7777 9999' });
    expect((await confirm(browser, code)).body.error).toBe('directdebit_code_invalid');
    expect((await confirm(browser, codeFor('+31 6 7777 9999'))).status).toBe(200);
  });

  it(`compares at most ${MANDATE_CODE_MAX_ATTEMPTS} codes however many guesses arrive at once`, async () => {
    const { browser, id } = await payer();
    await startMandate(browser, { phone: '+31 6 7777 1000' });
    const code = codeFor('+31 6 7777 1000');
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 41 }, (_, i) => confirm(browser, wrong(i))));
    expect(answers.every((a) => a.body.error === 'directdebit_code_invalid')).toBe(true);
    // Every comparison takes an attempt first: the counter is the number of codes compared.
    const row = await server.services.db
      .selectFrom('debit_mandates')
      .select('code_attempts')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.code_attempts).toBe(MANDATE_CODE_MAX_ATTEMPTS);
    expect((await confirm(browser, code)).body.error).toBe('directdebit_code_invalid');
  });

  it('accepts the right code among concurrent guesses within the limit', async () => {
    const { browser } = await payer();
    await startMandate(browser, { phone: '+31 6 7777 2000' });
    const code = codeFor('+31 6 7777 2000');
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = [...Array.from({ length: MANDATE_CODE_MAX_ATTEMPTS - 1 }, (_, i) => wrong(i)), code];
    const answers = await Promise.all(guesses.map((g) => confirm(browser, g)));
    expect(answers.at(-1)?.status, answers.at(-1)?.text).toBe(200);
    expect((await status(browser)).mandate?.status).toBe('valid');
  });

  it("never confirms another member's mandate with their code", async () => {
    const owner = await payer();
    const other = await payer();
    await startMandate(owner.browser, { phone: '+31 6 2222 0000' });
    const res = await confirm(other.browser, codeFor('+31 6 2222 0000'));
    expect(res.body.error).toBe('directdebit_code_invalid');
    expect((await status(owner.browser)).mandate?.status).toBe('pending');
  });
});

describe('paying by direct debit', () => {
  it('needs a confirmed mandate', async () => {
    const { browser } = await payer();
    const res = await buy(browser);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('directdebit_mandate_required');
    await startMandate(browser, { phone: '+31 6 4444 0000' });
    expect((await buy(browser)).body.error).toBe('directdebit_mandate_required');
  });

  it('debits the mandate without a checkout and books the credits once the webhook reports it paid', async () => {
    const { browser } = await debtor();
    const start = await creditsOf(browser);
    const res = await buy(browser);
    expect(res.status, res.text).toBe(201);
    expect(res.body.payment).toMatchObject({ method: 'directdebit', status: 'pending', credits: 100, currency: 'EUR' });
    expect(await creditsOf(browser)).toBe(start);
    await settle(res.body.payment.payment_id!);
    await webhook(res.body.payment.payment_id!);
    expect(await creditsOf(browser)).toBe(start + 100);
    const payment = await browser.get<{ payment: Payment }>(`/api/payment.php?id=${res.body.payment.id}`);
    expect(payment.body.payment.status).toBe('paid');
  });

  it('allows one open debit at a time', async () => {
    const { browser } = await debtor();
    const first = await buy(browser);
    expect(first.status).toBe(201);
    const second = await buy(browser);
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({
      error: 'directdebit_limit_reached',
      message: 'Your limit for direct debit payments has been reached.',
    });
    await settle(first.body.payment.payment_id!);
    expect((await buy(browser)).status).toBe(201);
  });

  it('a retry with the same Idempotency-Key answers the first debit: one debit', async () => {
    const { browser, id } = await debtor();
    const once = () =>
      browser.post<{ payment: Payment }>(
        '/api/directdebit-payment.php',
        { bundle_id: 'starter' },
        { headers: { 'idempotency-key': `debit-${id}` } },
      );
    const first = await once();
    expect(first.status, first.text).toBe(201);
    // Settled, so a second debit would be allowed: only the key stops it.
    await settle(first.body.payment.payment_id!);
    const retry = await once();
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.payment.id).toBe(first.body.payment.id);
    const debits = await server.services.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', id)
      .where('method', '=', 'directdebit')
      .execute();
    expect(debits).toHaveLength(1);
  });

  it('lets two debits at once through only one at a time', async () => {
    const { browser } = await debtor();
    const answers = await Promise.all([buy(browser), buy(browser), buy(browser)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
  });

  it('caps the amount debited within 30 days, and frees it after', async () => {
    const { browser, id } = await debtor();
    let refused: Awaited<ReturnType<typeof buy>> | null = null;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await buy(browser);
      if (res.status === 201) await settle(res.body.payment.payment_id!);
      else refused = res;
    }
    expect(refused?.body.error).toBe('directdebit_limit_reached');
    const { limits } = await status(browser);
    expect(limits).toMatchObject({ period_days: 30, max_cents: 15_000, open: 0, max_open: 1 });
    // Refused exactly when one more bundle (19.95) would pass EUR 150.
    expect(limits.used_cents).toBeLessThanOrEqual(15_000);
    expect(limits.used_cents + 1995).toBeGreaterThan(15_000);
    // Thirty days on (the payments dated back, so the session stays valid).
    await server.services.db
      .updateTable('payments')
      .set((eb) => ({ created_at: eb('created_at', '-', 30 * 86_400_000) }))
      .where('user_id', '=', id)
      .execute();
    expect((await status(browser)).limits.used_cents).toBe(0);
    expect((await buy(browser)).status).toBe(201);
  });

  it('a chargeback blocks the member from direct debit', async () => {
    const { browser } = await debtor();
    const res = await buy(browser);
    const providerId = res.body.payment.payment_id!;
    await settle(providerId);
    await createSandboxProvider(server.services.db, server.services.now).chargeBack(providerId);
    server.advance(WEBHOOK_QUIET_MS);
    await webhook(providerId);
    expect((await status(browser)).blocked).toBe(true);
    const again = await buy(browser);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({
      error: 'directdebit_blocked',
      message: 'Your account is blocked for direct debit payments.',
    });
    const mandate = await startMandate(browser, { phone: '+31 6 9999 0000' });
    expect(mandate.status).toBe(403);
    expect(mandate.body.error).toBe('directdebit_blocked');
  });
});

describe('repeat order with the stored mandate', () => {
  it('has nothing to repeat before a first paid order', async () => {
    const { browser } = await debtor();
    expect((await browser.get<RepeatOrder>('/api/repeat-order.php')).body.bundle).toBeNull();
    const res = await repeatOrder(browser);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });

  it('buys the last bundle again in one request, and books it once paid', async () => {
    const { browser } = await debtor();
    const first = await buy(browser);
    await settle(first.body.payment.payment_id!);
    const start = await creditsOf(browser);
    const offer = await browser.get<RepeatOrder>('/api/repeat-order.php');
    expect(offer.body).toEqual({
      bundle: { id: 'starter', credits: 100, amount_cents: 1995, currency: 'EUR' },
      method: 'directdebit',
      card: null,
      mandate: { account_holder: 'Anna Bakker', iban: 'NL91 •••• 4300' },
    });
    const res = await repeatOrder(browser);
    expect(res.status, res.text).toBe(201);
    expect(res.body.payment).toMatchObject({ bundle_id: 'starter', method: 'directdebit', amount_cents: 1995 });
    await settle(res.body.payment.payment_id!);
    expect(await creditsOf(browser)).toBe(start + 100);
  });

  it('needs a stored mandate', async () => {
    const { browser, id } = await debtor();
    const first = await buy(browser);
    await settle(first.body.payment.payment_id!);
    await server.services.db
      .updateTable('debit_mandates')
      .set({ status: 'replaced' })
      .where('user_id', '=', id)
      .execute();
    expect((await browser.get<RepeatOrder>('/api/repeat-order.php')).body).toMatchObject({
      method: null,
      mandate: null,
    });
    expect((await repeatOrder(browser)).body.error).toBe('stored_payment_method_required');
  });

  it("answers 'could not be completed with the stored card' when the provider refuses, and books nothing", async () => {
    const { browser, id } = await debtor();
    const first = await buy(browser);
    await settle(first.body.payment.payment_id!);
    const start = await creditsOf(browser);
    const provider = server.services.payments;
    const original = provider.createRecurringPayment.bind(provider);
    provider.createRecurringPayment = () => Promise.reject(new Error('mandate revoked at the bank'));
    try {
      const res = await repeatOrder(browser);
      expectRepeatRefused(res, 'stored_payment_failed');
    } finally {
      provider.createRecurringPayment = original;
    }
    expect(await creditsOf(browser)).toBe(start);
    expect((await lastPayment(server, id)).status).toBe('failed');
    // The failed attempt is no open debit: the member can try again.
    expect((await repeatOrder(browser)).status).toBe(201);
  });
});
