import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_GRACE_DAYS } from '@datekit/runtime/rules/constants';
import type { CreditOffers, Payment } from '@datekit/runtime/schemas/api/payments';
import type { TestClient } from '../../test/http-client.ts';
import { FIXTURE_BRANDS } from '../../test/fixture-brands.ts';
import { startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { member } from '../../test/member.ts';
import { memberColumns, tablesHoldingMember } from '../../test/member-tables.ts';
import { eraseAccount } from '../account/erase-account.ts';
import { MEMBER_DATA } from '../account/personal-data.ts';
import { insertOpenPayment } from '../payments/create-payment.ts';
import { priceOrder } from '../payments/order-pricing.ts';
import { createSandboxProvider, type SandboxOutcome } from '../payments/sandbox-provider.ts';
import { syncPayment } from '../payments/sync-payment.ts';
import { loadMemberById } from '../users/current-member.ts';
import { createDiscountCode } from './manage-codes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The starter bundle of alpha.test: its list price, and with the 25 % time bonus or welcome discount. */
const LIST = 1995;
const DISCOUNTED = 1496;

/** An active member `ageSeconds` after signup: within the 4 h time bonus unless told otherwise. */
const holder = (ageSeconds = 60) => member(server, { label: 'Holder', signedUpAgoMs: ageSeconds * 1000 });

const order = (browser: TestClient, code?: string) =>
  browser.post<{ payment: Payment; error?: string; message?: string }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
    ...(code ? { discount_code: code } : {}),
  });

const offers = async (browser: TestClient) => (await browser.get<CreditOffers>('/api/credits.php')).body;

async function decide(payment: Payment, outcome: SandboxOutcome) {
  await createSandboxProvider(server.services.db, server.services.now).settle(payment.payment_id!, outcome);
  return syncPayment(server.services, payment.payment_id!);
}

const discounted = (userId: number) =>
  server.services.db
    .selectFrom('payments')
    .select(['id', 'discount_code'])
    .where('user_id', '=', userId)
    .where('discount_code', 'is not', null)
    .execute();

describe('a discount valid once per member, held by one checkout at a time', () => {
  it('discounts exactly one of 20 concurrent checkouts with the time bonus; the others pay the normal price', async () => {
    const { id, browser } = await holder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(browser)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const amounts = answers.map((a) => a.body.payment.amount_cents).sort();
    expect(amounts).toEqual([DISCOUNTED, ...Array(19).fill(LIST)]);
    expect(await discounted(id)).toHaveLength(1);
  });

  it('lets only one of 20 concurrent checkouts with TIMEBONUS25 typed take it; the others are refused', async () => {
    const { id, browser } = await holder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(browser, 'TIMEBONUS25')));
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.payment.amount_cents).toBe(DISCOUNTED);
    for (const lost of answers.filter((a) => a.status !== 201)) {
      expect(lost.status).toBe(409);
      expect(lost.body).toMatchObject({ error: 'discount_used', message: 'Code already used' });
    }
    // The refused ones recorded nothing that could be paid at the discount.
    expect(await discounted(id)).toEqual([{ id: won[0]!.body.payment.id, discount_code: 'TIMEBONUS25' }]);
  });

  it('records the normal price when another checkout took the discount after the order was priced', async () => {
    const { id, browser } = await holder();
    const brand = FIXTURE_BRANDS.find((b) => b.domain === 'alpha.test')!;
    const row = (await loadMemberById(server.services, id))!;
    const quoted = await priceOrder(server.services, brand, row, { bundleId: 'starter', method: 'creditcard' });
    expect(quoted.amountCents).toBe(DISCOUNTED);
    // Another tab's checkout commits in between: the quoted discount is no longer free.
    expect((await order(browser)).body.payment.amount_cents).toBe(DISCOUNTED);
    const { payment, priced } = await insertOpenPayment(server.services, brand, id, quoted, 'http://alpha.test');
    expect(priced).toMatchObject({ amountCents: LIST, discount: null });
    expect(payment).toMatchObject({ amount_cents: LIST, discount_code: null, discount_percent: 0 });
  });

  it('prices a second checkout normally while the first is open, and gives the discount back when it fails or expires', async () => {
    const { browser } = await holder();
    const first = await order(browser);
    expect(first.body.payment).toMatchObject({ amount_cents: DISCOUNTED, discount_code: 'TIMEBONUS25' });

    // The page says why the discount is not applied now.
    const held = await offers(browser);
    expect(held.discount).toBeNull();
    expect(held.held_discount).toEqual({
      code: 'TIMEBONUS25',
      value_percentage: 25,
      payment_id: first.body.payment.id,
    });
    expect(held.bundles.find((b) => b.id === 'starter')!.amount_cents).toBe(LIST);

    const second = await order(browser);
    expect(second.body.payment).toMatchObject({ amount_cents: LIST, discount_code: null });
    // Typed, either name of the first-purchase discount is refused while it is held.
    expect((await order(browser, 'TIMEBONUS25')).body.error).toBe('discount_used');
    expect((await order(browser, 'WELCOME25')).body.error).toBe('discount_used');

    expect((await decide(first.body.payment, 'failed'))?.status).toBe('failed');
    const again = await offers(browser);
    expect(again.discount?.code).toBe('TIMEBONUS25');
    expect(again.held_discount).toBeNull();
    const third = await order(browser);
    expect(third.body.payment.amount_cents).toBe(DISCOUNTED);

    expect((await decide(third.body.payment, 'expired'))?.status).toBe('expired');
    const fourth = await order(browser);
    expect(fourth.body.payment.amount_cents).toBe(DISCOUNTED);
    expect((await decide(fourth.body.payment, 'canceled'))?.status).toBe('canceled');
    expect((await order(browser)).body.payment.amount_cents).toBe(DISCOUNTED);
  });

  it("keeps an operator's once-per-member code for good once paid, and lets other members use it", async () => {
    await createDiscountCode(server.services, {
      brand: 'alpha.test',
      code: 'EACH1',
      percent: 50,
      validity: 'once-per-user',
    });
    // Past the welcome days: only the typed code applies.
    const a = await holder(8 * 86_400);
    const b = await holder(8 * 86_400);
    const first = await order(a.browser, 'EACH1');
    expect(first.body.payment.amount_cents).toBe(998);
    expect((await order(a.browser, 'EACH1')).body.error).toBe('discount_used');
    const lookUp = await b.browser.get('/api/discountcode.php?code=EACH1');
    expect(lookUp.status, lookUp.text).toBe(200);
    expect((await order(b.browser, 'EACH1')).status).toBe(201);

    expect((await decide(first.body.payment, 'expired'))?.status).toBe('expired');
    const second = await order(a.browser, 'EACH1');
    expect(second.status, second.text).toBe(201);
    expect((await decide(second.body.payment, 'paid'))?.status).toBe('paid');
    expect((await order(a.browser, 'EACH1')).body.error).toBe('discount_used');
    const hold = await server.services.db
      .selectFrom('discount_member_holds')
      .select('payment_id')
      .where('user_id', '=', a.id)
      .execute();
    expect(hold).toEqual([{ payment_id: second.body.payment.id }]);
  });

  it('gives the discount back when the provider refuses the checkout', async () => {
    const { browser } = await holder();
    const provider = server.services.payments;
    server.services.payments = { ...provider, createPayment: () => Promise.reject(new Error('provider down')) };
    try {
      expect((await order(browser)).body.error).toBe('payment_unavailable');
    } finally {
      server.services.payments = provider;
    }
    expect((await order(browser)).body.payment.amount_cents).toBe(DISCOUNTED);
  });

  it('is named in the data rules, and goes with the erased account', async () => {
    const { id, browser } = await holder();
    expect((await order(browser)).body.payment.amount_cents).toBe(DISCOUNTED);
    const columns = await memberColumns(server.services.db, server.services.engine);
    const held = await tablesHoldingMember(server.services.db, columns, id);
    expect(held.has('discount_member_holds')).toBe(true);
    expect(MEMBER_DATA.discount_member_holds).toBeDefined();

    const password = validSignup().password as string;
    expect((await browser.post('/api/account-delete.php', { password })).status).toBe(200);
    server.advance(DELETION_GRACE_DAYS * 86_400_000 + 1);
    expect(await eraseAccount(server.services, id)).toBe('erased');
    expect((await tablesHoldingMember(server.services.db, columns, id)).has('discount_member_holds')).toBe(false);
  });
});
