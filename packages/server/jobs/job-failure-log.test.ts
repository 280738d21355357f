import { Writable } from 'node:stream';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_SYNC_JOB } from '../features/payments/webhook-sync.ts';
import { createLogger } from '../ops/logger.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { createJobRunner } from './handlers.ts';
import { enqueueJob } from './queue.ts';

let server: TestServer;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  // services.log as in production (JSON, warnings and errors), written where the test can read it.
  server = await startTestServer({
    services: { log: createLogger({ logLevel: 'warn', logFormat: 'json' }, capture) },
  });
});
afterAll(() => server.close());

describe('a failed job', () => {
  it('is logged through services.log as one JSON line with the job and the error, secrets redacted', async () => {
    const browser = server.client();
    await browser.post('/api/signup.php', validSignup({ email: 'failing-job@example.com' }));
    await browser.get(pathOf(server.latestActivationLink()));
    const order = await browser.post<{ payment: Payment }>('/api/payment.php', {
      bundle_id: 'starter',
      method: 'creditcard',
    });
    expect(order.status, order.text).toBe(201);
    // The provider fails with an error that carries credentials, as an HTTP client's error may.
    const failure = Object.assign(new Error('provider unreachable'), { password: 'hunter2', token: 'tok_secret_42' });
    vi.spyOn(server.services.payments, 'getPayment').mockRejectedValue(failure);
    const { services } = server;
    await enqueueJob(services.db, PAYMENT_SYNC_JOB, { id: order.body.payment.payment_id }, services.now(), {
      maxAttempts: 1,
    });
    await createJobRunner(services).runDue();

    const failed = lines.filter((line) => line.msg === 'job failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      level: 50,
      job: PAYMENT_SYNC_JOB,
      job_id: expect.any(Number),
      err: { type: 'Error', message: 'provider unreachable', password: '[redacted]', token: '[redacted]' },
    });
    expect((failed[0]!.err as { stack?: string }).stack).toContain('provider unreachable');
    const all = JSON.stringify(lines);
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain('tok_secret_42');
  });
});
