import { atom } from 'nanostores';
import type { ApiAnswer, ApiInput } from '../../api/contract.ts';
import type { OperatorFunnelQuery } from '../../schemas/api/operator/campaigns.ts';
import { api } from '../api.ts';
import { ONCE } from './write-once.ts';
import { createKeyedLoader, type Loadable } from '../loadable.ts';

type Experiment = ApiAnswer<'GET /api/operator/experiments'>['experiments'][number];

/** The funnel shown, with the query it answers (the CSV export and the drill-down use both). */
export const $funnel = atom<Loadable<{ query: OperatorFunnelQuery; report: ApiAnswer<'GET /api/operator/funnel'> }>>({
  status: 'idle',
});
export const $experiments = atom<Loadable<Experiment[]>>({ status: 'idle' });

const funnel = createKeyedLoader($funnel, async (query: OperatorFunnelQuery) => ({
  query,
  report: await api().call('GET /api/operator/funnel', { query }),
}));

const experiments = createKeyedLoader($experiments, async (brand: string) => {
  const { experiments } = await api().call('GET /api/operator/experiments', { query: { brand } });
  return experiments;
});

export async function loadFunnel(query: OperatorFunnelQuery): Promise<void> {
  await funnel.open(query);
}

export async function loadExperiments(brand: string): Promise<void> {
  await experiments.open(brand);
}

export const startExperiment = (input: ApiInput<'POST /api/operator/experiments'>['body']) =>
  experiments.change(() => api().call('POST /api/operator/experiments', { body: input }, ONCE));

export const endExperiment = (brand: string, id: number) =>
  experiments.change(() =>
    api().call('POST /api/operator/experiments/:id/end', { params: { id }, body: { brand } }, ONCE),
  );

export const promoteArm = (brand: string, id: number, arm: string) =>
  experiments.change(() =>
    api().call('POST /api/operator/experiments/:id/promote', { params: { id }, body: { brand, arm } }, ONCE),
  );
