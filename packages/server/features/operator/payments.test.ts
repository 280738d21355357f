import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/http-client.ts';
import type { TestServer } from '../../test/test-server.ts';
import { book } from '../credits/ledger.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { WEBHOOK_QUIET_MS } from '../payments/webhook-sync.ts';
import { activeMember } from './test-members.ts';
import { signIn, startServerWithOperators, type TestOperator } from './test-operators.ts';

let server: TestServer;
let finance: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  ({
    server,
    operators: { finance, support },
  } = await startServerWithOperators(['finance', 'support']));
}, 30_000);

afterAll(async () => {
  await server.close();
});

/** A paid starter bundle through the sandbox checkout, as the member's browser does it. */
async function paidPayment(browser: TestClient, body: Record<string, unknown> = {}): Promise<number> {
  const res = await browser.post<{ payment: { id: number; payment_id: string } }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  await browser.request('POST', '/api/sandbox-checkout.php', {
    raw: new URLSearchParams({ id: res.body.payment.payment_id, outcome: 'paid' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    noClientHeader: true,
  });
  return res.body.payment.id;
}

type Listed = { payments: { id: number; status: string; refundable: boolean; discount_code: string | null }[] };

describe('payments', () => {
  it('shows a chargeback made at the provider, the credits taken back and the debt left, on the payments and member pages', async () => {
    const m = await activeMember(server);
    const id = await paidPayment(m.browser);
    const { provider_payment_id: providerId } = await server.services.db
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const balance = (await m.browser.get<{ user: { credits: number } }>('/api/user.php')).body.user.credits;
    // All but 40 credits spent: the chargeback takes those 40 back and leaves 60 of the bundle's 100 owed.
    await book(server.services.db, {
      userId: m.id,
      amount: 40 - balance,
      reason: 'message',
      at: server.services.now(),
    });
    await createSandboxProvider(server.services.db, server.services.now).chargeBack(providerId!);
    server.advance(WEBHOOK_QUIET_MS);
    const hook = await server.client().request('POST', '/api/payment-webhook.php', {
      raw: `id=${providerId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      noClientHeader: true,
    });
    expect(hook.status).toBe(200);

    const list = await support.browser.get<Listed>(`/api/operator/payments?member_id=${m.id}`);
    expect(list.body.payments).toEqual([
      expect.objectContaining({ id, status: 'charged_back', credits_reversed: 40, credits_unrecovered: 60 }),
    ]);
    const detail = await support.browser.get<{
      member: { debt: number; balance: number };
      payments: { id: number; status: string; credits_unrecovered: number }[];
    }>(`/api/operator/members/${m.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.member).toMatchObject({ debt: 60, balance: 0 });
    expect(detail.body.payments).toEqual([
      expect.objectContaining({ id, status: 'charged_back', credits_unrecovered: 60 }),
    ]);
  });

  it('lists and filters payments; refunds within refund_days once, audited; the member sees it', async () => {
    const m = await activeMember(server);
    const id = await paidPayment(m.browser);
    const today = new Date(server.services.now()).toISOString().slice(0, 10);
    const list = await support.browser.get<Listed>(
      `/api/operator/payments?brand=alpha.test&status=paid&from=${today}&to=${today}`,
    );
    expect(list.status, list.text).toBe(200);
    expect(list.body.payments).toEqual([expect.objectContaining({ id, status: 'paid', refundable: true })]);
    expect((await support.browser.get<Listed>('/api/operator/payments?method=paypal')).body.payments).toEqual([]);
    expect(
      (await support.browser.get<Listed>('/api/operator/payments?from=2000-01-01&to=2000-01-02')).body.payments,
    ).toEqual([]);

    expect((await support.browser.post(`/api/operator/payments/${id}/refund`, { reason: 'asked' })).body.error).toBe(
      'operator_forbidden',
    );
    const refund = await finance.browser.post<{ credits: number }>(`/api/operator/payments/${id}/refund`, {
      reason: 'unhappy customer',
    });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.credits).toBeGreaterThan(0);
    const again = await finance.browser.post(`/api/operator/payments/${id}/refund`, { reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('refund_not_possible');

    const mine = await m.browser.get<{ payments: { id: number; status: string }[] }>('/api/payments.php');
    expect(mine.body.payments).toEqual([expect.objectContaining({ id, status: 'refunded' })]);
    const rows = await server.services.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_email', 'reason'])
      .where('target_type', '=', 'payment')
      .where('target_id', '=', String(id))
      .execute();
    expect(rows).toEqual([{ action: 'payment.refund', operator_email: finance.email, reason: 'unhappy customer' }]);
  });

  it('refuses a refund after refund_days', async () => {
    const m = await activeMember(server);
    const id = await paidPayment(m.browser);
    server.advance(15 * 86_400_000);
    // Beyond the operator's 12-hour session too: sign in again.
    await signIn(server, finance.browser, finance.email, finance.secret);
    const listed = (await finance.browser.get<Listed>('/api/operator/payments?status=paid')).body.payments.find(
      (p) => p.id === id,
    );
    expect(listed?.refundable).toBe(false);
    const late = await finance.browser.post(`/api/operator/payments/${id}/refund`, { reason: 'too late' });
    expect(late.status).toBe(409);
  });
});

describe('discount codes', () => {
  it('creates, lists with usage counts and disables codes, audited', async () => {
    const created = await finance.browser.post('/api/operator/codes', {
      brand: 'alpha.test',
      code: 'spring25',
      percent: 25,
      validity: 'unlimited',
    });
    expect(created.status, created.text).toBe(200);
    const duplicate = await finance.browser.post('/api/operator/codes', {
      brand: 'alpha.test',
      code: 'SPRING25',
      percent: 10,
      validity: 'once',
    });
    expect(duplicate.status).toBe(422);
    const m = await activeMember(server);
    await paidPayment(m.browser, { discount_code: 'SPRING25' });
    const list = await finance.browser.get<{ codes: { code: string; uses: number; status: string }[] }>(
      '/api/operator/codes?brand=alpha.test',
    );
    expect(list.body.codes).toEqual([expect.objectContaining({ code: 'SPRING25', uses: 1, status: 'active' })]);
    expect(
      (await finance.browser.post('/api/operator/codes/disable', { brand: 'alpha.test', code: 'spring25' })).status,
    ).toBe(200);
    expect(
      (await finance.browser.post('/api/operator/codes/disable', { brand: 'alpha.test', code: 'NOPE' })).status,
    ).toBe(404);
    const after = await finance.browser.get<{ codes: { status: string }[] }>('/api/operator/codes?brand=alpha.test');
    expect(after.body.codes[0]!.status).toBe('disabled');
    const actions = await server.services.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target_type', '=', 'discount_code')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['discount.create', 'discount.disable']);
  });
});
