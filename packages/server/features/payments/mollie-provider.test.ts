import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import type { FakeMollie } from '../../test/fake-mollie.ts';
import { ledgerAmounts, paymentWebhook, startServerWithMollie } from '../../test/payment-provider.ts';
import type { TestClient } from '../../test/http-client.ts';
import { type TestServer } from '../../test/test-server.ts';
import { member } from '../../test/member.ts';
import { MOLLIE_AGENT } from './mollie-provider.ts';
import { refundPayment } from './refund-payment.ts';
import { PAYMENT_SYNC_JOB, WEBHOOK_QUIET_MS } from './webhook-sync.ts';
import { createJobRunner } from '../../jobs/handlers.ts';

let mollie: FakeMollie;
let server: TestServer;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ server, mollie, close } = await startServerWithMollie());
});
afterAll(() => close());

const buyer = () => member(server, { label: 'Mollie' });

const webhook = (id: string) => paymentWebhook(server, id);

async function order(browser: TestClient) {
  const res = await browser.post<{ payment: Payment; checkout_url: string }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
    amount: 0.01,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const status = async (browser: TestClient, id: number) =>
  (await browser.get<{ payment: Payment }>(`/api/payment.php?id=${id}`)).body.payment.status;

describe('the Mollie adapter against a fake of Mollie', () => {
  it('creates the payment at Mollie with the server-computed amount and answers its checkout', async () => {
    const { browser } = await buyer();
    const { payment, checkout_url } = await order(browser);
    const remote = mollie.payments.get(payment.payment_id!)!;
    expect(remote).toMatchObject({
      amount: { currency: 'EUR', value: '14.96' },
      method: 'creditcard',
      locale: 'en_US',
      redirectUrl: `http://alpha.test/credits/starter/creditcard?payment=${payment.id}`,
      webhookUrl: 'http://alpha.test/api/payment-webhook.php',
    });
    expect(checkout_url).toBe(`https://www.mollie.com/checkout/select-method/${payment.payment_id}`);
    // The sandbox checkout does not exist while Mollie is the provider.
    expect((await browser.get('/api/sandbox-checkout.php?id=tr_sbx_00000000000000000000000000000000')).status).toBe(
      404,
    );
  });

  it('follows Mollie through pending to paid, granting the credits once', async () => {
    const { id, browser } = await buyer();
    const { payment } = await order(browser);
    mollie.decide(payment.payment_id!, 'pending');
    await webhook(payment.payment_id!);
    expect(await status(browser, payment.id)).toBe('pending');
    mollie.decide(payment.payment_id!, 'paid');
    await Promise.all(Array.from({ length: 20 }, () => webhook(payment.payment_id!)));
    expect(await status(browser, payment.id)).toBe('paid');
    expect(await ledgerAmounts(server, id, 'purchase')).toEqual([100]);
    expect((await browser.get<{ user: { paid_user: boolean } }>('/api/user.php')).body.user.paid_user).toBe(true);
  });

  it.each(['failed', 'canceled', 'expired'] as const)('maps a %s payment and grants nothing', async (outcome) => {
    const { browser } = await buyer();
    const { payment } = await order(browser);
    mollie.decide(payment.payment_id!, outcome);
    await webhook(payment.payment_id!);
    expect(await status(browser, payment.id)).toBe(outcome);
  });

  it("follows a refund made in Mollie's dashboard: the credits its money bought, once each, never below zero", async () => {
    const { id, browser } = await buyer();
    const { payment } = await order(browser);
    const providerId = payment.payment_id!;
    mollie.decide(providerId, 'paid');
    await webhook(providerId);
    const credits = async () => (await browser.get<{ user: { credits: number } }>('/api/user.php')).body.user.credits;
    expect(await credits()).toBe(120);
    const refundAtMollie = (value: string) => {
      mollie.payments.get(providerId)!.amountRefunded = { currency: 'EUR', value };
    };

    // Half the money back: half the credits, and a replayed webhook takes nothing more. One mail tells her.
    const mailsBefore = server.outbox().length;
    refundAtMollie('7.48');
    server.advance(WEBHOOK_QUIET_MS);
    await webhook(providerId);
    await webhook(providerId);
    expect(await credits()).toBe(70);
    expect(await status(browser, payment.id)).toBe('refunded');
    const { email } = await server.services.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const mails = server.outbox().slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${email}`);

    // The member spends all but 10 credits; the rest of the money back takes what is left, not below zero.
    await server.services.db
      .insertInto('credit_ledger')
      .values({ user_id: id, amount: -60, reason: 'message', ref: null, note: null, created_at: Date.now() })
      .execute();
    refundAtMollie('14.96');
    server.advance(WEBHOOK_QUIET_MS);
    await webhook(providerId);
    expect(await credits()).toBe(0);
    expect(await ledgerAmounts(server, id, 'refund')).toEqual([-50, -10]);
  });

  it("keeps one connection to Mollie open for many webhooks, through datekit's agent", async () => {
    const { browser } = await buyer();
    const { payment } = await order(browser);
    mollie.decide(payment.payment_id!, 'paid');
    await webhook(payment.payment_id!);
    // The client's own agent would open a TLS connection per call; ours is kept alive and reused.
    const connect = vi.spyOn(MOLLIE_AGENT, 'createConnection');
    try {
      for (let i = 0; i < 5; i++) expect((await webhook(payment.payment_id!)).status).toBe(200);
      expect(connect.mock.calls.length).toBeLessThanOrEqual(1);
      const open = (sockets: NodeJS.ReadOnlyDict<unknown[]>) => Object.values(sockets).flat().length;
      expect(open(MOLLIE_AGENT.sockets) + open(MOLLIE_AGENT.freeSockets)).toBeGreaterThan(0);
    } finally {
      connect.mockRestore();
    }
  });

  it('a refund Mollie refused once succeeds when tried again', async () => {
    const { id, browser } = await buyer();
    const { payment } = await order(browser);
    mollie.decide(payment.payment_id!, 'paid');
    await webhook(payment.payment_id!);
    mollie.refusedRefunds = 1;
    await expect(refundPayment(server.services, payment.id)).rejects.toThrow(/provider refused the refund/);
    expect(await status(browser, payment.id)).toBe('paid');
    const retry = await refundPayment(server.services, payment.id);
    expect(retry).toMatchObject({ credits: 100, refundedCents: 1496, balance: 20 });
    expect(mollie.refunds.filter((r) => r.paymentId === payment.payment_id)).toHaveLength(1);
    server.advance(WEBHOOK_QUIET_MS);
    // Mollie's webhook for its refund books nothing more: the payment already stands refunded.
    await webhook(payment.payment_id!);
    const ledger = await server.services.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.sum<number>('amount').as('sum'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.sum)).toBe(20);
  });

  it('a chargeback of credits already spent leaves a debt the next purchase settles; the member is mailed', async () => {
    const { id, browser } = await buyer();
    const credits = async () => (await browser.get<{ user: { credits: number } }>('/api/user.php')).body.user.credits;
    const first = (await order(browser)).payment;
    mollie.decide(first.payment_id!, 'paid');
    await webhook(first.payment_id!);
    // 120 credits (20 from signing up); 90 spent: of the payment's 100, 70 are gone.
    await server.services.db
      .insertInto('credit_ledger')
      .values({ user_id: id, amount: -90, reason: 'message', ref: null, note: null, created_at: Date.now() })
      .execute();
    const mailsBefore = server.outbox().length;
    mollie.chargeBack(first.payment_id!);
    server.advance(WEBHOOK_QUIET_MS);
    await webhook(first.payment_id!);
    await webhook(first.payment_id!);
    expect(await credits()).toBe(0);
    const reversed = () =>
      server.services.db
        .selectFrom('payments')
        .select(['status', 'credits_reversed', 'credits_unrecovered'])
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
    expect(await reversed()).toEqual({ status: 'charged_back', credits_reversed: 30, credits_unrecovered: 70 });
    const mails = server.outbox().slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Your payment to Alpha Dates was charged back');
    expect(mails[0]).toContain('You had already used 70 credits of this payment.');

    // The next purchase's 100 credits settle the 70 first: 30 reach the balance.
    const second = (await order(browser)).payment;
    mollie.decide(second.payment_id!, 'paid');
    await webhook(second.payment_id!);
    await webhook(second.payment_id!);
    expect(await credits()).toBe(30);
    expect(await reversed()).toEqual({ status: 'charged_back', credits_reversed: 100, credits_unrecovered: 0 });
    const debt = await server.services.db
      .selectFrom('credit_ledger')
      .select(['amount', 'ref'])
      .where('user_id', '=', id)
      .where('reason', '=', 'debt')
      .execute();
    expect(debt).toEqual([{ amount: -70, ref: `payment:${first.id}:settled-by:${second.id}` }]);
  });

  it('answers webhook replays inside the quiet window without asking Mollie, and follows a refund made meanwhile at its end', async () => {
    const { id, browser } = await buyer();
    const credits = async () => (await browser.get<{ user: { credits: number } }>('/api/user.php')).body.user.credits;
    const { payment } = await order(browser);
    const providerId = payment.payment_id!;
    mollie.decide(providerId, 'paid');
    await webhook(providerId);
    expect(await credits()).toBe(120);
    const spy = vi.spyOn(server.services.payments, 'getPayment');
    // Jobs of other tests' payments may run too: only this payment's calls count.
    const asked = () => spy.mock.calls.filter(([asked]) => asked === providerId).length;
    try {
      for (let i = 0; i < 20; i++) expect((await webhook(providerId)).status).toBe(200);
      // A refund at Mollie inside the window: its webhook is not lost, it is followed at the window's end.
      mollie.payments.get(providerId)!.amountRefunded = { currency: 'EUR', value: '14.96' };
      expect((await webhook(providerId)).status).toBe(200);
      expect(asked()).toBe(0);
      expect(await credits()).toBe(120);
      const jobs = await server.services.db
        .selectFrom('jobs')
        .select(['run_at', 'status'])
        .where('name', '=', PAYMENT_SYNC_JOB)
        .where('unique_key', 'like', `${PAYMENT_SYNC_JOB}:${payment.id}@%`)
        .execute();
      expect(jobs).toHaveLength(1);
      const runner = createJobRunner(server.services);
      server.advance(WEBHOOK_QUIET_MS);
      expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
      expect(asked()).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(await credits()).toBe(20);
    expect(await status(browser, payment.id)).toBe('refunded');
    expect(await ledgerAmounts(server, id, 'refund')).toEqual([-100]);
  });

  it('answers 200 for an id Mollie does not know', async () => {
    expect((await webhook('tr_doesnotexist')).status).toBe(200);
  });

  it('creates the refund at Mollie and handles a chargeback', async () => {
    const refunded = await buyer();
    const first = await order(refunded.browser);
    mollie.decide(first.payment.payment_id!, 'paid');
    await webhook(first.payment.payment_id!);
    const result = await refundPayment(server.services, first.payment.id);
    expect(result).toMatchObject({ credits: 100, refundedCents: 1496 });
    expect(mollie.refunds.at(-1)).toMatchObject({
      paymentId: first.payment.payment_id,
      amount: { currency: 'EUR', value: '14.96' },
    });

    const reversed = await buyer();
    const second = await order(reversed.browser);
    mollie.decide(second.payment.payment_id!, 'paid');
    await webhook(second.payment.payment_id!);
    mollie.chargeBack(second.payment.payment_id!);
    server.advance(WEBHOOK_QUIET_MS);
    await webhook(second.payment.payment_id!);
    expect(await status(reversed.browser, second.payment.id)).toBe('charged_back');
    const user = (await reversed.browser.get<{ user: { credits: number } }>('/api/user.php')).body.user;
    expect(user.credits).toBe(20);
  });
});
