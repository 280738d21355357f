import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { book } from '../credits/ledger.ts';
import { activeMember, uploadPhoto } from './test-members.ts';
import { signedInOperator, type TestOperator } from './test-operators.ts';

let server: TestServer;
let owner: TestOperator;
let moderator: TestOperator;
let finance: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  server = await startTestServer();
  [owner, moderator, finance, support] = await Promise.all([
    signedInOperator(server, 'owner'),
    signedInOperator(server, 'moderator'),
    signedInOperator(server, 'finance'),
    signedInOperator(server, 'support'),
  ]);
}, 30_000);

afterAll(async () => {
  await server.close();
});

const HOUR = 3_600_000;

/** A payment row as the checkout leaves it, `ageMs` old. */
async function payment(userId: number, status: PaymentStatus, ageMs: number): Promise<number> {
  const at = server.services.now() - ageMs;
  const row = await server.services.db
    .insertInto('payments')
    .values({
      user_id: userId,
      brand: 'alpha.test',
      provider: 'sandbox',
      provider_payment_id: null,
      bundle_id: 'starter',
      credits: 100,
      amount_cents: 999,
      list_amount_cents: 999,
      currency: 'EUR',
      method: 'creditcard',
      country: 'DE',
      status,
      discount_code: null,
      checkout_url: null,
      origin: 'https://alpha.test',
      created_at: at,
      updated_at: at,
      paid_at: status === 'paid' ? at : null,
      refunded_at: null,
      synced_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type Summary = {
  brands: {
    brand: string;
    photos: number | null;
    reports: number | null;
    failed_payments: number | null;
    pending_payments: number | null;
    refunds_to_retry: number | null;
  }[];
};
const alpha = (body: Summary) => body.brands.find((b) => b.brand === 'alpha.test')!;

describe('start page summary', () => {
  it('counts per brand what waits: photos, open reports, failed and stuck payments, refused refunds', async () => {
    const member = await activeMember(server);
    const reporter = await activeMember(server);
    await uploadPhoto(member.browser, '#a33');
    await uploadPhoto(member.browser, '#3a3');
    const report = await reporter.browser.post('/api/report.php', {
      reported_id: member.id,
      context: 'profile',
      reason: 'harassment',
    });
    expect(report.status, report.text).toBe(200);
    await payment(member.id, 'failed', HOUR);
    await payment(member.id, 'failed', 8 * 24 * HOUR); // older than a week: not counted
    await payment(member.id, 'open', 2 * HOUR); // stuck
    await payment(member.id, 'pending', 10 * 60_000); // started minutes ago: not yet a concern
    const refused = await payment(member.id, 'paid', HOUR);
    const refusedTwice = await payment(member.id, 'paid', HOUR);
    await payment(member.id, 'paid', HOUR); // never refunded: nothing to retry
    const at = server.services.now();
    await book(server.services.db, {
      userId: member.id,
      amount: 100,
      reason: 'refund_refused',
      ref: `payment:${refused}`,
      at,
    });
    await book(server.services.db, {
      userId: member.id,
      amount: 100,
      reason: 'refund_refused',
      ref: `payment:${refusedTwice}:refund:2`,
      at,
    });

    const res = await owner.browser.get<Summary>('/api/operator/summary');
    expect(res.status, res.text).toBe(200);
    expect(alpha(res.body)).toEqual({
      brand: 'alpha.test',
      name: expect.any(String),
      photos: 2,
      reports: 1,
      failed_payments: 1,
      pending_payments: 1,
      refunds_to_retry: 2,
    });
    // Every configured brand has its row, with zeros where nothing waits.
    expect(res.body.brands.length).toBe(server.services.brands.all().length);
  });

  it('shows each role only the queues it may handle, and nothing signed out', async () => {
    const of = async (op: TestOperator) => alpha((await op.browser.get<Summary>('/api/operator/summary')).body);
    expect(await of(moderator)).toMatchObject({
      photos: expect.any(Number),
      reports: expect.any(Number),
      failed_payments: null,
      pending_payments: null,
      refunds_to_retry: null,
    });
    expect(await of(finance)).toMatchObject({
      photos: null,
      reports: null,
      failed_payments: expect.any(Number),
      refunds_to_retry: expect.any(Number),
    });
    expect(await of(support)).toMatchObject({
      photos: null,
      reports: null,
      failed_payments: expect.any(Number),
      refunds_to_retry: null,
    });
    const anonymous = server.client('operator.localhost');
    expect((await anonymous.get('/api/operator/summary')).status).toBe(403);
    // Brand hosts do not know the console's API.
    expect((await server.client('alpha.test').get('/api/operator/summary')).status).toBe(404);
  });
});
