import {
  operatorEndExperimentRoute,
  operatorExperimentsRoute,
  operatorFunnelRoute,
  operatorPromoteArmRoute,
  operatorStartExperimentRoute,
} from '@datekit/runtime/schemas/api/contracts/marketing';
import { routeIdParamsSchema } from '@datekit/runtime/schemas/api/route-id';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { funnelReport } from '../campaigns/funnel-report.ts';
import { experimentReport } from '../experiments/experiment-report.ts';
import { brandExperiments } from '../experiments/experiments.queries.ts';
import { addExperiment, endExperiment, promoteArm } from '../experiments/manage-experiments.ts';
import { audited } from './audited.ts';

function knownBrand(services: { brands: { get(domain: string): unknown } }, brand: string) {
  if (!services.brands.get(brand)) throw new ApiError('not_found');
}

export const operatorFunnel = defineRoute({
  contract: operatorFunnelRoute,
  summary:
    'The funnel of a brand over a day range (UTC, both included) per lander and experiment arm, per network, or per sub1 of a network: visits, SOI, DOI, first purchases, revenue.',
  access: 'campaigns.read',
  errors: ['not_found'],
  handler: async ({ services, query }) => {
    knownBrand(services, query.brand);
    return funnelReport(services.db, query);
  },
});

export const operatorExperiments = defineRoute({
  contract: operatorExperimentsRoute,
  summary:
    "A brand's lander experiments, newest first, each arm with its funnel, SOI rate interval and the test's verdict.",
  access: 'campaigns.read',
  errors: ['not_found'],
  handler: async ({ services, query }) => {
    knownBrand(services, query.brand);
    const experiments = await brandExperiments(services.db, query.brand);
    return { experiments: await Promise.all(experiments.map((e) => experimentReport(services.db, e))) };
  },
});

export const operatorCreateExperiment = defineRoute({
  contract: operatorStartExperimentRoute,
  summary: 'Start a lander experiment on a path of a brand: arms a (the control), b… with weights.',
  access: 'experiments.manage',
  errors: ['not_found', 'experiment_path_invalid', 'experiment_path_taken', 'experiment_arms_invalid'],
  status: 201,
  handler: async ({ services, operator, body }) => {
    const experiment = await audited(
      services,
      operator,
      (created: { id: number }) => ({
        action: 'experiment.start',
        targetType: 'experiment',
        targetId: created.id,
        details: { brand: body.brand, path: body.path, arms: body.arms },
      }),
      (scoped) =>
        addExperiment(scoped, {
          brand: body.brand,
          path: body.path,
          ...(body.name ? { name: body.name } : {}),
          arms: body.arms,
        }),
    );
    services.landers.experiments.invalidate();
    return { experiment: await experimentReport(services.db, experiment) };
  },
});

function experimentId(params: unknown): number {
  const parsed = routeIdParamsSchema.safeParse(params);
  if (!parsed.success) throw new ApiError('not_found');
  return parsed.data.id;
}

export const operatorEndExperiment = defineRoute({
  contract: operatorEndExperimentRoute,
  summary: 'End a running experiment: its path shows the control arm to everyone.',
  access: 'experiments.manage',
  errors: ['not_found', 'experiment_not_running'],
  handler: async ({ services, operator, body, request }) => {
    const id = experimentId(request.params);
    const experiment = await audited(
      services,
      operator,
      { action: 'experiment.end', targetType: 'experiment', targetId: id, details: { brand: body.brand } },
      (scoped) => endExperiment(scoped, body.brand, id),
    );
    services.landers.experiments.invalidate();
    return { experiment: await experimentReport(services.db, experiment) };
  },
});

export const operatorPromoteArm = defineRoute({
  contract: operatorPromoteArmRoute,
  summary: 'End a running experiment sending all of its traffic to one arm (the winner).',
  access: 'experiments.manage',
  errors: ['not_found', 'experiment_not_running', 'experiment_arm_unknown'],
  handler: async ({ services, operator, body, request }) => {
    const id = experimentId(request.params);
    const experiment = await audited(
      services,
      operator,
      {
        action: 'experiment.promote',
        targetType: 'experiment',
        targetId: id,
        details: { brand: body.brand, arm: body.arm },
      },
      (scoped) => promoteArm(scoped, body.brand, id, body.arm ?? ''),
    );
    services.landers.experiments.invalidate();
    return { experiment: await experimentReport(services.db, experiment) };
  },
});

export const operatorCampaignRoutes = [
  operatorFunnel,
  operatorExperiments,
  operatorCreateExperiment,
  operatorEndExperiment,
  operatorPromoteArm,
];
