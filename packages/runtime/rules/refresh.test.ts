import { describe, expect, it } from 'vitest';
import { refreshDelay } from './refresh.ts';

describe('refreshDelay', () => {
  it('refreshes first after 5 s', () => {
    expect(refreshDelay(0, false)).toBe(5_000);
    expect(refreshDelay(0, true)).toBe(5_000);
  });

  it('then every 60 s, or every 300 s with push', () => {
    expect(refreshDelay(1, false)).toBe(60_000);
    expect(refreshDelay(9, true)).toBe(300_000);
  });
});
