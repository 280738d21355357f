import type { ExperimentJson } from '@datekit/runtime/schemas/api/operator/campaigns';
import type { Db } from '../../db/database.ts';
import { funnel, noFigures } from '../campaigns/funnel.ts';
import { experimentVerdict } from './experiment-stats.ts';
import type { LiveExperiment } from './experiments.queries.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An experiment with each arm's funnel (over its whole run), rates with intervals and the test's verdict. */
export async function experimentReport(db: Db, experiment: LiveExperiment): Promise<ExperimentJson> {
  const rows = await funnel(db, { brand: experiment.brand, experimentId: experiment.id }, ['arm']);
  const figures = (arm: string) => rows.find((r) => r.key.arm === arm) ?? noFigures();
  const verdict = experimentVerdict(experiment.arms.map((a) => ({ arm: a.arm, ...figures(a.arm) })));
  return {
    id: experiment.id,
    brand: experiment.brand,
    path: experiment.path,
    name: experiment.name,
    status: experiment.status,
    winner_arm: experiment.winner_arm,
    created_at: iso(experiment.created_at)!,
    ended_at: iso(experiment.ended_at),
    leader: verdict.winner,
    threshold: verdict.threshold,
    arms: experiment.arms.map((arm, index) => {
      const { key: _key, ...counts } = { key: null, ...figures(arm.arm) };
      const judged = verdict.arms[index]!;
      return {
        ...arm,
        ...counts,
        soi_rate: judged.rate,
        soi_rate_low: judged.interval?.low ?? null,
        soi_rate_high: judged.interval?.high ?? null,
        p_value: judged.p_value,
        significant: judged.significant,
      };
    }),
  };
}
