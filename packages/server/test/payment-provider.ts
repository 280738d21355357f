import type { Payment } from '@datekit/runtime/schemas/api/payments';
import { expect } from 'vitest';
import type { CreditLedgerTable } from '../db/schema.ts';
import { createMollieProvider } from '../features/payments/mollie-provider.ts';
import { startFakeMollie, type FakeMollie } from './fake-mollie.ts';
import type { TestClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** The provider calling the payment webhook: a form post carrying only the payment's id, no client header. */
export function paymentWebhook(server: TestServer, id: string) {
  return server.client().request('POST', '/api/payment-webhook.php', {
    raw: `id=${encodeURIComponent(id)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    noClientHeader: true,
  });
}

/** A test server whose payment provider is Mollie, played by a fake Mollie trusted by this process. */
export async function startServerWithMollie(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ server: TestServer; mollie: FakeMollie; close: () => Promise<void> }> {
  const mollie = await startFakeMollie();
  mollie.trustInThisProcess();
  const payments = createMollieProvider({ apiKey: mollie.apiKey, apiEndpoint: mollie.url });
  const server = await startTestServer({ ...options, services: { payments, ...options.services } });
  const close = async () => {
    await server.close();
    await mollie.close();
  };
  return { server, mollie, close };
}

/** The member's balance as her browser sees it (GET /api/user.php). */
export async function creditsOf(browser: TestClient): Promise<number> {
  return (await browser.get<{ user: { credits: number } }>('/api/user.php')).body.user.credits;
}

/** The one-click repeat of the last order (POST /api/repeat-order.php), with an idempotency key if given. */
export function repeatOrder(browser: TestClient, key?: string) {
  return browser.request<{ payment: Payment; error?: string; message?: string }>('POST', '/api/repeat-order.php', {
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

/** The member's stored cards, oldest first. */
export function cardsOf(server: TestServer, userId: number) {
  return server.services.db
    .selectFrom('card_mandates')
    .select(['provider_mandate_id', 'status'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

const REPEAT_REFUSALS = {
  stored_payment_failed: 'The payment could not be completed with the stored card.',
  stored_card_invalid:
    'Your stored card can no longer be charged. Pay once by card through the checkout to store a new one.',
} as const;

/** A repeat order refused with 402: the provider refused the charge, or the stored card is gone. */
export function expectRepeatRefused(res: { status: number; body: unknown }, error: keyof typeof REPEAT_REFUSALS): void {
  expect(res.status).toBe(402);
  expect(res.body).toMatchObject({ error, message: REPEAT_REFUSALS[error] });
}

/** The member's newest payment. */
export function lastPayment(server: TestServer, userId: number) {
  return server.services.db
    .selectFrom('payments')
    .select(['status', 'provider_payment_id'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** What the ledger booked for the member with `reason`, oldest first. */
export async function ledgerAmounts(
  server: TestServer,
  userId: number,
  reason: CreditLedgerTable['reason'],
): Promise<number[]> {
  const rows = await server.services.db
    .selectFrom('credit_ledger')
    .select('amount')
    .where('user_id', '=', userId)
    .where('reason', '=', reason)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.amount);
}
