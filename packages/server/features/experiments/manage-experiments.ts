import { SLUGLESS_LANDER } from '@datekit/runtime/data/landers';
import { NICHE_SLUGS } from '@datekit/runtime/data/niches';
import { ROUTES } from '@datekit/runtime/routes';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { compileRoutes, matchRoute } from '../../site/route-matcher.ts';
import {
  endExperimentRow,
  experimentById,
  insertExperiment,
  runningOnPath,
  type ExperimentArm,
  type LiveExperiment,
} from './experiments.queries.ts';

export interface NewExperiment {
  brand: string;
  path: string;
  name?: string;
  arms: { variant: string; niche?: string | null; weight: number }[];
}

export const MAX_ARMS = 6;
const PATH = /^\/[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;
const RESERVED = ['/api', '/media'];
const SITE_ROUTES = compileRoutes(ROUTES.map((r) => ({ ...r, shell: '' })));

/** A path an experiment may take: its own, or a lander's (the experiment then replaces that page). */
export function experimentPathAllowed(path: string): boolean {
  if (path.length > 100 || !PATH.test(path)) return false;
  if (RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  const route = matchRoute(SITE_ROUTES, path);
  return !route || route.route.layout === 'lander';
}

/**
 * Starts an experiment on a brand's path (`datekit experiments add`, the console): arms `a`
 * (the control), `b`… in the order given. Refuses, with a translated error, what the site could not
 * serve: an unknown brand, a path of another page, a variant the brand does not publish, a niche that
 * does not exist, weights that send nobody anywhere, or a path already running an experiment.
 */
export async function addExperiment(services: Services, input: NewExperiment): Promise<LiveExperiment> {
  const brand = services.brands.get(input.brand);
  if (!brand) throw new ApiError('not_found');
  if (!experimentPathAllowed(input.path)) throw new ApiError('experiment_path_invalid', {}, { field: 'path' });
  const arms: ExperimentArm[] = input.arms.map((arm, index) => ({
    arm: String.fromCharCode(97 + index),
    variant: arm.variant,
    niche: arm.niche || null,
    weight: arm.weight,
  }));
  const armOk = (arm: ExperimentArm) =>
    (brand.landers as readonly string[]).includes(arm.variant) &&
    (arm.niche === null ||
      (arm.variant !== SLUGLESS_LANDER && (NICHE_SLUGS as readonly string[]).includes(arm.niche))) &&
    Number.isInteger(arm.weight) &&
    arm.weight >= 0 &&
    arm.weight <= 100;
  if (arms.length < 2 || arms.length > MAX_ARMS || !arms.every(armOk) || !arms.some((a) => a.weight > 0))
    throw new ApiError('experiment_arms_invalid', {}, { field: 'arms' });
  const name = input.name?.trim().slice(0, 100) || input.path;
  const id = await services.db.transaction().execute(async (trx) => {
    if (await runningOnPath(trx, brand.domain, input.path))
      throw new ApiError('experiment_path_taken', {}, { field: 'path' });
    return insertExperiment(trx, { brand: brand.domain, path: input.path, name, createdAt: services.now(), arms });
  });
  services.landers.experiments.invalidate();
  return (await experimentById(services.db, id))!;
}

async function brandExperiment(services: Services, brand: string, id: number): Promise<LiveExperiment> {
  const experiment = await experimentById(services.db, id);
  if (!experiment || experiment.brand !== brand) throw new ApiError('not_found');
  return experiment;
}

/** Ends a running experiment: its path shows the control arm (`a`) to everyone from now on. */
export async function endExperiment(services: Services, brand: string, id: number): Promise<LiveExperiment> {
  await brandExperiment(services, brand, id);
  if (!(await endExperimentRow(services.db, id, null, services.now()))) throw new ApiError('experiment_not_running');
  services.landers.experiments.invalidate();
  return (await experimentById(services.db, id))!;
}

/** Ends a running experiment sending all its traffic to `arm` (the winner, or the operator's choice). */
export async function promoteArm(services: Services, brand: string, id: number, arm: string): Promise<LiveExperiment> {
  const experiment = await brandExperiment(services, brand, id);
  if (!experiment.arms.some((a) => a.arm === arm)) throw new ApiError('experiment_arm_unknown', {}, { field: 'arm' });
  if (!(await endExperimentRow(services.db, id, arm, services.now()))) throw new ApiError('experiment_not_running');
  services.landers.experiments.invalidate();
  return (await experimentById(services.db, id))!;
}
