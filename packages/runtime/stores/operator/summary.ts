import { atom } from 'nanostores';
import type { OperatorSummaryBrand } from '../../schemas/api/operator/summary.ts';
import { api } from '../api.ts';

/** What waits per brand for the console's start page; null until loaded. */
export const $workdaySummary = atom<OperatorSummaryBrand[] | null>(null);

export async function loadWorkdaySummary(): Promise<void> {
  const { brands } = await api().call('GET /api/operator/summary');
  $workdaySummary.set(brands);
}
