import { describe, expect, it } from 'vitest';
import { experimentVerdict, normalCdf, twoProportionPValue, wilsonInterval } from './experiment-stats.ts';

/** A deterministic pseudo-random sequence (mulberry32), so the synthetic data is the same every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `visits` visitors of an arm that converts at `rate`. */
function simulate(arm: string, visits: number, rate: number, next: () => number) {
  let soi = 0;
  for (let i = 0; i < visits; i++) if (next() < rate) soi++;
  return { arm, visits, soi };
}

describe('experiment statistics', () => {
  it('computes the normal distribution, Wilson intervals and the two-proportion test as textbooks do', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-2.575829)).toBeCloseTo(0.005, 5);
    // Wilson 95 % for 20 of 100: 0.1333-0.2888 (Newcombe 1998's table).
    const interval = wilsonInterval(20, 100)!;
    expect(interval.low).toBeCloseTo(0.1333, 3);
    expect(interval.high).toBeCloseTo(0.2888, 3);
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(0, 10)!.low).toBe(0);
    // 60/500 against 40/500: pooled 0.1, SE 0.018974, z = 2.1082, p = 0.0350.
    const test = twoProportionPValue(60, 500, 40, 500);
    expect(test.z).toBeCloseTo(2.1082, 3);
    expect(test.p).toBeCloseTo(0.035, 3);
  });

  it('names the arm that truly converts better, on synthetic data with a known winner', () => {
    const next = random(1);
    const verdict = experimentVerdict([
      simulate('a', 4000, 0.05, next),
      simulate('b', 4000, 0.05, next),
      simulate('c', 4000, 0.08, next),
    ]);
    expect(verdict.winner).toBe('c');
    expect(verdict.threshold).toBeCloseTo(0.025);
    expect(verdict.arms.find((a) => a.arm === 'c')!.significant).toBe(true);
  });

  it('names the control when every challenger is clearly worse', () => {
    const next = random(2);
    const verdict = experimentVerdict([simulate('a', 4000, 0.1, next), simulate('b', 4000, 0.05, next)]);
    expect(verdict.winner).toBe('a');
  });

  it('names no winner when the arms do not differ: in at most 5 % of 200 synthetic experiments', () => {
    const next = random(3);
    let winners = 0;
    for (let run = 0; run < 200; run++) {
      const verdict = experimentVerdict([
        simulate('a', 2000, 0.06, next),
        simulate('b', 2000, 0.06, next),
        simulate('c', 2000, 0.06, next),
      ]);
      if (verdict.winner !== null) winners++;
    }
    expect(winners).toBeLessThanOrEqual(10);
  });

  it('names no winner before every compared arm has 100 visits and 20 signups', () => {
    // A huge difference, but 19 signups in the control.
    expect(
      experimentVerdict([
        { arm: 'a', visits: 1000, soi: 19 },
        { arm: 'b', visits: 1000, soi: 300 },
      ]).winner,
    ).toBeNull();
    expect(
      experimentVerdict([
        { arm: 'a', visits: 99, soi: 20 },
        { arm: 'b', visits: 99, soi: 90 },
      ]).winner,
    ).toBeNull();
    expect(
      experimentVerdict([
        { arm: 'a', visits: 1000, soi: 20 },
        { arm: 'b', visits: 1000, soi: 300 },
      ]).winner,
    ).toBe('b');
  });
});
