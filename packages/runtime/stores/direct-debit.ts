import type { DirectDebitStatus, MandateRequest, RepeatOrder } from '../schemas/api/direct-debit.ts';
import type { Payment } from '../schemas/api/payments.ts';
import { api } from './api.ts';

/** Each call texts a code, confirms a mandate or debits an account: sent once, retried by the member. */
const ONCE = { retries: 0 } as const;

export function loadDirectDebit(): Promise<DirectDebitStatus> {
  return api().call('GET /api/directdebit.php');
}

/** Records the mandate as pending; the server texts a one-time code to the phone. */
export function startMandate(mandate: MandateRequest): Promise<DirectDebitStatus> {
  return api().call('POST /api/directdebit.php', { body: mandate }, ONCE);
}

export function confirmMandate(code: string): Promise<DirectDebitStatus> {
  return api().call('POST /api/directdebit-confirm.php', { body: { code } }, ONCE);
}

/** Buys a bundle from the confirmed mandate; the server prices it and checks the limits. */
export async function payByDirectDebit(bundleId: string): Promise<Payment> {
  const { payment } = await api().call('POST /api/directdebit-payment.php', { body: { bundle_id: bundleId } }, ONCE);
  return payment;
}

export function loadRepeatOrder(): Promise<RepeatOrder> {
  return api().call('GET /api/repeat-order.php');
}

/** Buys the last bundle again from the stored mandate: one click, one payment. */
export async function repeatLastOrder(): Promise<Payment> {
  const { payment } = await api().call('POST /api/repeat-order.php', {}, ONCE);
  return payment;
}
