/**
 * Event streams at scale (issue 13): STREAMS open event streams (default 10,000, one member each) on
 * one server instance, then messages sent one at a time to random connected members while all of them
 * stay connected: delivery p50/p99 from the POST to the event at the recipient (goal p99 < 10 ms), and
 * the server's memory per open stream (RSS and heap after GC, before and after connecting, ÷ streams).
 * With DATABASE_URL set to PostgreSQL: two instances on a fresh schema (dropped afterwards), the
 * streams split between them, messages sent through instance 1 (goal p99 < 25 ms, issue 28).
 * The servers run as child processes and the clients are raw HTTP connections in this process; the
 * open-file limit is raised to the hard limit here, for the bench only.
 * Usage: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/test] npx tsx bench/events-scale.ts [streams] [messages]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createDatabase, loadConfig, migrateToLatest } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';
import { seedMembersWithSessions } from '../packages/server/test/seed-members.ts';
import { listenOverflows } from './listen-overflows.ts';
import { raised } from './open-files.ts';
import { scratchDatabase } from './scratch-database.ts';

const STREAMS = Number(process.argv[2] ?? 10_000);
const MESSAGES = Number(process.argv[3] ?? 300);
const BRAND = 'localhost';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');

// This process holds every client socket: re-run it under the raised limit when the soft one is too low.
const soft = Number(spawnSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
if (soft < STREAMS + 1_000 && !process.env.EVENTS_SCALE_RAISED) {
  const [cmd, args] = raised([process.execPath, ...process.execArgv, ...process.argv.slice(1)]);
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, EVENTS_SCALE_RAISED: '1' } });
  child.on('exit', (code) => process.exit(code ?? 1));
  await new Promise(() => undefined);
}

const databaseUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const INSTANCES = databaseUrl ? 2 : 1;
const TARGET_P99_MS = databaseUrl ? 25 : 10;

// A scratch database: a temporary SQLite directory, or a fresh PostgreSQL schema.
const scratch = await scratchDatabase(databaseUrl, 'events-scale');
const { serverEnv, schema } = scratch;

// Members with a session each: a sender with credits, and one recipient per stream.
const seedStart = performance.now();
// PostgreSQL: a connection of our own in the schema (migrations need to be told it, as in kill-drill).
const services = await openServices(loadConfig({ ...serverEnv, DATABASE_URL: undefined }));
const db = databaseUrl ? createDatabase({ databaseUrl, searchPath: schema }).db : services.db;
await migrateToLatest(db, databaseUrl ? { schema } : undefined);
const { ids, cookies } = await seedMembersWithSessions(db, {
  brand: BRAND,
  count: STREAMS + 1,
  emailPrefix: 'bench-events',
});
await db.destroy();
if (db !== services.db) await services.db.destroy();
console.log(`seeded ${STREAMS + 1} members in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

// The server instances, each a child process under the raised limit.
interface Instance {
  child: ChildProcess;
  port: number;
}
async function startInstance(): Promise<Instance> {
  const [cmd, args] = raised([
    process.execPath,
    ...process.execArgv,
    '--expose-gc',
    '--max-old-space-size=2048',
    path.join(HERE, 'events-scale-server.ts'),
  ]);
  const child = spawn(cmd, args, { cwd: ROOT, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  return { child, port };
}
interface Delay {
  p99: number;
  max: number;
  scavenges: number;
  longestScavenge: number;
}
type Memory = { rss: number; heapUsed: number };
/** The instance's report: 'memory' after a full collection, or only the loop's delay (no collection). */
function reportOf<M extends 'memory' | 'delay'>(
  instance: Instance,
  what: M,
): Promise<{ delay: Delay; memory: M extends 'memory' ? Memory : undefined }> {
  return new Promise((resolve) => {
    instance.child.once('message', resolve);
    instance.child.send(what);
  });
}
const instances = await Promise.all(Array.from({ length: INSTANCES }, startInstance));
const before = (await Promise.all(instances.map((i) => reportOf(i, 'memory')))).map((r) => r.memory);

// The streams: recipient i on instance i % INSTANCES; each resolves the waiter of the text it gets.
const waiters = new Map<string, (at: number) => void>();
const sockets: http.ClientRequest[] = [];
let connected = 0;
const connectStart = performance.now();
function openStream(index: number): Promise<void> {
  const instance = instances[index % INSTANCES]!;
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: instance.port,
        path: '/api/events',
        agent: false,
        headers: { host: BRAND, cookie: cookies[index + 1] },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${index}: HTTP ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          for (const match of chunk.matchAll(/"text":"(bench [^"]+)"/g)) waiters.get(match[1]!)?.(at);
        });
        connected++;
        resolve();
      },
    );
    req.on('error', reject);
    sockets.push(req);
  });
}
// At most 100 connections being opened at a time, as tabs coming and going would.
const overflowsBefore = listenOverflows();
let nextStream = 0;
await Promise.all(
  Array.from({ length: 100 }, async () => {
    while (nextStream < STREAMS) await openStream(nextStream++);
  }),
);
console.log(
  `${connected} event streams open on ${INSTANCES} instance(s) in ${((performance.now() - connectStart) / 1000).toFixed(1)} s; ` +
    `Node ${process.version}, ${os.cpus().length} cores, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; connections refused by a full listen queue meanwhile: ${listenOverflows() - overflowsBefore}`,
);
const after = (await Promise.all(instances.map((i) => reportOf(i, 'memory')))).map((r) => r.memory);
instances.forEach((_, i) => {
  const perStream = STREAMS / INSTANCES;
  const rss = (after[i]!.rss - before[i]!.rss) / perStream / 1024;
  const heap = (after[i]!.heapUsed - before[i]!.heapUsed) / perStream / 1024;
  console.log(
    `instance ${i + 1}: ${perStream} streams, RSS ${(before[i]!.rss / 2 ** 20).toFixed(0)} → ${(after[i]!.rss / 2 ** 20).toFixed(0)} MB, ` +
      `per stream: RSS ${rss.toFixed(1)} KB, heap ${heap.toFixed(1)} KB`,
  );
});

// Messages one at a time through instance 1, each to a random connected member.
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
function post(text: string, to: number): Promise<number> {
  const body = JSON.stringify({ profile_id: to, text });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: instances[0]!.port,
        method: 'POST',
        path: '/api/message.php',
        agent,
        headers: {
          host: BRAND,
          cookie: cookies[0],
          'x-client-request': '1',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
/** Sends one message to a random connected member: where it went, when it was answered and delivered. */
async function sendOne(text: string) {
  const index = Math.floor(Math.random() * STREAMS);
  const arrived = new Promise<number>((resolve) => waiters.set(text, resolve));
  const start = performance.now();
  const status = await post(text, ids[index + 1]!);
  const answeredAfter = performance.now() - start;
  if (status !== 201) throw new Error(`send "${text}": HTTP ${status}`);
  const deliveredAfter = (await arrived) - start;
  waiters.delete(text);
  return { instance: index % INSTANCES, answeredAfter, deliveredAfter };
}
// 20 warm-up messages (compilation, first statements prepared) are not counted, nor is the event
// loop's delay while they were sent (the report resets it; after the full collection of the memory
// report, so the collection's aftermath falls on them too).
for (let i = 0; i < 20; i++) await sendOne(`bench warm-up ${i}`);
await Promise.all(instances.map((i) => reportOf(i, 'delay')));
const latencies: number[][] = instances.map(() => []);
const answered: number[] = [];
for (let i = 0; i < MESSAGES; i++) {
  const { instance, answeredAfter, deliveredAfter } = await sendOne(`bench ${i}`);
  answered.push(answeredAfter);
  latencies[instance]!.push(deliveredAfter);
}
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return {
    p50: q(0.5),
    p99: q(0.99),
    max: sorted.at(-1)!,
    text: `p50 ${q(0.5).toFixed(1)} ms   p99 ${q(0.99).toFixed(1)} ms   max ${sorted.at(-1)!.toFixed(1)} ms`,
  };
};
console.log(`POST answered (${MESSAGES}): ${stats(answered).text}`);
latencies.forEach((samples, i) =>
  console.log(`delivered to streams on instance ${i + 1} (${samples.length}): ${stats(samples).text}`),
);
const all = stats(latencies.flat());
console.log(
  `delivery, all ${MESSAGES}: ${all.text}; load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const [i, report] of (await Promise.all(instances.map((i) => reportOf(i, 'delay')))).entries()) {
  console.log(
    `instance ${i + 1} event-loop delay while sending: p99 ${report.delay.p99.toFixed(1)} ms, max ${report.delay.max.toFixed(1)} ms; ` +
      `${report.delay.scavenges} young-generation collections, longest ${report.delay.longestScavenge.toFixed(1)} ms`,
  );
}
const stillOpen = sockets.filter((s) => !s.destroyed).length;
console.log(`streams still open at the end: ${stillOpen} of ${STREAMS}`);

for (const socket of sockets) socket.destroy();
agent.destroy();
for (const instance of instances) instance.child.disconnect();
await Promise.all(
  instances.map(
    (i) => new Promise((resolve) => (i.child.exitCode !== null ? resolve(0) : i.child.once('exit', resolve))),
  ),
);
await scratch.drop();
const ok = all.p99 < TARGET_P99_MS && stillOpen === STREAMS;
console.log(
  ok
    ? `OK: p99 ${all.p99.toFixed(1)} ms < ${TARGET_P99_MS} ms`
    : `NOT MET: p99 ${all.p99.toFixed(1)} ms (goal < ${TARGET_P99_MS} ms)`,
);
process.exitCode = ok ? 0 : 1;
