import { atom } from 'nanostores';
import type { ApiAnswer, ApiInput } from '../../api/contract.ts';
import type { OperatorCodeJson, OperatorPaymentJson } from '../../schemas/api/operator/payments.ts';
import { api } from '../api.ts';

export const $payments = atom<OperatorPaymentJson[] | null>(null);
export const $codes = atom<OperatorCodeJson[] | null>(null);

export type PaymentFilter = Record<string, string>;

export async function loadPayments(filter: PaymentFilter): Promise<void> {
  const { payments } = await api().call('GET /api/operator/payments', { query: filter });
  $payments.set(payments);
}

export async function refundPayment(
  id: number,
  reason: string,
  filter: PaymentFilter,
): Promise<ApiAnswer<'POST /api/operator/payments/:id/refund'>> {
  const answer = await api().call(
    'POST /api/operator/payments/:id/refund',
    { params: { id }, body: { reason } },
    { retries: 0 },
  );
  await loadPayments(filter);
  return answer;
}

export async function loadCodes(brand: string): Promise<void> {
  const { codes } = await api().call('GET /api/operator/codes', { query: { brand } });
  $codes.set(codes);
}

export async function createCode(input: ApiInput<'POST /api/operator/codes'>['body']) {
  await api().call('POST /api/operator/codes', { body: input }, { retries: 0 });
  await loadCodes(input.brand);
}

export async function disableCode(brand: string, code: string) {
  await api().call('POST /api/operator/codes/disable', { body: { brand, code } }, { retries: 0 });
  await loadCodes(brand);
}
