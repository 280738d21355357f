import { describe, expect, it } from 'vitest';
import { RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from './constants.ts';
import { isRetryableStatus, retryDelay } from './retry.ts';

describe('retryDelay', () => {
  it('doubles with every retry', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n))).toEqual([1, 2, 4, 8, 16].map((f) => RETRY_BASE_DELAY_MS * f));
  });

  it('never waits longer than the maximum', () => {
    expect(retryDelay(30)).toBe(RETRY_MAX_DELAY_MS);
  });

  it('spreads the wait between half and all of it', () => {
    expect(retryDelay(1, 0)).toBe(RETRY_BASE_DELAY_MS / 2);
    expect(retryDelay(1, 0.5)).toBe(RETRY_BASE_DELAY_MS * 0.75);
    expect(retryDelay(1, 7)).toBe(RETRY_BASE_DELAY_MS);
  });
});

describe('isRetryableStatus', () => {
  it('retries server errors only', () => {
    expect([500, 502, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([200, 301, 400, 401, 403, 404, 409, 422, 429, 600].some(isRetryableStatus)).toBe(false);
  });
});
