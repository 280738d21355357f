import type { DirectDebitStatus, MandateRequest, RepeatOrder } from '../schemas/api/direct-debit.ts';
import type { Payment } from '../schemas/api/payments.ts';
import { api } from './api.ts';

/** Each call texts a code, confirms a mandate or debits an account: sent once, retried by the member. */
const ONCE = { retries: 0 } as const;

export function loadDirectDebit(): Promise<DirectDebitStatus> {
  return api().get<DirectDebitStatus>('/api/directdebit.php');
}

/** Records the mandate as pending; the server texts a one-time code to the phone. */
export function startMandate(mandate: MandateRequest): Promise<DirectDebitStatus> {
  return api().post<DirectDebitStatus>('/api/directdebit.php', mandate, ONCE);
}

export function confirmMandate(code: string): Promise<DirectDebitStatus> {
  return api().post<DirectDebitStatus>('/api/directdebit-confirm.php', { code }, ONCE);
}

/** Buys a bundle from the confirmed mandate; the server prices it and checks the limits. */
export async function payByDirectDebit(bundleId: string): Promise<Payment> {
  const { payment } = await api().post<{ payment: Payment }>(
    '/api/directdebit-payment.php',
    { bundle_id: bundleId },
    ONCE,
  );
  return payment;
}

export function loadRepeatOrder(): Promise<RepeatOrder> {
  return api().get<RepeatOrder>('/api/repeat-order.php');
}

/** Buys the last bundle again from the stored mandate: one click, one payment. */
export async function repeatLastOrder(): Promise<Payment> {
  const { payment } = await api().post<{ payment: Payment }>('/api/repeat-order.php', undefined, ONCE);
  return payment;
}
