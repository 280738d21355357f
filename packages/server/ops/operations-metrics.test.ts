import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../jobs/handlers.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { RATE_LIMITS } from './rate-limits.ts';

const METRICS_TOKEN = 'operations-metrics-token-0123456789';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN, RATE_LIMIT: 'on' } });
});
afterAll(async () => {
  await server.close();
});

async function scrape(): Promise<string> {
  const res = await server.client('probe').request('GET', '/metrics', {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  return res.text;
}

/** The value of one series (`name{labels}`), or undefined when absent. */
function value(metrics: string, series: string): number | undefined {
  const line = metrics.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('operations metrics', () => {
  it('count rate-limit refusals by rule, webhook outcomes and failed jobs; show the queue, the pool and the bus', async () => {
    const browser = server.client();
    for (let i = 0; i <= RATE_LIMITS.signup.max; i++) {
      await browser.post('/api/signup.php', validSignup({ email: `limit${i}@example.com`, name: `Limit${i}` }));
    }
    const webhook = await server.client().request('POST', '/api/payment-webhook.php', {
      raw: 'id=tr_not_ours',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      noClientHeader: true,
    });
    expect(webhook.status).toBe(200);
    const { services } = server;
    await enqueueJob(services.db, 'no-such-job', {}, services.now(), { maxAttempts: 1 });
    await enqueueJob(services.db, 'later', {}, services.now(), { runAt: services.now() + 3_600_000 });
    await createJobRunner(services).runDue();

    const metrics = await scrape();
    expect(value(metrics, 'datekit_rate_limit_refusals_total{rule="signup"}')).toBe(1);
    expect(value(metrics, 'datekit_payment_webhooks_total{outcome="unknown"}')).toBe(1);
    expect(value(metrics, 'datekit_job_failures_total{job="no-such-job"}')).toBe(1);
    expect(value(metrics, 'datekit_jobs{status="failed"}')).toBeGreaterThanOrEqual(1);
    expect(value(metrics, 'datekit_jobs{status="queued"}')).toBeGreaterThanOrEqual(1);
    if (services.engine === 'postgres') {
      expect(value(metrics, 'datekit_event_bus_listening')).toBe(1);
      expect(value(metrics, 'datekit_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(value(metrics, 'datekit_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    } else {
      // SQLite has neither a pool nor a LISTEN connection: no series rather than a misleading 0.
      expect(metrics).not.toMatch(/^datekit_event_bus_listening /m);
      expect(metrics).not.toContain('datekit_db_pool_connections{');
    }
  });
});
