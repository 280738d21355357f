/**
 * Requests per second of GET /api/settings.php beside a bare Fastify hello-world, same machine, same
 * run, autocannon on 127.0.0.1. The gap is what brand resolution, cookies, validation and
 * serialisation cost. Usage: npx tsx bench/settings-rps.ts [seconds]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createApp, loadConfig, migrateToLatest } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';

const seconds = Number(process.argv[2] ?? 8);
const connections = 50;

async function measure(label: string, url: string, host: string): Promise<number> {
  // A short warm-up lets V8 optimise the hot path before we count.
  await autocannon({ url, connections, duration: 1, headers: { host } });
  const result = await autocannon({ url, connections, duration: seconds, headers: { host } });
  const rps = result.requests.average;
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${label.padEnd(28)} ${rps.toFixed(0).padStart(8)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms${non2xx ? `   (${non2xx} failed!)` : ''}`,
  );
  return rps;
}

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-bench-'));
const services = await openServices(loadConfig({ DATEKIT_VAR_DIR: dir }));
await migrateToLatest(services.db);
const app = createApp(services);
await app.listen({ port: 0, host: '127.0.0.1' });

console.log(
  `autocannon, ${connections} connections, ${seconds} s each, Node ${process.version}, ${os.cpus().length} cores`,
);
const bare = await measure(
  'bare Fastify hello-world',
  `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/`,
  'localhost',
);
const settings = await measure(
  'GET /api/settings.php',
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/settings.php`,
  'localhost',
);
console.log(`settings.php runs at ${((settings / bare) * 100).toFixed(0)}% of the hello-world rate`);

await hello.close();
await app.close();
await services.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
