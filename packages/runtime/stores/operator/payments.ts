import { atom } from 'nanostores';
import type { OkResponse } from '../../schemas/api/ok.ts';
import type {
  OperatorCodeJson,
  OperatorCodesResponse,
  OperatorPaymentJson,
  OperatorPaymentsResponse,
  PaymentRefundResponse,
} from '../../schemas/api/operator/payments.ts';
import { api } from '../api.ts';

export const $payments = atom<OperatorPaymentJson[] | null>(null);
export const $codes = atom<OperatorCodeJson[] | null>(null);

export type PaymentFilter = Record<string, string>;

export async function loadPayments(filter: PaymentFilter): Promise<void> {
  const { payments } = await api().get<OperatorPaymentsResponse>('/api/operator/payments', { query: filter });
  $payments.set(payments);
}

export async function refundPayment(id: number, reason: string, filter: PaymentFilter): Promise<PaymentRefundResponse> {
  const answer = await api().post<PaymentRefundResponse>(
    `/api/operator/payments/${id}/refund`,
    { reason },
    { retries: 0 },
  );
  await loadPayments(filter);
  return answer;
}

export async function loadCodes(brand: string): Promise<void> {
  const { codes } = await api().get<OperatorCodesResponse>('/api/operator/codes', { query: { brand } });
  $codes.set(codes);
}

export async function createCode(input: {
  brand: string;
  code: string;
  percent: number;
  validity: string;
  expires?: string;
}) {
  await api().post<OkResponse>('/api/operator/codes', input, { retries: 0 });
  await loadCodes(input.brand);
}

export async function disableCode(brand: string, code: string) {
  await api().post<OkResponse>('/api/operator/codes/disable', { brand, code }, { retries: 0 });
  await loadCodes(brand);
}
