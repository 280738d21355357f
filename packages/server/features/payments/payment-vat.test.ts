import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OperatorPaymentJson } from '@datekit/runtime/schemas/api/operator/payments';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import { paymentsCsv, vatByCountry } from '@datekit/runtime/rules/payments-export';
import type { TestClient } from '../../test/http-client.ts';
import type { TestServer } from '../../test/test-server.ts';
import { activeMember } from '../operator/test-members.ts';
import { startServerWithOperators, type TestOperator } from '../operator/test-operators.ts';

let server: TestServer;
let finance: TestOperator;
beforeAll(async () => {
  ({
    server,
    operators: { finance },
  } = await startServerWithOperators(['finance']));
}, 30_000);
afterAll(() => server.close());

/** An activated member of alpha.test living in `country`. */
async function memberIn(country: string) {
  const member = await activeMember(server);
  await server.services.db.updateTable('profiles').set({ country }).where('id', '=', member.id).execute();
  return member;
}

/** The starter bundle (19.95, 25 % time bonus: 14.96) bought and paid through the sandbox checkout. */
async function paidStarter(browser: TestClient): Promise<Payment> {
  const created = await browser.post<{ payment: Payment }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
  });
  expect(created.status, created.text).toBe(201);
  await browser.request('POST', '/api/sandbox-checkout.php', {
    raw: new URLSearchParams({ id: created.body.payment.payment_id!, outcome: 'paid' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    noClientHeader: true,
  });
  const paid = await browser.get<{ payment: Payment }>(`/api/payment.php?id=${created.body.payment.id}`);
  expect(paid.body.payment.status).toBe('paid');
  return paid.body.payment;
}

/** The payment's receipt mail, once written (it is sent after the checkout has answered). */
function receiptOf(payment: Payment): Promise<string> {
  return vi.waitFor(() => {
    const mail = server.outbox().find((text) => text.includes(payment.payment_id!));
    if (!mail) throw new Error(`no receipt for ${payment.payment_id} yet`);
    return mail;
  });
}

describe('VAT on payments', () => {
  it("records the VAT of the member's country when the payment is created, and answers it", async () => {
    const nl = await memberIn('NL');
    const created = await nl.browser.post<{ payment: Payment }>('/api/payment.php', {
      bundle_id: 'starter',
      method: 'creditcard',
    });
    expect(created.body.payment).toMatchObject({ amount_cents: 1496, vat_rate: 21, net_cents: 1236, vat_cents: 260 });

    const fi = await memberIn('FI');
    const payment = await paidStarter(fi.browser);
    expect(payment).toMatchObject({ amount_cents: 1496, vat_rate: 25.5, net_cents: 1192, vat_cents: 304 });
    const listed = await fi.browser.get<{ payments: Payment[] }>('/api/payments.php');
    expect(listed.body.payments[0]).toMatchObject({ vat_rate: 25.5, net_cents: 1192, vat_cents: 304 });

    // A rate changed later never rewrites the payment: the row keeps what was charged.
    const row = await server.services.db
      .selectFrom('payments')
      .select(['vat_rate_bp', 'net_cents', 'vat_cents'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ vat_rate_bp: 2550, net_cents: 1192, vat_cents: 304 });
  });

  it('the receipt mail states net, VAT at its rate and total', async () => {
    const member = await memberIn('NL');
    const payment = await paidStarter(member.browser);
    const receipt = await receiptOf(payment);
    expect(receipt).toMatch(/Net amount: \S*12\.36/);
    expect(receipt).toMatch(/VAT 21\s?%: \S*2\.60/);
    expect(receipt).toMatch(/Total: \S*14\.96/);
  });

  it('records no VAT for a country without VAT, and old payments keep none: the total only', async () => {
    const us = await memberIn('US');
    const payment = await paidStarter(us.browser);
    expect(payment).toMatchObject({ amount_cents: 1496, vat_rate: null, net_cents: null, vat_cents: null });
    const receipt = await receiptOf(payment);
    expect(receipt).toMatch(/Amount: \S*14\.96/);
    expect(receipt).not.toMatch(/Net amount/);
  });

  it("the operator's payments list carries country, net, rate and VAT, as its CSV and summary do", async () => {
    const de = await memberIn('DE');
    const payment = await paidStarter(de.browser);
    const res = await finance.browser.get<{ payments: OperatorPaymentJson[] }>(
      `/api/operator/payments?member_id=${de.id}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.payments).toEqual([
      expect.objectContaining({
        id: payment.id,
        country: 'DE',
        currency: 'EUR',
        amount_cents: 1496,
        vat_rate: 19,
        net_cents: 1257,
        vat_cents: 239,
      }),
    ]);
    const [header, line] = paymentsCsv(res.body.payments).replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(
      'id,created_at,paid_at,brand,member_id,email,country,method,status,currency,credits,discount_code,net_cents,vat_rate,vat_cents,amount_cents,refunded_cents',
    );
    expect(line).toContain(',DE,creditcard,paid,EUR,100,TIMEBONUS25,1257,19,239,1496,0');
    expect(vatByCountry(res.body.payments)).toEqual([
      {
        country: 'DE',
        currency: 'EUR',
        vat_rate: 19,
        payments: 1,
        net_cents: 1257,
        vat_cents: 239,
        amount_cents: 1496,
        refunded_cents: 0,
      },
    ]);
  });
});
