import { describe, expect, it } from 'vitest';
import { runOutageDrill } from '../test/outage-drill.ts';

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('the database goes away and comes back', () => {
  it('two serve processes stay up, answer 503 meanwhile, and deliver every acknowledged message after', async () => {
    const result = await runOutageDrill({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      senders: 2,
      beforeCut: 10,
      outageMs: 3_000,
      afterReturn: 10,
    });
    expect(result.exits).toBe(0);
    expect(result.readyDuringOutage).toEqual([503, 503]);
    // Refused while the database was away (503), never a 500 or an unanswered request.
    expect(Object.keys(result.statuses).filter((status) => status !== '201' && status !== '503')).toEqual([]);
    expect(result.statuses[503]).toBeGreaterThan(0);
    expect(result.acknowledged).toBeGreaterThanOrEqual(20);
    expect(result.acknowledgedNotStored).toBe(0);
    expect(result.acknowledgedNotDelivered).toEqual([0, 0]);
    expect(result.storedNotDelivered).toEqual([0, 0]);
    expect(result.duplicates).toEqual([0, 0]);
    // Delivery resumed on both instances, without a restart.
    for (const seconds of result.firstDeliverySeconds) expect(seconds).not.toBeNull();
    expect(result.readySeconds).not.toBeNull();
  }, 120_000);
});
