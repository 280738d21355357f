import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepeatOrder } from '@datekit/runtime/schemas/api/direct-debit';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import type { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { member } from '../../test/member.ts';
import { cardsOf, creditsOf, expectRepeatRefused, lastPayment, repeatOrder } from '../../test/payment-provider.ts';
import { SANDBOX_CARD_LABEL, type createSandboxProvider, type SandboxOutcome } from './sandbox-provider.ts';

/** The built-in sandbox: a card paid in its checkout is stored, and a repeat order charges it in one click. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cardholder = () => member(server, { label: 'Card' });

/** A bundle bought by card through the sandbox checkout, with the buyer's choice. */
async function buyByCard(browser: TestClient, outcome: SandboxOutcome = 'paid'): Promise<Payment> {
  const res = await browser.post<{ payment: Payment }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
  });
  expect(res.status, res.text).toBe(201);
  const decided = await browser.request('POST', '/api/sandbox-checkout.php', {
    raw: new URLSearchParams({ id: res.body.payment.payment_id!, outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    noClientHeader: true,
  });
  expect(decided.status).toBe(303);
  return res.body.payment;
}

const offer = async (browser: TestClient) => (await browser.get<RepeatOrder>('/api/repeat-order.php')).body;
const sandbox = () => server.services.payments as ReturnType<typeof createSandboxProvider>;

describe('a stored card in the sandbox', () => {
  it('is stored by a paid card payment and charged by a repeat order without a checkout', async () => {
    const { id, browser } = await cardholder();
    await buyByCard(browser);
    const cards = await server.services.db.selectFrom('card_mandates').selectAll().where('user_id', '=', id).execute();
    expect(cards).toMatchObject([{ provider: 'sandbox', label: SANDBOX_CARD_LABEL, status: 'valid' }]);
    expect(await offer(browser)).toEqual({
      bundle: { id: 'starter', credits: 100, amount_cents: 1995, currency: 'EUR' },
      method: 'creditcard',
      card: { label: 'Visa •••• 4242' },
      mandate: null,
    });
    const start = await creditsOf(browser);
    const res = await repeatOrder(browser);
    expect(res.status, res.text).toBe(201);
    // Paid at once: no checkout, the credits are there when the answer arrives.
    expect(res.body.payment).toMatchObject({ method: 'creditcard', status: 'paid', credits: 100, amount_cents: 1995 });
    expect(await creditsOf(browser)).toBe(start + 100);
    const remote = await server.services.db
      .selectFrom('sandbox_payments')
      .select(['sequence_type', 'customer_id', 'mandate_id', 'redirect_url'])
      .where('id', '=', res.body.payment.payment_id!)
      .executeTakeFirstOrThrow();
    expect(remote).toEqual({
      sequence_type: 'recurring',
      customer_id: cards[0]!.provider_customer_id,
      mandate_id: cards[0]!.provider_mandate_id,
      redirect_url: '',
    });
    // The webhook and return visits again change nothing: booked once.
    await server.client().request('POST', '/api/payment-webhook.php', {
      raw: `id=${res.body.payment.payment_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      noClientHeader: true,
    });
    expect(await creditsOf(browser)).toBe(start + 100);
  });

  it('says on the checkout page that paying stores the test card', async () => {
    const { browser } = await cardholder();
    const res = await browser.post<{ checkout_url: string }>('/api/payment.php', {
      bundle_id: 'starter',
      method: 'creditcard',
    });
    const page = await browser.get(res.body.checkout_url);
    expect(page.text).toContain('Paying stores the test card Visa •••• 4242 for one-click repeat orders.');
  });

  it('stores nothing for a failed card payment, and offers no repeat order then', async () => {
    const { id, browser } = await cardholder();
    await buyByCard(browser, 'failed');
    expect(
      await server.services.db.selectFrom('card_mandates').where('user_id', '=', id).selectAll().execute(),
    ).toEqual([]);
    expect((await offer(browser)).method).toBeNull();
    const res = await repeatOrder(browser);
    expect(res.status).toBe(404);
  });

  it("is only its owner's: another member cannot charge it", async () => {
    const owner = await cardholder();
    await buyByCard(owner.browser);
    const other = await cardholder();
    // The other member has paid before, but has no stored method (their card is gone).
    await buyByCard(other.browser);
    await server.services.db.deleteFrom('card_mandates').where('user_id', '=', other.id).execute();
    const before = await server.services.db.selectFrom('sandbox_payments').select('id').execute();
    const res = await repeatOrder(other.browser);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'stored_payment_method_required',
      message: 'Pay once by card or set up direct debit to order again in one click.',
    });
    expect((await offer(other.browser)).card).toBeNull();
    expect(await server.services.db.selectFrom('sandbox_payments').select('id').execute()).toHaveLength(before.length);
    // And the sandbox, like a real provider, refuses a mandate that is not the customer's.
    const [card] = await server.services.db
      .selectFrom('card_mandates')
      .selectAll()
      .where('user_id', '=', owner.id)
      .execute();
    await expect(
      server.services.payments.createRecurringPayment({
        amountCents: 100,
        currency: 'EUR',
        description: 'x',
        method: 'creditcard',
        locale: 'en',
        brand: 'alpha.test',
        webhookUrl: 'http://x/',
        reference: '1',
        customerId: 'cst_sbx_someoneelse',
        mandateId: card!.provider_mandate_id,
      }),
    ).rejects.toThrow(/no card mandate/);
  });

  it("answers 'could not be completed with the stored card' when the charge fails, and books nothing", async () => {
    const { id, browser } = await cardholder();
    await buyByCard(browser);
    const start = await creditsOf(browser);
    const provider = server.services.payments;
    server.services.payments = { ...provider, createRecurringPayment: () => Promise.reject(new Error('card expired')) };
    try {
      const res = await repeatOrder(browser);
      expectRepeatRefused(res, 'stored_payment_failed');
    } finally {
      server.services.payments = provider;
    }
    expect(await creditsOf(browser)).toBe(start);
    // A one-off decline: the sandbox still calls the mandate usable, so the card stays on offer.
    expect(await cardsOf(server, id)).toMatchObject([{ status: 'valid' }]);
    expect((await offer(browser)).card).toEqual({ label: SANDBOX_CARD_LABEL });
    const last = await lastPayment(server, id);
    expect(last.status).toBe('failed');
  });

  it('marks the card invalid when the sandbox refuses it as revoked; the page then asks for a checkout', async () => {
    const { id, browser } = await cardholder();
    await buyByCard(browser);
    const [card] = await cardsOf(server, id);
    expect(await sandbox().mandateUsable('cst_sbx_someoneelse', card!.provider_mandate_id)).toBe(false);
    expect(await sandbox().revokeMandate(card!.provider_mandate_id)).toBe(true);
    const start = await creditsOf(browser);
    const res = await repeatOrder(browser);
    expectRepeatRefused(res, 'stored_card_invalid');
    expect(await creditsOf(browser)).toBe(start);
    expect(await cardsOf(server, id)).toEqual([{ provider_mandate_id: card!.provider_mandate_id, status: 'invalid' }]);
    // No stored card on offer any more: the page shows the way to a checkout, and one click is refused.
    expect(await offer(browser)).toMatchObject({ bundle: { id: 'starter' }, method: null, card: null });
    const again = await repeatOrder(browser);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('stored_payment_method_required');
    // A new card paid through the checkout is stored and offered again.
    await buyByCard(browser);
    const cards = await cardsOf(server, id);
    expect(cards.map((c) => c.status)).toEqual(['invalid', 'valid']);
    expect((await offer(browser)).card).toEqual({ label: SANDBOX_CARD_LABEL });
    expect((await repeatOrder(browser)).status).toBe(201);
  });

  it('a retry with the same Idempotency-Key answers the first repeat order: charged once', async () => {
    const { id, browser } = await cardholder();
    await buyByCard(browser);
    const start = await creditsOf(browser);
    const first = await repeatOrder(browser, `repeat-${id}`);
    const retry = await repeatOrder(browser, `repeat-${id}`);
    expect(first.status, first.text).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await creditsOf(browser)).toBe(start + 100);
    const another = await repeatOrder(browser, `repeat-${id}-2`);
    expect(another.status).toBe(201);
    expect(await creditsOf(browser)).toBe(start + 200);
  });
});
