import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readiness } from '../ops/health.routes.ts';
import { databaseUrlVia, startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { createPostgresBus, type EventBus } from './event-bus.ts';

/** Polls `probe` until it holds: the bus's state changes on its own schedule. */
async function until(what: string, probe: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('the PostgreSQL bus loses its LISTEN connection', () => {
  let server: TestServer;
  let proxy: TcpProxy;
  let bus: EventBus;
  beforeAll(async () => {
    server = await startTestServer();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    bus = await createPostgresBus(
      databaseUrlVia(url.toString(), proxy.port),
      `datekit_test_${randomBytes(4).toString('hex')}`,
    );
  });
  afterAll(async () => {
    await bus?.close();
    await proxy?.cut();
    await server?.close();
  });

  it('says so (state, readiness), reconnects by itself, then wakes every stream to read what it missed', async () => {
    const services = { ...server.services, events: bus };
    expect(bus.connection?.()).toMatchObject({ connected: true });
    let woken = 0;
    const unsubscribe = bus.subscribe(42, () => (woken += 1));

    const cutAt = Date.now();
    await proxy.cut();
    await until('the bus to notice', () => bus.connection?.().connected === false);
    const down = bus.connection!();
    expect(down.since).toBeGreaterThanOrEqual(cutAt);
    const notReady = await readiness(services);
    expect(notReady.ready).toBe(false);
    expect(notReady.checks).toMatchObject({ database: true, events: false });
    expect(notReady.problems.join(' ')).toMatch(/event bus not listening for \d+ s/);
    expect(woken).toBe(0);

    await proxy.open();
    await until('the bus to listen again', () => bus.connection?.().connected === true);
    // Events committed while nobody listened are in the table: the member's stream is told to read it.
    await until('the wake-up after reconnecting', () => woken > 0);
    expect((await readiness(services)).checks).toMatchObject({ events: true });
    unsubscribe();
  });
});
