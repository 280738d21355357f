import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.ts';

function deferredLoads() {
  const pending: ((value: number) => void)[] = [];
  let count = 0;
  const load = () => {
    count += 1;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return { load, pending, requests: () => count };
}

describe('singleFlight', () => {
  it('collapses concurrent shared loads into one request', async () => {
    const { load, pending, requests } = deferredLoads();
    const flight = singleFlight(load);
    const answers = [flight.shared(), flight.shared(), flight.shared()];
    expect(requests()).toBe(1);
    pending[0]!(7);
    expect(await Promise.all(answers)).toEqual([7, 7, 7]);
    // Once answered, the next call loads again.
    void flight.shared();
    expect(requests()).toBe(2);
  });

  it('answers fresh callers with one load that starts after the one in flight', async () => {
    const { load, pending, requests } = deferredLoads();
    const flight = singleFlight(load);
    const stale = flight.shared();
    const fresh = [flight.fresh(), flight.fresh(), flight.fresh()];
    expect(requests()).toBe(1);
    pending[0]!(1);
    expect(await stale).toBe(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(requests()).toBe(2);
    pending[1]!(2);
    expect(await Promise.all(fresh)).toEqual([2, 2, 2]);
  });

  it('starts at once when nothing is in flight, and survives a failed load', async () => {
    let fail = true;
    const flight = singleFlight(async () => {
      if (fail) throw new Error('offline');
      return 'ok';
    });
    await expect(flight.shared()).rejects.toThrow('offline');
    fail = false;
    expect(await flight.fresh()).toBe('ok');
  });
});
