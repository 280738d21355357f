/**
 * One server instance for bench/events-scale.ts, started by it as a child process (with a raised
 * open-file limit). Configured by the environment like `datekit serve` (DATABASE_URL or
 * DATEKIT_VAR_DIR); sends `{ port }` to the parent once it listens and answers `{ memory }` (after a
 * garbage collection, when --expose-gc is on) to each 'memory' message.
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp, createPostgresBus, loadConfig } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';

const config = loadConfig({ ...process.env, RATE_LIMIT: 'off' });
const services = await openServices(config);
if (config.databaseUrl) {
  await services.events.close();
  services.events = await createPostgresBus(config.databaseUrl);
}
const app = createApp(services);
await app.listen({ port: 0, host: '127.0.0.1' });
process.send!({ port: (app.server.address() as AddressInfo).port });
// How long the event loop was held up since the last 'memory' message (what delays a delivery).
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
process.on('message', (message) => {
  if (message !== 'memory') return;
  const delay = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
  loopDelay.reset();
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send!({ memory: { rss, heapUsed }, delay });
});
process.on('disconnect', () => process.exit(0));
