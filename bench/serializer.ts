/**
 * GET /api/settings.php through the whole app (brand by host, cookies, the answer serialised through
 * its response schema) beside a bare Fastify hello-world, in the same run. Goal: settings.php at 80%
 * of the hello-world rate or more.
 *
 * Both servers run in a child process and autocannon in this one, so the load generator does not eat
 * the servers' event loop. The two alternate for a few rounds; the figures are medians of requests per
 * second and of the server's CPU time per request. On a machine shared with other work, req/s moves
 * with the neighbours' load while CPU time per request does not, so the ratio is given both ways.
 *
 * A third line, for reading the figures only, is the bare Fastify server sending settings.php's exact
 * answer (its security headers, ETag, request id and body bytes, captured from the app) with no hook,
 * lookup or check: the part of the gap that is the answer itself rather than the app. Its ratio to
 * hello-world is the most settings.php could reach with those headers and bytes, printed as the bound.
 * A fourth line is what a browser's later pages send: the same request with If-None-Match, a 304.
 *
 * settings.php is asked for as a browser's second and later requests are: with the language cookie
 * the first answer set, so the answer carries no Set-Cookie (a first visit's one extra header is not
 * what a busy server spends its time on).
 * Usage: npx tsx bench/serializer.ts [seconds per round] [rounds]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
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
type FromChild = { ports: { bare: number; settings: number }; cookie: string; etag: string } | { cpuMicros: number };

/** Headers Node writes itself on every answer; the replay leaves them to it. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The child: both servers, answering the driver's CPU-time questions. */
async function serve(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-bench-'));
  const services = await openServices(loadConfig({ DATEKIT_VAR_DIR: dir }));
  await migrateToLatest(services.db);
  const app = createApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: { server: { address(): unknown } }) => (server.server.address() as AddressInfo).port;

  // A first visit: the answer sets the language cookie, which the browser sends from then on.
  const settingsUrl = `http://127.0.0.1:${port(app)}/api/settings.php`;
  const first = await fetch(settingsUrl, { headers: { host: 'localhost' } });
  const cookie = first.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  await first.arrayBuffer();
  // settings.php's answer to that browser, for the bare server to replay (a fresh request id each time).
  const sample = await fetch(settingsUrl, { headers: { host: 'localhost', cookie } });
  const body = Buffer.from(await sample.arrayBuffer());
  const etag = sample.headers.get('etag') ?? '';
  const headers: Record<string, string | string[]> = Object.fromEntries(
    [...sample.headers].filter(([name]) => !NODE_HEADERS.has(name) && name !== 'x-request-id' && name !== 'set-cookie'),
  );
  if (sample.headers.getSetCookie().length) headers['set-cookie'] = sample.headers.getSetCookie();

  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  // The cheapest way Fastify has to send them: one headers object, the body as bytes.
  hello.get('/same-answer', async (_request, reply) => {
    reply.headers(headers);
    reply.header('x-request-id', randomUUID());
    return reply.send(body);
  });
  await hello.listen({ port: 0, host: '127.0.0.1' });

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
  process.send!({ ports: { bare: port(hello), settings: port(app) }, cookie, etag } satisfies FromChild);
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

type Target = 'bare' | 'same' | 'settings' | 'revalidate';
const LABELS: Record<Target, string> = {
  bare: 'bare Fastify hello-world',
  same: "bare Fastify, settings.php's bytes",
  settings: 'GET /api/settings.php',
  revalidate: 'GET /api/settings.php, 304',
};

/** The parent: autocannon against each server in turn. */
async function drive(seconds: number, rounds: number): Promise<void> {
  const child = fork(new URL(import.meta.url).pathname, ['--serve']);
  const ready = (await new Promise((resolve) => child.once('message', resolve))) as {
    ports: Record<string, number>;
    cookie: string;
    etag: string;
  };
  const urls: Record<Target, string> = {
    bare: `http://127.0.0.1:${ready.ports.bare}/`,
    same: `http://127.0.0.1:${ready.ports.bare}/same-answer`,
    settings: `http://127.0.0.1:${ready.ports.settings}/api/settings.php`,
    revalidate: `http://127.0.0.1:${ready.ports.settings}/api/settings.php`,
  };
  const targets = Object.keys(urls) as Target[];
  // Every target gets the same request: a browser's, carrying the language cookie of its first visit.
  const browser = { host: 'localhost', cookie: ready.cookie };
  const headersOf = (target: Target) =>
    target === 'revalidate' ? { ...browser, 'if-none-match': ready.etag } : browser;
  const measure = async (target: Target) => {
    const before = await cpuMicros(child);
    const result = await autocannon({ url: urls[target], connections, duration: seconds, headers: headersOf(target) });
    const cpu = (await cpuMicros(child)) - before;
    // autocannon counts a 304 as 3xx: it is the answer asked for there.
    const answered = target === 'revalidate' ? result['3xx'] : result['2xx'];
    return {
      rps: result.requests.average,
      cpuPerRequest: cpu / answered,
      failed: result.errors + result.non2xx - (target === 'revalidate' ? result['3xx'] : 0),
    };
  };

  console.log(
    `autocannon, ${connections} connections, ${rounds} alternating rounds of ${seconds} s, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `requests as a browser's second visit sends them, with the language cookie (${ready.cookie || 'none set'}): settings.php sends no Set-Cookie`,
  );
  // A short warm-up lets V8 optimise every hot path before anything is counted.
  for (const target of targets)
    await autocannon({ url: urls[target], connections, duration: 1, headers: headersOf(target) });

  const runs: Record<Target, { rps: number; cpuPerRequest: number }[]> = {
    bare: [],
    same: [],
    settings: [],
    revalidate: [],
  };
  let failed = 0;
  for (let round = 1; round <= rounds; round++) {
    const line: string[] = [];
    for (const target of targets) {
      const run = await measure(target);
      runs[target].push(run);
      failed += run.failed;
      line.push(`${target} ${run.rps.toFixed(0)} req/s ${run.cpuPerRequest.toFixed(0)} µs`);
    }
    console.log(`round ${round}: ${line.join(', ')}`);
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop' satisfies ToChild);
  await exited;

  const rps = (target: Target) => median(runs[target].map((r) => r.rps));
  const cpu = (target: Target) => median(runs[target].map((r) => r.cpuPerRequest));
  // Neighbours only ever add to a round's CPU time per request, so the least of the rounds is the steadiest.
  const leastCpu = (target: Target) => Math.min(...runs[target].map((r) => r.cpuPerRequest));
  for (const target of targets) {
    console.log(
      `${LABELS[target].padEnd(36)} ${rps(target).toFixed(0).padStart(7)} req/s   ${cpu(target).toFixed(1).padStart(5)} µs CPU per request (least ${leastCpu(target).toFixed(1)})`,
    );
  }
  const verdict = (ratio: number) =>
    `${(ratio * 100).toFixed(0)}% (goal ${GOAL * 100}%: ${ratio >= GOAL ? 'met' : 'not met'})`;
  console.log(
    `settings.php at ${verdict(rps('settings') / rps('bare'))} of the hello-world rate by req/s; ` +
      `${verdict(cpu('bare') / cpu('settings'))} by CPU time per request ` +
      `(${((leastCpu('bare') / leastCpu('settings')) * 100).toFixed(0)}% by the least rounds)`,
  );
  console.log(
    `of the ${(cpu('settings') - cpu('bare')).toFixed(1)} µs settings.php costs beyond hello-world, ` +
      `${(cpu('same') - cpu('bare')).toFixed(1)} µs is sending its answer (headers and body) at all, ` +
      `${(cpu('settings') - cpu('same')).toFixed(1)} µs the app's work (brand, hooks, metrics, cookie check, route)`,
  );
  console.log(
    `bound: the answer alone (its headers and bytes, no app) runs at ${((rps('same') / rps('bare')) * 100).toFixed(0)}% ` +
      `of hello-world by req/s, ${((cpu('bare') / cpu('same')) * 100).toFixed(0)}% by CPU time: settings.php cannot do better`,
  );
  console.log(
    `a browser's revalidation (If-None-Match, 304): ${verdict(rps('revalidate') / rps('bare'))} by req/s, ` +
      `${verdict(cpu('bare') / cpu('revalidate'))} by CPU time per request`,
  );
  if (failed) console.log(`${failed} requests failed!`);
}

if (process.argv[2] === '--serve') await serve();
else await drive(Number(process.argv[2] ?? 5), Number(process.argv[3] ?? 3));
