import { describe, expect, it } from 'vitest';
import { armPath, assignArm, hashUnit } from './assign-arm.ts';
import type { LiveExperiment } from './experiments.queries.ts';

const experiment = (weights: number[], extra: Partial<LiveExperiment> = {}): LiveExperiment => ({
  id: 7,
  brand: 'alpha.test',
  path: '/go',
  name: 'test',
  status: 'running',
  winner_arm: null,
  created_at: 0,
  ended_at: null,
  arms: weights.map((weight, i) => ({
    arm: String.fromCharCode(97 + i),
    variant: i ? 'video' : 'gallery',
    niche: null,
    weight,
  })),
  ...extra,
});

const VISITORS = 10_000;
const visitor = (i: number) => `203.0.113.${i % 250}|Mozilla/5.0 visitor ${i}|en`;

describe('assigning an arm', () => {
  it('follows the weights within 1.5 percentage points over 10,000 simulated visitors', () => {
    // 1.5 points is more than 4 standard deviations of a share near 0.5 over 10,000 visitors
    // (sqrt(0.25/10000) = 0.005): a correct assignment fails this about once in 30,000 runs.
    const weights = [50, 30, 20];
    const counts = new Map<string, number>();
    for (let i = 0; i < VISITORS; i++) {
      const arm = assignArm(experiment(weights), undefined, visitor(i)).arm;
      counts.set(arm, (counts.get(arm) ?? 0) + 1);
    }
    expect(Math.abs(counts.get('a')! / VISITORS - 0.5)).toBeLessThan(0.015);
    expect(Math.abs(counts.get('b')! / VISITORS - 0.3)).toBeLessThan(0.015);
    expect(Math.abs(counts.get('c')! / VISITORS - 0.2)).toBeLessThan(0.015);
  });

  it('is sticky: the same visitor gets the same arm every time, with and without the cookie', () => {
    const live = experiment([1, 1, 1]);
    for (let i = 0; i < VISITORS; i++) {
      const first = assignArm(live, undefined, visitor(i)).arm;
      expect(assignArm(live, undefined, visitor(i)).arm).toBe(first);
      // The cookie wins over the hash, so a visitor whose address changes keeps the arm.
      expect(assignArm(live, first, `another address ${i}`).arm).toBe(first);
    }
  });

  it('ignores a cookie naming an arm that does not exist or has no weight', () => {
    const live = experiment([1, 0]);
    for (let i = 0; i < 100; i++) {
      expect(assignArm(live, 'b', visitor(i)).arm).toBe('a');
      expect(assignArm(live, 'z', visitor(i)).arm).toBe('a');
    }
  });

  it('sends everyone to the winner once promoted, and to the control once ended without one', () => {
    const promoted = experiment([1, 1], { status: 'ended', winner_arm: 'b' });
    const ended = experiment([1, 1], { status: 'ended' });
    for (let i = 0; i < 100; i++) {
      expect(assignArm(promoted, 'a', visitor(i)).arm).toBe('b');
      expect(assignArm(ended, 'b', visitor(i)).arm).toBe('a');
    }
  });

  it('hashes to [0, 1) and names the prerendered page of an arm', () => {
    for (let i = 0; i < 1000; i++) {
      const unit = hashUnit(String(i));
      expect(unit).toBeGreaterThanOrEqual(0);
      expect(unit).toBeLessThan(1);
    }
    expect(armPath({ variant: 'gallery', niche: 'milf' })).toBe('/landers/gallery/milf');
    expect(armPath({ variant: 'tinderswipe', niche: null })).toBe('/landers/tinderswipe');
  });
});
