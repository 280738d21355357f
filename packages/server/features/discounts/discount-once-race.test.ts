import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import type { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { member } from '../../test/member.ts';
import { createSandboxProvider, type SandboxOutcome } from '../payments/sandbox-provider.ts';
import { syncPayment } from '../payments/sync-payment.ts';
import { createDiscountCode } from './manage-codes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An active member past the welcome days, so only the code typed applies. */
const racer = () => member(server, { label: 'Racer', signedUpAgoMs: 8 * 86_400_000 });

const order = (browser: TestClient, code: string) =>
  browser.post<{ payment: Payment; error?: string; message?: string }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
    discount_code: code,
  });

async function decide(payment: Payment, outcome: SandboxOutcome) {
  await createSandboxProvider(server.services.db, server.services.now).settle(payment.payment_id!, outcome);
  return syncPayment(server.services, payment.payment_id!);
}

describe('a code valid once, for one payment in total', () => {
  it('lets only one of many concurrent checkouts take it', async () => {
    await createDiscountCode(server.services, { brand: 'alpha.test', code: 'RACE1', percent: 50, validity: 'once' });
    const members = await Promise.all(Array.from({ length: 6 }, () => racer()));
    const answers = await Promise.all(members.map((m) => order(m.browser, 'RACE1')));
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 201)) {
      expect(lost.status).toBe(409);
      expect(lost.body).toMatchObject({ error: 'discount_used', message: 'Code already used' });
    }
    // The losers recorded no payment: nothing is left open that could be paid at the discount.
    const rows = await server.services.db
      .selectFrom('payments')
      .select(['id', 'amount_cents'])
      .where('discount_code', '=', 'RACE1')
      .execute();
    expect(rows).toEqual([{ id: won[0]!.body.payment.id, amount_cents: 998 }]);
  });

  it('gives the code back when its payment fails, and keeps it once one is paid', async () => {
    await createDiscountCode(server.services, { brand: 'alpha.test', code: 'RACE2', percent: 50, validity: 'once' });
    const [a, b, c] = await Promise.all([racer(), racer(), racer()]);
    const first = await order(a.browser, 'RACE2');
    expect(first.status, first.text).toBe(201);
    // Held by an open checkout: nobody else may start one with it.
    expect((await order(b.browser, 'RACE2')).body.error).toBe('discount_used');
    expect((await b.browser.get('/api/discountcode.php?code=RACE2')).status).toBe(409);

    expect((await decide(first.body.payment, 'failed'))?.status).toBe('failed');
    const second = await order(b.browser, 'RACE2');
    expect(second.status, second.text).toBe(201);
    expect((await decide(second.body.payment, 'paid'))?.status).toBe('paid');
    expect((await order(c.browser, 'RACE2')).body.error).toBe('discount_used');
    expect((await order(a.browser, 'RACE2')).body.error).toBe('discount_used');
  });

  it('gives the code back when the provider refuses the payment', async () => {
    await createDiscountCode(server.services, { brand: 'alpha.test', code: 'RACE3', percent: 50, validity: 'once' });
    const { browser } = await racer();
    const provider = server.services.payments;
    server.services.payments = { ...provider, createPayment: () => Promise.reject(new Error('provider down')) };
    try {
      expect((await order(browser, 'RACE3')).body.error).toBe('payment_unavailable');
    } finally {
      server.services.payments = provider;
    }
    expect((await order(browser, 'RACE3')).status).toBe(201);
  });

  it('leaves codes valid once per member or unlimited without a reservation', async () => {
    await createDiscountCode(server.services, {
      brand: 'alpha.test',
      code: 'MANY',
      percent: 10,
      validity: 'unlimited',
    });
    const members = await Promise.all(Array.from({ length: 3 }, () => racer()));
    const answers = await Promise.all(members.map((m) => order(m.browser, 'MANY')));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
  });
});
