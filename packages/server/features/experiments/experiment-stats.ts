import {
  EXPERIMENT_ALPHA,
  EXPERIMENT_MIN_CONVERSIONS,
  EXPERIMENT_MIN_VISITS,
} from '@datekit/runtime/rules/experiment-test';

/**
 * Which arm of an experiment wins (issue 27), and only when a stated test says so:
 *
 * - The measure is SOI per visit (signups / lander visits of the arm).
 * - Every challenger (arm b, c…) is compared with the control (arm a) by a two-sided two-proportion
 *   z-test (pooled standard error). Comparing k-1 challengers, each test must reach
 *   p < 0.05 / (k-1) (Bonferroni), so that the chance of naming a winner where there is none stays
 *   under 5 % for the whole experiment.
 * - A comparison counts only once both arms have at least MIN_VISITS visits and MIN_CONVERSIONS
 *   signups: before that, the normal approximation behind the test is not trustworthy.
 * - The winner is the best challenger significantly above the control; when every challenger is
 *   significantly below the control, the control wins; otherwise there is no winner yet.
 *
 * Rates are shown with 95 % Wilson score intervals, which stay inside 0-1 and behave for small counts.
 */
export const ALPHA = EXPERIMENT_ALPHA;
export const MIN_VISITS = EXPERIMENT_MIN_VISITS;
export const MIN_CONVERSIONS = EXPERIMENT_MIN_CONVERSIONS;
const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** The 95 % Wilson score interval of `successes` in `trials`; null without trials. */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval | null {
  if (trials <= 0) return null;
  const p = Math.min(successes, trials) / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z / (1 + z2 / trials)) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Two-sided p-value of the pooled two-proportion z-test of x1/n1 against x2/n2 (1 when it cannot tell). */
export function twoProportionPValue(x1: number, n1: number, x2: number, n2: number): { z: number; p: number } {
  if (n1 <= 0 || n2 <= 0) return { z: 0, p: 1 };
  const p1 = Math.min(x1, n1) / n1;
  const p2 = Math.min(x2, n2) / n2;
  const pooled = (Math.min(x1, n1) + Math.min(x2, n2)) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: 0, p: 1 };
  const z = (p1 - p2) / se;
  return { z, p: 2 * (1 - normalCdf(Math.abs(z))) };
}

/** Φ(x), by the Abramowitz-Stegun 7.1.26 approximation of erf (absolute error under 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export interface ArmCounts {
  arm: string;
  visits: number;
  soi: number;
}

export interface ArmVerdict {
  arm: string;
  rate: number | null;
  interval: Interval | null;
  /** Against the control; null for the control itself and while either arm lacks the minimum sample. */
  p_value: number | null;
  /** Whether this arm differs from the control at the corrected threshold. */
  significant: boolean;
}

export interface ExperimentVerdict {
  arms: ArmVerdict[];
  /** The winning arm, or null: no test says so (yet). */
  winner: string | null;
  /** The threshold each comparison had to reach: ALPHA / (arms - 1). */
  threshold: number;
}

const enough = (a: ArmCounts) => a.visits >= MIN_VISITS && Math.min(a.soi, a.visits) >= MIN_CONVERSIONS;

/** The verdict on arms given control first (see the top of this file). */
export function experimentVerdict(arms: readonly ArmCounts[]): ExperimentVerdict {
  const [control, ...challengers] = arms;
  const threshold = ALPHA / Math.max(1, challengers.length);
  const rate = (a: ArmCounts) => (a.visits ? Math.min(a.soi, a.visits) / a.visits : null);
  const verdicts: ArmVerdict[] = arms.map((a) => ({
    arm: a.arm,
    rate: rate(a),
    interval: wilsonInterval(a.soi, a.visits),
    p_value: null,
    significant: false,
  }));
  if (!control || challengers.length === 0) return { arms: verdicts, winner: null, threshold };
  const better: ArmCounts[] = [];
  let allWorse = true;
  challengers.forEach((arm, index) => {
    const verdict = verdicts[index + 1]!;
    if (!enough(arm) || !enough(control)) {
      allWorse = false;
      return;
    }
    const { z, p } = twoProportionPValue(arm.soi, arm.visits, control.soi, control.visits);
    verdict.p_value = p;
    verdict.significant = p < threshold;
    if (verdict.significant && z > 0) better.push(arm);
    if (!(verdict.significant && z < 0)) allWorse = false;
  });
  if (better.length)
    return { arms: verdicts, winner: better.reduce((a, b) => (rate(b)! > rate(a)! ? b : a)).arm, threshold };
  return { arms: verdicts, winner: allWorse ? control.arm : null, threshold };
}
