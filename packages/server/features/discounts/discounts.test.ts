import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditOffers, DiscountCodeJson, Payment } from '@datekit/runtime/schemas/api/payments';
import type { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { member } from '../../test/member.ts';
import { createSandboxProvider } from '../payments/sandbox-provider.ts';
import { syncPayment } from '../payments/sync-payment.ts';
import { createDiscountCode, disableDiscountCode, listDiscountCodes, type NewDiscountCode } from './manage-codes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An active member whose signup lies `ageSeconds` in the past (default: past the 7 welcome days). */
const saver = (ageSeconds = 8 * 86_400) => member(server, { label: 'Saver', signedUpAgoMs: ageSeconds * 1000 });

const code = (input: Partial<NewDiscountCode> & { code: string }) =>
  createDiscountCode(server.services, { brand: 'alpha.test', percent: 10, validity: 'unlimited', ...input });

async function order(browser: TestClient, body: Record<string, unknown> = {}) {
  return browser.post<{ payment: Payment; error?: string; message?: string }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
    ...body,
  });
}

async function pay(payment: Payment) {
  await createSandboxProvider(server.services.db, server.services.now).settle(payment.payment_id!, 'paid');
  await syncPayment(server.services, payment.payment_id!);
}

const offers = async (browser: TestClient) => (await browser.get<CreditOffers>('/api/credits.php')).body;

describe('the time bonus', () => {
  it('applies from signup up to 14399 s, not at 14400 s', async () => {
    for (const [age, want] of [
      [0, 'TIMEBONUS25'],
      [14_399, 'TIMEBONUS25'],
      [14_400, 'WELCOME25'],
    ] as const) {
      const { browser } = await saver(age);
      const offer = await offers(browser);
      expect(offer.discount?.code, `at ${age} s`).toBe(want);
      expect(offer.bundles[0]).toMatchObject({ list_amount_cents: 1995, amount_cents: 1496 });
      const res = await order(browser, { discount_code: 'TIMEBONUS25' });
      if (want === 'TIMEBONUS25') expect(res.body.payment.discount_code).toBe('TIMEBONUS25');
      else expect(res.body.error).toBe('discount_not_found');
    }
  });

  it('ends with the first purchase: a paid member gets no discount', async () => {
    const { browser } = await saver(60);
    const first = await order(browser);
    expect(first.body.payment.discount_percent).toBe(25);
    await pay(first.body.payment);
    const offer = await offers(browser);
    expect(offer.discount).toBeNull();
    expect(offer.bundles[0]!.amount_cents).toBe(1995);
    const again = await order(browser);
    expect(again.body.payment).toMatchObject({ amount_cents: 1995, discount_code: null });
  });
});

describe('the welcome discount', () => {
  it('answers visitors and new members, and 404 once it no longer applies', async () => {
    const visitor = await server
      .client()
      .get<{ discount_code: DiscountCodeJson }>('/api/discountcode.php?welcome=true');
    expect(visitor.body.discount_code).toMatchObject({ code: 'WELCOME25', value_percentage: 25, expired: false });
    const { browser } = await saver(86_400);
    expect((await browser.get('/api/discountcode.php?welcome=true')).status).toBe(200);
    const old = await saver(8 * 86_400);
    const gone = await old.browser.get('/api/discountcode.php?welcome=true');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Code not found');
  });
});

describe('operator discount codes', () => {
  it('looks codes up and applies them to an order', async () => {
    await code({ code: 'SPRING20', percent: 20 });
    const { browser } = await saver();
    const found = await browser.get<{ discount_code: DiscountCodeJson }>('/api/discountcode.php?code=spring20');
    expect(found.body.discount_code).toMatchObject({ code: 'SPRING20', value_percentage: 20, validity: 'unlimited' });
    const res = await order(browser, { discount_code: 'SPRING20' });
    expect(res.body.payment).toMatchObject({ amount_cents: 1596, discount_code: 'SPRING20', discount_percent: 20 });
  });

  it('says Code not found for unknown, disabled, other-country and other-member codes', async () => {
    const owner = await saver();
    await code({ code: 'ONLYDE', country: 'DE' });
    await code({ code: 'FOROWNER', email: owner.email });
    await code({ code: 'OFFNOW' });
    await disableDiscountCode(server.services, 'alpha.test', 'OFFNOW');
    const { browser } = await saver();
    for (const name of ['NOPE', 'ONLYDE', 'FOROWNER', 'OFFNOW']) {
      const res = await browser.get(`/api/discountcode.php?code=${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.message).toBe('Code not found');
      expect((await order(browser, { discount_code: name })).body.error).toBe('discount_not_found');
    }
    expect((await owner.browser.get('/api/discountcode.php?code=FOROWNER')).status).toBe(200);
  });

  it('refuses expired codes, orders below the minimum and other payment methods', async () => {
    const now = server.services.now();
    await code({ code: 'OLD', expires: new Date(now - 1000).toISOString() });
    await code({ code: 'BIGORDER', minimumOrder: 19.96 });
    await code({ code: 'EXACT', minimumOrder: 19.95 });
    await code({ code: 'PAYPALONLY', methods: ['paypal'] });
    const { browser } = await saver();
    const old = await browser.get<{ discount_code: DiscountCodeJson }>('/api/discountcode.php?code=OLD');
    expect(old.body.discount_code.expired).toBe(true);
    expect((await order(browser, { discount_code: 'OLD' })).body).toMatchObject({
      error: 'discount_not_applicable',
      reason: 'expired',
    });
    expect((await order(browser, { discount_code: 'BIGORDER' })).body).toMatchObject({ reason: 'minimum' });
    expect((await order(browser, { discount_code: 'EXACT' })).body.payment.discount_code).toBe('EXACT');
    expect((await order(browser, { discount_code: 'PAYPALONLY' })).body).toMatchObject({ reason: 'method' });
    expect((await order(browser, { discount_code: 'PAYPALONLY', method: 'paypal' })).body.payment.amount_cents).toBe(
      1796,
    );
  });

  it('says Code already used once a once-per-user or once code was paid with', async () => {
    await code({ code: 'MINE', validity: 'once-per-user' });
    await code({ code: 'FIRSTONLY', validity: 'once' });
    const first = await saver();
    const second = await saver();
    await pay((await order(first.browser, { discount_code: 'MINE' })).body.payment);
    await pay((await order(first.browser, { discount_code: 'FIRSTONLY' })).body.payment);
    const again = await first.browser.get('/api/discountcode.php?code=MINE');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Code already used');
    expect((await order(first.browser, { discount_code: 'MINE' })).body.error).toBe('discount_used');
    // once-per-user: others still may; once: nobody else.
    expect((await second.browser.get('/api/discountcode.php?code=MINE')).status).toBe(200);
    expect((await order(second.browser, { discount_code: 'FIRSTONLY' })).body.error).toBe('discount_used');
  });

  it('validates operator input and lists codes', async () => {
    await expect(code({ code: 'x' })).rejects.toThrow(/3 to 40/);
    await expect(code({ code: 'HUGE', percent: 100 })).rejects.toThrow(/1 to 90/);
    await expect(code({ code: 'TIMEBONUS25' })).rejects.toThrow(/built in/);
    await expect(code({ code: 'SPRING20' })).rejects.toThrow(/already exists/);
    await expect(code({ code: 'BADMETHOD', methods: ['cash'] })).rejects.toThrow(/unknown payment methods/);
    const codes = await listDiscountCodes(server.services, 'alpha.test');
    expect(codes.map((c) => c.code)).toContain('SPRING20');
  });

  it('needs a login to look a code up', async () => {
    const res = await server.client().get('/api/discountcode.php?code=SPRING20');
    expect(res.status).toBe(403);
    expect(res.body.authentication_required).toBe(true);
  });
});
