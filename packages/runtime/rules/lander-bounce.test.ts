import { describe, expect, it } from 'vitest';
import { bounceLoggingEnabled, pageHiddenBody } from './lander-bounce.ts';

describe('bounceLoggingEnabled', () => {
  it.each(['?lb', '?lb=1', '?network=x&lb=0', 'lb='])('is on for %j', (search) => {
    expect(bounceLoggingEnabled(search)).toBe(true);
  });

  it.each(['', '?network=x', '?lbx=1', '?LB=1'])('is off for %j', (search) => {
    expect(bounceLoggingEnabled(search)).toBe(false);
  });
});

describe('pageHiddenBody', () => {
  it('is an empty JSON object', async () => {
    const body = pageHiddenBody();
    expect(body.type).toBe('application/json');
    expect(await body.text()).toBe('{}');
  });
});
