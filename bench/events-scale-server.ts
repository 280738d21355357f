/**
 * One server instance for bench/events-scale.ts, started by it as a child process (with a raised
 * open-file limit). Configured by the environment like `datekit serve` (DATABASE_URL or
 * DATEKIT_VAR_DIR); sends `{ port }` to the parent once it listens, and answers each 'delay' or
 * 'memory' message with the event loop's delay and young-generation collections since the last one;
 * to 'memory' also with its memory after a full collection (when --expose-gc is on).
 */
import type { AddressInfo } from 'node:net';
import { constants, monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { createApp, LISTEN_BACKLOG } from '@datekit/server';
import { openServerServices } from './scratch-database.ts';

const services = await openServerServices();
const app = createApp(services);
// As `datekit serve` listens (LISTEN_BACKLOG): the streams' connections arrive in bursts.
await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
process.send!({ port: (app.server.address() as AddressInfo).port });
// How long the event loop was held up since the last report (what delays a delivery).
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
// Young-generation collections (scavenges) pause the loop in the middle of a delivery: how many, how long.
let scavenges: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind: number } })[])
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges.push(entry.duration);
}).observe({ entryTypes: ['gc'] });
// 'delay': the event loop's delay since the last message. 'memory': that too, then memory after a
// full collection (whose own pause is not counted).
process.on('message', (message) => {
  if (message !== 'memory' && message !== 'delay') return;
  const delay = {
    p99: loopDelay.percentile(99) / 1e6,
    max: loopDelay.max / 1e6,
    scavenges: scavenges.length,
    longestScavenge: Math.max(0, ...scavenges),
  };
  let memory: { rss: number; heapUsed: number } | undefined;
  if (message === 'memory') {
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    memory = { rss, heapUsed };
  }
  loopDelay.reset();
  scavenges = [];
  process.send!({ memory, delay });
});
process.on('disconnect', () => process.exit(0));
