import { describe, expect, it } from 'vitest';
import { describeExperiment, parseArm } from './experiments.ts';

describe('datekit experiments', () => {
  it('reads arms as <variant>[/<niche>][=<weight>]', () => {
    expect(parseArm('gallery/milf=50')).toEqual({ variant: 'gallery', niche: 'milf', weight: 50 });
    expect(parseArm('video')).toEqual({ variant: 'video', niche: null, weight: 1 });
    expect(() => parseArm('Gallery=x')).toThrow(/--arm Gallery=x/);
  });

  it('prints each arm with its rate, interval and test, and the winner only when the test names one', () => {
    const arm = (name: string, visits: number, soi: number, p: number | null) => ({
      arm: name,
      variant: 'gallery',
      niche: null,
      weight: 50,
      visits,
      soi,
      doi: 0,
      doi_rate: null,
      first_purchases: 0,
      quality_holds: 0,
      postback_failures: 0,
      revenue_cents: { EUR: 1995 },
      revenue_per_visit_cents: {},
      soi_rate: soi / visits,
      soi_rate_low: 0.01,
      soi_rate_high: 0.2,
      p_value: p,
      significant: p !== null && p < 0.05,
    });
    const text = describeExperiment({
      id: 3,
      brand: 'x.test',
      path: '/go',
      name: 'Go',
      status: 'running',
      winner_arm: null,
      created_at: '2026-11-29T10:00:00.000Z',
      ended_at: null,
      arms: [arm('a', 200, 20, null), arm('b', 200, 40, 0.001)],
      leader: 'b',
      threshold: 0.05,
    });
    expect(text).toContain('#3 /go "Go" (running, since 2026-11-29)');
    expect(text).toContain('b gallery weight 50: 200 visits, 40 SOI (20.00 %, 95 % 1.00 % to 20.00 %)');
    expect(text).toContain('revenue 19.95 EUR, p = 0.00100 (significant)');
    expect(text).toContain('winner: b');
  });
});
