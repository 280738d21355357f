import { atom } from 'nanostores';
import type { ApiInput } from '../../api/contract.ts';
import type { OperatorCodeJson, OperatorPaymentJson } from '../../schemas/api/operator/payments.ts';
import { api } from '../api.ts';
import { ONCE } from './write-once.ts';
import { createKeyedLoader, type Loadable } from '../loadable.ts';

export const $payments = atom<Loadable<OperatorPaymentJson[]>>({ status: 'idle' });
export const $codes = atom<Loadable<OperatorCodeJson[]>>({ status: 'idle' });

export type PaymentFilter = Record<string, string>;

const payments = createKeyedLoader($payments, async (filter: PaymentFilter) => {
  const { payments } = await api().call('GET /api/operator/payments', { query: filter });
  return payments;
});

const codes = createKeyedLoader($codes, async (brand: string) => {
  const { codes } = await api().call('GET /api/operator/codes', { query: { brand } });
  return codes;
});

export async function loadPayments(filter: PaymentFilter): Promise<void> {
  await payments.open(filter);
}

/** Refunds a payment; the list shown is loaded afresh. */
export const refundPayment = (id: number, reason: string) =>
  payments.change(() =>
    api().call('POST /api/operator/payments/:id/refund', { params: { id }, body: { reason } }, ONCE),
  );

export async function loadCodes(brand: string): Promise<void> {
  await codes.open(brand);
}

export const createCode = (input: ApiInput<'POST /api/operator/codes'>['body']) =>
  codes.change(() => api().call('POST /api/operator/codes', { body: input }, ONCE));

export const disableCode = (brand: string, code: string) =>
  codes.change(() => api().call('POST /api/operator/codes/disable', { body: { brand, code } }, ONCE));
