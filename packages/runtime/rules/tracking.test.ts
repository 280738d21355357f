import { describe, expect, it } from 'vitest';
import { TRACKING_PARAMS, trackingSchema } from '../schemas/api/signup.ts';
import { hasTracking, TRACKING_KEYS, trackingFromSearch } from './tracking.ts';

describe('trackingFromSearch', () => {
  it('keeps the five tracking parameters and nothing else', () => {
    expect(trackingFromSearch('?network=tj&ref=42&sub1=a&sub2=b&sub3=c&utm_source=x')).toEqual({
      network: 'tj',
      ref: '42',
      sub1: 'a',
      sub2: 'b',
      sub3: 'c',
    });
  });

  it('leaves out empty values and trims the others', () => {
    expect(trackingFromSearch('network=&ref=%20r1%20')).toEqual({ ref: 'r1' });
  });

  it('caps values so that the signup schema accepts them', () => {
    const tracking = trackingFromSearch(`sub1=${'x'.repeat(500)}`);
    expect(trackingSchema.safeParse(tracking).success).toBe(true);
  });

  it('says whether a visitor came with tracking', () => {
    expect(hasTracking(trackingFromSearch(''))).toBe(false);
    expect(hasTracking(trackingFromSearch('sub2=1'))).toBe(true);
  });

  it('knows the same keys as the signup schema', () => {
    expect(TRACKING_KEYS).toEqual(TRACKING_PARAMS);
  });
});
