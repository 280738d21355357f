import { describe, expect, it } from 'vitest';
import { runKillDrill } from '../test/kill-drill.ts';

/** The browser's retries (5, from 300 ms doubling, jittered) give up after about 9 s. */
const RETRY_WINDOW_S = 9;

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('kill -9 mid-stream', () => {
  it(
    'a cut send succeeds on its retry within the browser window, once; the reconnecting tab receives every message once',
    { timeout: 240_000 },
    async () => {
      const result = await runKillDrill({
        databaseUrl: process.env.TEST_DATABASE_URL!,
        senders: 3,
        messagesPerSender: 6,
        killAfterAcknowledged: 5,
        instances: 2,
        tabsOn: [1],
        reconnectAfterSending: true,
      });
      // Every message was sent: the request cut by the kill was retried with its key and succeeded.
      expect(result.cut).toBeGreaterThanOrEqual(1);
      expect(result.failed).toBe(0);
      expect(result.acknowledged).toBe(2 * 3 * 6);
      expect(result.acknowledgedPersisted).toBe(result.acknowledged);
      expect(result.duplicates).toBe(0);
      expect(result.persisted).toBe(result.acknowledged);
      expect(result.recoverySeconds).toHaveLength(result.cut);
      expect(result.recoverySeconds[0]).toBeLessThan(RETRY_WINDOW_S);
      const [tab] = result.tabs;
      // The tab's connection died with the server, and it came back with its Last-Event-ID.
      expect(tab!.reconnects).toBeGreaterThan(0);
      expect(tab!.missing).toBe(0);
      expect(tab!.duplicates).toBe(0);
      expect(tab!.delivered).toBe(result.persisted);
    },
  );
});
