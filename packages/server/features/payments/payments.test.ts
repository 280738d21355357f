import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import type { TestClient } from '../../test/http-client.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { paymentWebhook } from '../../test/payment-provider.ts';
import { createSandboxProvider, type SandboxOutcome } from './sandbox-provider.ts';
import { refundPayment } from './refund-payment.ts';
import { WEBHOOK_QUIET_MS } from './webhook-sync.ts';
import { memberChanged } from '../users/member-cache.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ memberCache: true });
});
afterAll(() => server.close());

let counter = 0;
async function member(): Promise<{ id: number; browser: TestClient; email: string }> {
  const browser = server.client();
  const email = `payer-${++counter}@example.com`;
  const res = await browser.post<{ user: { profile: { id: number } } }>('/api/signup.php', validSignup({ email }));
  await browser.get(pathOf(server.latestActivationLink()));
  return { id: res.body.user.profile.id, browser, email };
}

const sandbox = () => createSandboxProvider(server.services.db, server.services.now);

async function order(browser: TestClient, body: Record<string, unknown> = {}) {
  const res = await browser.post<{ payment: Payment; checkout_url: string }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The buyer's click on the sandbox checkout page: a plain form post, as a browser sends it. */
function decide(browser: TestClient, id: string, outcome: SandboxOutcome) {
  return browser.request('POST', '/api/sandbox-checkout.php', {
    raw: new URLSearchParams({ id, outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    noClientHeader: true,
  });
}

const webhook = (id: string) => paymentWebhook(server, id);

async function account(browser: TestClient) {
  const res = await browser.get<{ user: { credits: number; paid_user: boolean } }>('/api/user.php');
  return res.body.user;
}

async function purchaseRows(userId: number) {
  return server.services.db
    .selectFrom('credit_ledger')
    .select(['amount', 'ref'])
    .where('user_id', '=', userId)
    .where('reason', '=', 'purchase')
    .execute();
}

describe('buying a bundle through the sandbox checkout', () => {
  it('prices the order on the server and ignores any amount or discount the client sends', async () => {
    const { browser } = await member();
    const { payment, checkout_url } = await order(browser, {
      amount: 1,
      amount_cents: 1,
      price: 0.01,
      discount_percent: 100,
      credits: 99999,
    });
    // 19.95 EUR minus the time bonus of 25% a new member has, computed by the server.
    expect(payment).toMatchObject({
      status: 'open',
      list_amount_cents: 1995,
      amount_cents: 1496,
      credits: 100,
      currency: 'EUR',
      discount_code: 'TIMEBONUS25',
      discount_percent: 25,
    });
    expect(checkout_url).toMatch(/^\/api\/sandbox-checkout\.php\?id=tr_sbx_[0-9a-f]{32}$/);
    const page = await browser.get(checkout_url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('Alpha Dates');
    expect(page.text).toMatch(/€\s?14\.96/);
    // A heading of its own, and the method by the name members know, not its id.
    expect(page.text).toMatch(/<h1>Confirm your payment<\/h1>/);
    expect(page.text).toContain('<span data-testid="sandbox-method">Credit card</span>');
    expect(page.text).not.toMatch(/>creditcard</);
  });

  it('a paid payment grants its credits once, makes the member premium and mails a receipt', async () => {
    const { id, browser, email } = await member();
    const before = await account(browser);
    expect(before).toMatchObject({ credits: 20, paid_user: false });
    const { payment } = await order(browser);
    const back = await decide(browser, payment.payment_id!, 'paid');
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`http://alpha.test/credits/starter/creditcard?payment=${payment.id}`);
    const after = await browser.get<{ payment: Payment }>(`/api/payment.php?id=${payment.id}`);
    expect(after.body.payment).toMatchObject({ status: 'paid', amount_cents: 1496 });
    expect(await account(browser)).toMatchObject({ credits: 120, paid_user: true });
    expect(await purchaseRows(id)).toEqual([{ amount: 100, ref: `payment:${payment.id}` }]);

    const receipt = server.outbox().at(-1)!;
    expect(receipt).toContain(`To: ${email}`);
    expect(receipt).toContain('Alpha Media B.V.');
    expect(receipt).toContain('12345678');
    expect(receipt).toContain(payment.payment_id!);
    expect(receipt).toMatch(/14\.96/);
    // Deciding again, webhooks and return visits change nothing.
    expect((await decide(browser, payment.payment_id!, 'paid')).status).toBe(303);
    await webhook(payment.payment_id!);
    await browser.get(`/api/payment.php?id=${payment.id}`);
    expect(await purchaseRows(id)).toHaveLength(1);
    expect(server.outbox().filter((m) => m.includes(payment.payment_id!))).toHaveLength(1);
  });

  it('stays premium at zero credits', async () => {
    const { id, browser } = await member();
    const { payment } = await order(browser);
    await decide(browser, payment.payment_id!, 'paid');
    const { credits } = await account(browser);
    await server.services.db
      .insertInto('credit_ledger')
      .values({ user_id: id, amount: -credits, reason: 'message', ref: null, note: null, created_at: Date.now() })
      .execute();
    await memberChanged(server.services.db, id);
    expect(await account(browser)).toMatchObject({ credits: 0, paid_user: true });
  });

  it.each(['failed', 'canceled', 'expired'] as const)(
    'a %s payment grants nothing and keeps its status',
    async (outcome) => {
      const { id, browser } = await member();
      const { payment } = await order(browser);
      await decide(browser, payment.payment_id!, outcome);
      const res = await browser.get<{ payment: Payment }>(`/api/payment.php?id=${payment.id}`);
      expect(res.body.payment.status).toBe(outcome);
      await webhook(payment.payment_id!);
      expect(await purchaseRows(id)).toEqual([]);
      expect(await account(browser)).toMatchObject({ credits: 20, paid_user: false });
      // The checkout cannot be decided again.
      await decide(browser, payment.payment_id!, 'paid');
      expect((await browser.get<{ payment: Payment }>(`/api/payment.php?id=${payment.id}`)).body.payment.status).toBe(
        outcome,
      );
    },
  );

  it('an open payment stays open until the buyer decides', async () => {
    const { browser } = await member();
    const { payment } = await order(browser);
    await webhook(payment.payment_id!);
    expect((await browser.get<{ payment: Payment }>(`/api/payment.php?id=${payment.id}`)).body.payment.status).toBe(
      'open',
    );
  });

  it('a retry with the same Idempotency-Key answers the first payment: one payment, one provider payment', async () => {
    const { id, browser } = await member();
    const provider = server.services.payments;
    let asked = 0;
    server.services.payments = { ...provider, createPayment: (input) => (asked++, provider.createPayment(input)) };
    try {
      const send = () =>
        browser.request<{ payment: Payment; checkout_url: string }>('POST', '/api/payment.php', {
          body: { bundle_id: 'starter', method: 'creditcard' },
          headers: { 'idempotency-key': `pay-${id}` },
        });
      const first = await send();
      const retry = await send();
      expect(first.status, first.text).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(asked).toBe(1);
      const rows = await server.services.db.selectFrom('payments').select('id').where('user_id', '=', id).execute();
      expect(rows).toEqual([{ id: first.body.payment.id }]);
      // Another key is another purchase.
      const other = await browser.request('POST', '/api/payment.php', {
        body: { bundle_id: 'starter', method: 'creditcard' },
        headers: { 'idempotency-key': `pay-${id}-2` },
      });
      expect(other.status).toBe(201);
      expect(asked).toBe(2);
    } finally {
      server.services.payments = provider;
    }
  });

  it('a refused payment releases its Idempotency-Key: the retry asks the provider again', async () => {
    const { id, browser } = await member();
    const provider = server.services.payments;
    let asked = 0;
    server.services.payments = {
      ...provider,
      createPayment: (input) =>
        ++asked === 1 ? Promise.reject(new Error('provider down')) : provider.createPayment(input),
    };
    try {
      const send = () =>
        browser.request<{ payment: Payment }>('POST', '/api/payment.php', {
          body: { bundle_id: 'starter', method: 'creditcard' },
          headers: { 'idempotency-key': `refused-${id}` },
        });
      expect((await send()).body).toMatchObject({ error: 'payment_unavailable' });
      const retry = await send();
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(asked).toBe(2);
    } finally {
      server.services.payments = provider;
    }
  });

  it('answers a payment as it is known while the provider cannot be reached', async () => {
    const { browser } = await member();
    const { payment } = await order(browser);
    const provider = server.services.payments;
    server.services.payments = {
      ...provider,
      getPayment: () => Promise.reject(new Error('provider unreachable')),
    };
    try {
      const res = await browser.get<{ payment: Payment }>(`/api/payment.php?id=${payment.id}`);
      expect(res.status).toBe(200);
      expect(res.body.payment.status).toBe('open');
    } finally {
      server.services.payments = provider;
    }
  });

  it('a pending payment is pending, then paid once the provider says so', async () => {
    const { id, browser } = await member();
    const { payment } = await order(browser);
    await decide(browser, payment.payment_id!, 'pending');
    expect((await browser.get<{ payment: Payment }>(`/api/payment.php?id=${payment.id}`)).body.payment.status).toBe(
      'pending',
    );
    expect(await purchaseRows(id)).toEqual([]);
    server.advance(5_000);
    await webhook(payment.payment_id!);
    expect((await browser.get<{ payment: Payment }>(`/api/payment.php?id=${payment.id}`)).body.payment.status).toBe(
      'paid',
    );
    expect(await account(browser)).toMatchObject({ credits: 120, paid_user: true });
  });
});

describe('the webhook', () => {
  it('grants credits once when one payment is confirmed by 50 concurrent webhook calls and return visits', async () => {
    const { id, browser } = await member();
    const { payment } = await order(browser);
    // The provider marks it paid without telling anyone yet; then everything arrives at once.
    expect(await sandbox().settle(payment.payment_id!, 'paid')).toBe(true);
    const calls = await Promise.all([
      ...Array.from({ length: 50 }, () => webhook(payment.payment_id!)),
      ...Array.from({ length: 10 }, () => browser.get(`/api/payment.php?id=${payment.id}`)),
    ]);
    expect(calls.map((c) => c.status).filter((s) => s !== 200)).toEqual([]);
    expect(await purchaseRows(id)).toEqual([{ amount: 100, ref: `payment:${payment.id}` }]);
    expect(await account(browser)).toMatchObject({ credits: 120, paid_user: true });
    expect(server.outbox().filter((m) => m.includes(payment.payment_id!))).toHaveLength(1);
  });

  it('answers 200 for an unknown id and changes nothing', async () => {
    const before = await server.services.db.selectFrom('credit_ledger').select('id').execute();
    const res = await webhook('tr_unknown123');
    expect(res.status).toBe(200);
    const json = await server
      .client()
      .post('/api/payment-webhook.php', { id: 'tr_sbx_00000000000000000000000000000000' });
    expect(json.status).toBe(200);
    expect(await server.services.db.selectFrom('credit_ledger').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a webhook without an id with a 4xx', async () => {
    const res = await server.client().post('/api/payment-webhook.php', { status: 'paid' });
    expect(res.status).toBe(422);
  });

  it('never trusts the body: a webhook saying "paid" for an open payment changes nothing', async () => {
    const { id, browser } = await member();
    const { payment } = await order(browser);
    await server.client().post('/api/payment-webhook.php', { id: payment.payment_id, status: 'paid' });
    expect(await purchaseRows(id)).toEqual([]);
  });

  it('a chargeback takes back what is left of the payment credits, never below zero', async () => {
    const { id, browser } = await member();
    const { payment } = await order(browser);
    await decide(browser, payment.payment_id!, 'paid');
    // Spend 110 of the 120 credits: only 10 are left to take back.
    await server.services.db
      .insertInto('credit_ledger')
      .values({ user_id: id, amount: -110, reason: 'message', ref: null, note: null, created_at: Date.now() })
      .execute();
    await sandbox().chargeBack(payment.payment_id!);
    server.advance(WEBHOOK_QUIET_MS);
    await Promise.all(Array.from({ length: 5 }, () => webhook(payment.payment_id!)));
    expect((await browser.get<{ payment: Payment }>(`/api/payment.php?id=${payment.id}`)).body.payment.status).toBe(
      'charged_back',
    );
    expect(await account(browser)).toMatchObject({ credits: 0, paid_user: true });
  });
});

describe('payments belong to their member', () => {
  it("answers another member's payment as not found and lists only one's own", async () => {
    const owner = await member();
    const other = await member();
    const { payment } = await order(owner.browser);
    expect((await other.browser.get(`/api/payment.php?id=${payment.id}`)).status).toBe(404);
    expect((await other.browser.get<{ payments: Payment[] }>('/api/payments.php')).body.payments).toEqual([]);
    expect((await owner.browser.get<{ payments: Payment[] }>('/api/payments.php')).body.payments).toHaveLength(1);
  });

  it('refuses unknown bundles and methods not offered in the member country', async () => {
    const { browser } = await member();
    const bundle = await browser.post('/api/payment.php', { bundle_id: 'nope', method: 'creditcard' });
    expect(bundle.status).toBe(404);
    const method = await browser.post('/api/payment.php', { bundle_id: 'starter', method: 'ideal' });
    expect(method.status).toBe(422);
    expect(method.body.error).toBe('payment_method_unavailable');
    const sofort = await browser.post('/api/payment.php', { bundle_id: 'starter', method: 'sofort' });
    expect(sofort.body.error).toBe('payment_method_unavailable');
    expect(
      await server.services.db.selectFrom('payments').select('id').where('bundle_id', '=', 'nope').execute(),
    ).toEqual([]);
  });
});

describe('refunds', () => {
  it('refunds the unused credits within refund_days, once, and mails the member', async () => {
    const { id, browser, email } = await member();
    const { payment } = await order(browser);
    await decide(browser, payment.payment_id!, 'paid');
    // 120 credits; spend 60: 60 of this payment's 100 are unused.
    await server.services.db
      .insertInto('credit_ledger')
      .values({ user_id: id, amount: -60, reason: 'message', ref: null, note: null, created_at: Date.now() })
      .execute();
    const result = await refundPayment(server.services, payment.id);
    expect(result).toMatchObject({ credits: 60, refundedCents: Math.floor((1496 * 60) / 100), balance: 0 });
    const remote = await sandbox().getPayment(payment.payment_id!);
    expect(remote?.refundedCents).toBe(897);
    expect(await account(browser)).toMatchObject({ credits: 0, paid_user: true });
    const mail = server.outbox().at(-1)!;
    expect(mail).toContain(`To: ${email}`);
    expect(mail).toMatch(/8\.97/);
    await expect(refundPayment(server.services, payment.id)).rejects.toThrow(/refunded; only paid payments/);
  });

  it('refunds min(credits of that payment, balance) after part was spent; the ledger and the provider follow', async () => {
    const { id, browser } = await member();
    const first = (await order(browser)).payment;
    await decide(browser, first.payment_id!, 'paid');
    const second = (await order(browser)).payment;
    await decide(browser, second.payment_id!, 'paid');
    // 20 + 100 + 100 credits; 50 spent on messages: 170 left.
    await server.services.db
      .insertInto('credit_ledger')
      .values({ user_id: id, amount: -50, reason: 'message', ref: null, note: null, created_at: Date.now() })
      .execute();
    expect((await account(browser)).credits).toBe(170);

    // The balance still holds all 100 of the first payment's credits: all of them, the whole amount.
    const whole = await refundPayment(server.services, first.id);
    expect(whole).toMatchObject({ credits: 100, refundedCents: first.amount_cents, balance: 70 });
    // Only 70 of the second payment's 100 are unused: 70 credits, 70% of its amount rounded down.
    const part = await refundPayment(server.services, second.id);
    expect(part).toMatchObject({
      credits: 70,
      refundedCents: Math.floor((second.amount_cents * 70) / 100),
      balance: 0,
    });

    const rows = await server.services.db
      .selectFrom('credit_ledger')
      .select(['amount', 'ref'])
      .where('user_id', '=', id)
      .where('reason', '=', 'refund')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { amount: -100, ref: `payment:${first.id}` },
      { amount: -70, ref: `payment:${second.id}` },
    ]);
    expect((await sandbox().getPayment(first.payment_id!))?.refundedCents).toBe(first.amount_cents);
    expect((await sandbox().getPayment(second.payment_id!))?.refundedCents).toBe(part.refundedCents);
    const stored = await server.services.db
      .selectFrom('payments')
      .select(['status', 'credits_reversed', 'refunded_cents'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { status: 'refunded', credits_reversed: 100, refunded_cents: first.amount_cents },
      { status: 'refunded', credits_reversed: 70, refunded_cents: part.refundedCents },
    ]);
    expect((await account(browser)).credits).toBe(0);
  });

  it('a refund the provider refused can be tried again: the ledger keeps both attempts and adds up', async () => {
    const { id, browser } = await member();
    const { payment } = await order(browser);
    await decide(browser, payment.payment_id!, 'paid');
    const refuse = vi
      .spyOn(server.services.payments, 'createRefund')
      .mockRejectedValueOnce(new Error('insufficient balance at the provider'));
    try {
      await expect(refundPayment(server.services, payment.id)).rejects.toThrow(/provider refused the refund/);
      expect(await account(browser)).toMatchObject({ credits: 120 });
      const retry = await refundPayment(server.services, payment.id);
      expect(retry).toMatchObject({ credits: 100, refundedCents: 1496, balance: 20 });
    } finally {
      refuse.mockRestore();
    }
    expect((await sandbox().getPayment(payment.payment_id!))?.refundedCents).toBe(1496);
    expect(await account(browser)).toMatchObject({ credits: 20 });
    const rows = await server.services.db
      .selectFrom('credit_ledger')
      .select(['amount', 'reason', 'ref'])
      .where('user_id', '=', id)
      .where('reason', 'in', ['refund', 'refund_refused'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { amount: -100, reason: 'refund', ref: `payment:${payment.id}` },
      { amount: 100, reason: 'refund_refused', ref: `payment:${payment.id}` },
      { amount: -100, reason: 'refund', ref: `payment:${payment.id}:refund:2` },
    ]);
    const stored = await server.services.db
      .selectFrom('payments')
      .select(['status', 'credits_reversed', 'refunded_cents'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'refunded', credits_reversed: 100, refunded_cents: 1496 });
  });

  it('refuses after refund_days and when no credits are left', async () => {
    const late = await member();
    const { payment } = await order(late.browser);
    await decide(late.browser, payment.payment_id!, 'paid');
    const empty = await member();
    const second = await order(empty.browser);
    await decide(empty.browser, second.payment.payment_id!, 'paid');
    await server.services.db
      .insertInto('credit_ledger')
      .values({ user_id: empty.id, amount: -120, reason: 'message', ref: null, note: null, created_at: Date.now() })
      .execute();
    await expect(refundPayment(server.services, second.payment.id)).rejects.toThrow(/no unused credits/);
    server.advance(14 * 86_400_000 + 60_000);
    await expect(refundPayment(server.services, payment.id)).rejects.toThrow(/refund days ended/);
    expect(await account(late.browser)).toMatchObject({ credits: 120 });
  });
});
