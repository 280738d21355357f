import { createHash } from 'node:crypto';
import { ARM_COOKIE_DAYS, ARM_COOKIE_PREFIX } from '@datekit/runtime/rules/constants';
import type { ExperimentArm, LiveExperiment } from './experiments.queries.ts';

/** The first-party cookie that keeps a visitor on one arm (`dk_arm_<experiment id>=<arm>`), for ARM_COOKIE_DAYS. */
export { ARM_COOKIE_DAYS };

export function armCookieName(experimentId: number): string {
  return `${ARM_COOKIE_PREFIX}${experimentId}`;
}

/**
 * The arm a visitor gets (issue 27): the one their cookie names while it is an arm with weight;
 * otherwise one picked by weight from a hash of the experiment and the visitor (address and
 * browser), so that a visitor without cookies still gets the same arm on every visit. An ended
 * experiment sends everyone to its winner, or to the control arm (`a`) when none was promoted.
 */
export function assignArm(
  experiment: LiveExperiment,
  cookieArm: string | undefined,
  visitorKey: string,
): ExperimentArm {
  const arms = experiment.arms;
  if (experiment.status === 'ended') return arms.find((a) => a.arm === experiment.winner_arm) ?? arms[0]!;
  const remembered = cookieArm ? arms.find((a) => a.arm === cookieArm && a.weight > 0) : undefined;
  if (remembered) return remembered;
  return weightedArm(arms, hashUnit(`${experiment.id}:${visitorKey}`));
}

/** The arm at `unit` (0 <= unit < 1) of the arms' weights laid end to end. */
export function weightedArm(arms: readonly ExperimentArm[], unit: number): ExperimentArm {
  const total = arms.reduce((sum, arm) => sum + arm.weight, 0);
  let at = unit * total;
  for (const arm of arms) {
    if (at < arm.weight) return arm;
    at -= arm.weight;
  }
  return [...arms].reverse().find((arm) => arm.weight > 0) ?? arms[0]!;
}

/** A number in [0, 1) from the first 48 bits of the text's SHA-256: uniform, and the same for the same text. */
export function hashUnit(text: string): number {
  const digest = createHash('sha256').update(text).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** The prerendered lander an arm shows (`/landers/gallery/milf`; tinderswipe has no niche). */
export function armPath(arm: Pick<ExperimentArm, 'variant' | 'niche'>): string {
  return `/landers/${arm.variant}${arm.niche ? `/${arm.niche}` : ''}`;
}
