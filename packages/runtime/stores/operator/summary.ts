import { atom } from 'nanostores';
import type { OperatorSummaryBrand } from '../../schemas/api/operator/summary.ts';
import { api } from '../api.ts';
import { createLoader, type Loadable } from '../loadable.ts';

/** What waits per brand for the console's start page. */
export const $workdaySummary = atom<Loadable<OperatorSummaryBrand[]>>({ status: 'idle' });

const summary = createLoader($workdaySummary, async () => {
  const { brands } = await api().call('GET /api/operator/summary');
  return brands;
});

/** Asked by the start page once it knows the operator (signed out, there is nothing to load). */
export async function loadWorkdaySummary(): Promise<void> {
  await summary.refresh();
}
