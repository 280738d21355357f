import { atom } from 'nanostores';
import type { ApiAnswer, ApiInput } from '../../api/contract.ts';
import type { OperatorFunnelQuery } from '../../schemas/api/operator/campaigns.ts';
import { api } from '../api.ts';

type Experiment = ApiAnswer<'GET /api/operator/experiments'>['experiments'][number];

/** The funnel shown, with the query it answers (the CSV export and the drill-down use both). */
export const $funnel = atom<{ query: OperatorFunnelQuery; report: ApiAnswer<'GET /api/operator/funnel'> } | null>(null);
export const $experiments = atom<Experiment[] | null>(null);

export async function loadFunnel(query: OperatorFunnelQuery): Promise<void> {
  const report = await api().call('GET /api/operator/funnel', { query });
  $funnel.set({ query, report });
}

export async function loadExperiments(brand: string): Promise<void> {
  const { experiments } = await api().call('GET /api/operator/experiments', { query: { brand } });
  $experiments.set(experiments);
}

export async function startExperiment(input: ApiInput<'POST /api/operator/experiments'>['body']): Promise<void> {
  await api().call('POST /api/operator/experiments', { body: input }, { retries: 0 });
  await loadExperiments(input.brand);
}

export async function endExperiment(brand: string, id: number): Promise<void> {
  await api().call('POST /api/operator/experiments/:id/end', { params: { id }, body: { brand } }, { retries: 0 });
  await loadExperiments(brand);
}

export async function promoteArm(brand: string, id: number, arm: string): Promise<void> {
  await api().call(
    'POST /api/operator/experiments/:id/promote',
    { params: { id }, body: { brand, arm } },
    { retries: 0 },
  );
  await loadExperiments(brand);
}
