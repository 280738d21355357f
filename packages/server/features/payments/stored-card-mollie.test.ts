import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepeatOrder } from '@datekit/runtime/schemas/api/direct-debit';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import type { FakeMollie } from '../../test/fake-mollie.ts';
import {
  cardsOf,
  creditsOf,
  expectRepeatRefused,
  lastPayment,
  paymentWebhook,
  repeatOrder,
  startServerWithMollie,
} from '../../test/payment-provider.ts';
import type { TestClient } from '../../test/http-client.ts';
import { type TestServer } from '../../test/test-server.ts';
import { member } from '../../test/member.ts';

let mollie: FakeMollie;
let server: TestServer;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ server, mollie, close } = await startServerWithMollie());
});
afterAll(() => close());

const cardholder = () => member(server, { label: 'MollieCard' });

const webhook = (id: string) => paymentWebhook(server, id);

/** A first card payment through Mollie's checkout, paid, and reported by the webhook. */
async function firstCardPayment(browser: TestClient) {
  const res = await browser.post<{ payment: Payment; checkout_url: string }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
  });
  expect(res.status, res.text).toBe(201);
  const id = res.body.payment.payment_id!;
  mollie.decide(id, 'paid');
  expect((await webhook(id)).status).toBe(200);
  return mollie.payments.get(id)!;
}

describe('repeat order with a stored card through Mollie (against the fake)', () => {
  it('makes the first card payment for a customer, and stores the mandate it leaves', async () => {
    const { id, browser, email } = await cardholder();
    const first = await firstCardPayment(browser);
    expect(first).toMatchObject({ sequenceType: 'first', method: 'creditcard', status: 'paid' });
    expect(mollie.customers.get(first.customerId!)).toMatchObject({ email });
    const mandate = mollie.mandates.get(first.mandateId!);
    expect(mandate).toMatchObject({ method: 'creditcard', status: 'valid', customerId: first.customerId });
    const stored = await server.services.db.selectFrom('card_mandates').selectAll().where('user_id', '=', id).execute();
    expect(stored).toMatchObject([
      {
        provider: 'mollie',
        provider_customer_id: first.customerId,
        provider_mandate_id: first.mandateId,
        label: 'Visa •••• 4242',
      },
    ]);
    // A second card payment reuses the customer.
    const again = await firstCardPayment(browser);
    expect(again.customerId).toBe(first.customerId);
    const offer = (await browser.get<RepeatOrder>('/api/repeat-order.php')).body;
    expect(offer).toMatchObject({ method: 'creditcard', card: { label: 'Visa •••• 4242' } });
  });

  it('charges the mandate as a recurring payment, without a checkout, and books the credits once', async () => {
    const { browser } = await cardholder();
    const first = await firstCardPayment(browser);
    const start = await creditsOf(browser);
    const res = await repeatOrder(browser);
    expect(res.status, res.text).toBe(201);
    const recurring = mollie.payments.get(res.body.payment.payment_id!)!;
    expect(recurring).toMatchObject({
      sequenceType: 'recurring',
      customerId: first.customerId,
      mandateId: first.mandateId,
      method: 'creditcard',
      amount: { currency: 'EUR', value: '19.95' },
    });
    expect(recurring._links.checkout).toBeUndefined();
    expect(res.body.payment.status).toBe('paid');
    expect(await creditsOf(browser)).toBe(start + 100);
    // Mollie's webhook for it, several times at once: the credits were booked once.
    await Promise.all(Array.from({ length: 5 }, () => webhook(recurring.id)));
    expect(await creditsOf(browser)).toBe(start + 100);
  });

  it("answers 'could not be completed with the stored card' for a failed charge, and grants nothing", async () => {
    const { browser, id } = await cardholder();
    await firstCardPayment(browser);
    const start = await creditsOf(browser);
    mollie.nextRecurringStatus = 'failed';
    const res = await repeatOrder(browser);
    expectRepeatRefused(res, 'stored_payment_failed');
    const last = await lastPayment(server, id);
    expect(last.status).toBe('failed');
    await webhook(last.provider_payment_id!);
    expect(await creditsOf(browser)).toBe(start);
    // A decline with the mandate still valid at Mollie: the card stays on offer.
    expect(await cardsOf(server, id)).toMatchObject([{ status: 'valid' }]);
    expect((await browser.get<RepeatOrder>('/api/repeat-order.php')).body.card).toEqual({ label: 'Visa •••• 4242' });
  });

  it('marks the card invalid when Mollie refuses its revoked mandate, and offers it no more', async () => {
    const { browser, id } = await cardholder();
    const first = await firstCardPayment(browser);
    const start = await creditsOf(browser);
    mollie.revokeMandate(first.mandateId!);
    const res = await repeatOrder(browser);
    expectRepeatRefused(res, 'stored_card_invalid');
    expect(await creditsOf(browser)).toBe(start);
    expect(await cardsOf(server, id)).toEqual([{ provider_mandate_id: first.mandateId, status: 'invalid' }]);
    expect((await browser.get<RepeatOrder>('/api/repeat-order.php')).body).toMatchObject({ method: null, card: null });
    const recurringBefore = [...mollie.payments.values()].filter((p) => p.sequenceType === 'recurring').length;
    expect((await repeatOrder(browser)).status).toBe(409);
    expect([...mollie.payments.values()].filter((p) => p.sequenceType === 'recurring')).toHaveLength(recurringBefore);
    // A new first payment through the checkout stores the new mandate, which is offered again.
    const again = await firstCardPayment(browser);
    expect((await cardsOf(server, id)).map((c) => [c.provider_mandate_id, c.status])).toEqual([
      [first.mandateId, 'invalid'],
      [again.mandateId, 'valid'],
    ]);
    expect((await repeatOrder(browser)).status).toBe(201);
  });

  it('marks the card invalid when the charge fails and Mollie has revoked the mandate meanwhile', async () => {
    const { browser, id } = await cardholder();
    const first = await firstCardPayment(browser);
    const provider = server.services.payments;
    // The card scheme declines the charge and Mollie invalidates the card's mandate with it.
    server.services.payments = {
      ...provider,
      createRecurringPayment: async (input) => {
        const created = await provider.createRecurringPayment(input);
        mollie.revokeMandate(input.mandateId);
        return created;
      },
    };
    mollie.nextRecurringStatus = 'failed';
    try {
      const res = await repeatOrder(browser);
      expect(res.status).toBe(402);
      expect(res.body.error).toBe('stored_card_invalid');
    } finally {
      server.services.payments = provider;
    }
    expect(await cardsOf(server, id)).toEqual([{ provider_mandate_id: first.mandateId, status: 'invalid' }]);
  });

  it("never charges another member's mandate", async () => {
    const owner = await cardholder();
    await firstCardPayment(owner.browser);
    const other = await cardholder();
    const recurringBefore = [...mollie.payments.values()].filter((p) => p.sequenceType === 'recurring').length;
    const res = await repeatOrder(other.browser);
    expect(res.status).toBe(404);
    expect((await other.browser.get<RepeatOrder>('/api/repeat-order.php')).body).toMatchObject({
      bundle: null,
      method: null,
      card: null,
    });
    expect([...mollie.payments.values()].filter((p) => p.sequenceType === 'recurring')).toHaveLength(recurringBefore);
  });
});
