import { describe, expect, it } from 'vitest';
import { retryWait } from './retry-wait.ts';

describe('the wait a 429 names', () => {
  it.each([
    [0.2, { context: 'seconds', count: 1 }],
    [45, { context: 'seconds', count: 45 }],
    [59.5, { context: 'minutes', count: 1 }],
    [60, { context: 'minutes', count: 1 }],
    [61, { context: 'minutes', count: 2 }],
    [299, { context: 'minutes', count: 5 }],
    [3540, { context: 'minutes', count: 59 }],
    [3541, { context: 'hours', count: 1 }],
    [3600, { context: 'hours', count: 1 }],
    [3601, { context: 'hours', count: 2 }],
  ])('%s s: %j, never earlier than allowed', (seconds, wait) => {
    expect(retryWait(seconds)).toEqual(wait);
  });
});
