/**
 * Requests per second of GET /api/settings.php through the whole app (brand by host, cookies, the
 * answer serialised through its response schema) beside a bare Fastify hello-world, in the same run,
 * autocannon on 127.0.0.1. The two alternate for a few rounds and the medians are compared, so that
 * other load on the machine weighs on both alike. Goal: settings.php at 80% of the hello-world rate
 * or more. Usage: npx tsx bench/serializer.ts [seconds per round] [rounds]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createApp, loadConfig, migrateToLatest } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const connections = 50;
const GOAL = 0.8;

async function measure(url: string): Promise<{ rps: number; failed: number }> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { host: 'localhost' } });
  return { rps: result.requests.average, failed: result.non2xx + result.errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-bench-'));
const services = await openServices(loadConfig({ DATEKIT_VAR_DIR: dir }));
await migrateToLatest(services.db);
const app = createApp(services);
await app.listen({ port: 0, host: '127.0.0.1' });

const bareUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/`;
const settingsUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/settings.php`;

console.log(
  `autocannon, ${connections} connections, ${rounds} alternating rounds of ${seconds} s, Node ${process.version}, ${os.cpus().length} cores`,
);
// A short warm-up lets V8 optimise both hot paths before anything is counted.
await autocannon({ url: bareUrl, connections, duration: 1 });
await autocannon({ url: settingsUrl, connections, duration: 1, headers: { host: 'localhost' } });

const bare: number[] = [];
const settings: number[] = [];
let failed = 0;
for (let round = 1; round <= rounds; round++) {
  const b = await measure(bareUrl);
  const s = await measure(settingsUrl);
  bare.push(b.rps);
  settings.push(s.rps);
  failed += b.failed + s.failed;
  console.log(`round ${round}: hello-world ${b.rps.toFixed(0)} req/s, settings.php ${s.rps.toFixed(0)} req/s`);
}

const ratio = median(settings) / median(bare);
console.log(`bare Fastify hello-world   ${median(bare).toFixed(0).padStart(8)} req/s (median)`);
console.log(`GET /api/settings.php      ${median(settings).toFixed(0).padStart(8)} req/s (median)`);
console.log(
  `settings.php runs at ${(ratio * 100).toFixed(0)}% of the hello-world rate (goal ${GOAL * 100}%: ${ratio >= GOAL ? 'met' : 'not met'})${failed ? `; ${failed} requests failed!` : ''}`,
);

await hello.close();
await app.close();
await services.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
