/**
 * GET /api/settings.php through the whole app (brand by host, cookies, the answer serialised through
 * its response schema) beside a bare Fastify hello-world, in the same run. Goal: settings.php at 80%
 * of the hello-world rate or more.
 *
 * Both servers run in a child process and autocannon in this one, so the load generator does not eat
 * the servers' event loop. The two alternate for a few rounds; the figures are medians of requests per
 * second and of the server's CPU time per request. On a machine shared with other work, req/s moves
 * with the neighbours' load while CPU time per request does not, so the ratio is given both ways.
 * Usage: npx tsx bench/serializer.ts [seconds per round] [rounds]
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createApp, loadConfig, migrateToLatest } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';

const GOAL = 0.8;
const connections = 50;

type ToChild = 'cpu' | 'stop';
type FromChild = { ports: { bare: number; settings: number } } | { cpuMicros: number };

/** The child: both servers, answering the driver's CPU-time questions. */
async function serve(): Promise<void> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-bench-'));
  const services = await openServices(loadConfig({ DATEKIT_VAR_DIR: dir }));
  await migrateToLatest(services.db);
  const app = createApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: { server: { address(): unknown } }) => (server.server.address() as AddressInfo).port;
  process.on('message', async (message: ToChild) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMicros: user + system } satisfies FromChild);
      return;
    }
    await hello.close();
    await app.close();
    await services.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({ ports: { bare: port(hello), settings: port(app) } } satisfies FromChild);
}

function ask(child: ChildProcess, message: ToChild): Promise<FromChild> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as FromChild));
    child.send(message);
  });
}

async function cpuMicros(child: ChildProcess): Promise<number> {
  return ((await ask(child, 'cpu')) as { cpuMicros: number }).cpuMicros;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The parent: autocannon against each server in turn. */
async function drive(seconds: number, rounds: number): Promise<void> {
  const child = fork(new URL(import.meta.url).pathname, ['--serve']);
  const ready = (await new Promise((resolve) => child.once('message', resolve))) as { ports: Record<string, number> };
  const urls = {
    bare: `http://127.0.0.1:${ready.ports.bare}/`,
    settings: `http://127.0.0.1:${ready.ports.settings}/api/settings.php`,
  };
  const measure = async (url: string) => {
    const before = await cpuMicros(child);
    const result = await autocannon({ url, connections, duration: seconds, headers: { host: 'localhost' } });
    const cpu = (await cpuMicros(child)) - before;
    return { rps: result.requests.average, cpuPerRequest: cpu / result['2xx'], failed: result.non2xx + result.errors };
  };

  console.log(
    `autocannon, ${connections} connections, ${rounds} alternating rounds of ${seconds} s, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  // A short warm-up lets V8 optimise both hot paths before anything is counted.
  await autocannon({ url: urls.bare, connections, duration: 1 });
  await autocannon({ url: urls.settings, connections, duration: 1, headers: { host: 'localhost' } });

  const bare: { rps: number; cpuPerRequest: number }[] = [];
  const settings: { rps: number; cpuPerRequest: number }[] = [];
  let failed = 0;
  for (let round = 1; round <= rounds; round++) {
    const b = await measure(urls.bare);
    const s = await measure(urls.settings);
    bare.push(b);
    settings.push(s);
    failed += b.failed + s.failed;
    console.log(
      `round ${round}: hello-world ${b.rps.toFixed(0)} req/s ${b.cpuPerRequest.toFixed(0)} µs CPU/req, settings.php ${s.rps.toFixed(0)} req/s ${s.cpuPerRequest.toFixed(0)} µs CPU/req`,
    );
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop' satisfies ToChild);
  await exited;

  const rps = { bare: median(bare.map((r) => r.rps)), settings: median(settings.map((r) => r.rps)) };
  const cpu = {
    bare: median(bare.map((r) => r.cpuPerRequest)),
    settings: median(settings.map((r) => r.cpuPerRequest)),
  };
  const byRps = rps.settings / rps.bare;
  const byCpu = cpu.bare / cpu.settings;
  const verdict = (ratio: number) =>
    `${(ratio * 100).toFixed(0)}% (goal ${GOAL * 100}%: ${ratio >= GOAL ? 'met' : 'not met'})`;
  console.log(
    `bare Fastify hello-world   ${rps.bare.toFixed(0).padStart(7)} req/s   ${cpu.bare.toFixed(0).padStart(4)} µs CPU per request`,
  );
  console.log(
    `GET /api/settings.php      ${rps.settings.toFixed(0).padStart(7)} req/s   ${cpu.settings.toFixed(0).padStart(4)} µs CPU per request`,
  );
  console.log(
    `settings.php at ${verdict(byRps)} of the hello-world rate by req/s; ${verdict(byCpu)} by CPU time per request`,
  );
  if (failed) console.log(`${failed} requests failed!`);
}

if (process.argv[2] === '--serve') await serve();
else await drive(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 3));
