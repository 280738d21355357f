import { atom } from 'nanostores';
import type {
  ExperimentCreateRequest,
  ExperimentJson,
  OperatorExperimentsResponse,
  OperatorFunnelQuery,
  OperatorFunnelResponse,
} from '../../schemas/api/operator/campaigns.ts';
import { api } from '../api.ts';

/** The funnel shown, with the query it answers (the CSV export and the drill-down use both). */
export const $funnel = atom<{ query: OperatorFunnelQuery; report: OperatorFunnelResponse } | null>(null);
export const $experiments = atom<ExperimentJson[] | null>(null);

export async function loadFunnel(query: OperatorFunnelQuery): Promise<void> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const report = await api().get<OperatorFunnelResponse>('/api/operator/funnel', { query: params });
  $funnel.set({ query, report });
}

export async function loadExperiments(brand: string): Promise<void> {
  const { experiments } = await api().get<OperatorExperimentsResponse>('/api/operator/experiments', {
    query: { brand },
  });
  $experiments.set(experiments);
}

export async function startExperiment(input: ExperimentCreateRequest): Promise<void> {
  await api().post<{ experiment: ExperimentJson }>('/api/operator/experiments', input, { retries: 0 });
  await loadExperiments(input.brand);
}

export async function endExperiment(brand: string, id: number): Promise<void> {
  await api().post<{ experiment: ExperimentJson }>(`/api/operator/experiments/${id}/end`, { brand }, { retries: 0 });
  await loadExperiments(brand);
}

export async function promoteArm(brand: string, id: number, arm: string): Promise<void> {
  await api().post<{ experiment: ExperimentJson }>(
    `/api/operator/experiments/${id}/promote`,
    { brand, arm },
    { retries: 0 },
  );
  await loadExperiments(brand);
}
