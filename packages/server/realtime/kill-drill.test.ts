import { describe, expect, it } from 'vitest';
import { runKillDrill } from '../test/kill-drill.ts';

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('kill -9 mid-stream', () => {
  it('the reconnecting tab receives every committed message exactly once', { timeout: 180_000 }, async () => {
    const result = await runKillDrill({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      senders: 2,
      messagesPerSender: 6,
      killAfterAcknowledged: 5,
      instances: 1,
      tabsOn: [1],
      reconnectAfterSending: true,
    });
    expect(result.acknowledged).toBeGreaterThanOrEqual(5 + 2 * 6);
    expect(result.acknowledgedPersisted).toBe(result.acknowledged);
    const [tab] = result.tabs;
    // The tab's connection died with the server, and it came back with its Last-Event-ID.
    expect(tab!.reconnects).toBeGreaterThan(0);
    expect(tab!.missing).toBe(0);
    expect(tab!.duplicates).toBe(0);
    expect(tab!.delivered).toBe(result.persisted);
  });
});
