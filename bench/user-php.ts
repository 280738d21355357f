/**
 * `GET /api/user.php` with a session (issue 28): the real app (createApp, a seeded member's session
 * cookie) against a bare Fastify route answering a JSON of the same size, in the same run, each
 * server in a child process of its own so the load generator (autocannon, in this process) does not
 * share its CPU. Prints req/s of both, their ratio (goal: datekit ≥ 30 % of bare Fastify), p50/p99
 * latency, the server's CPU µs per request and the load average beside each figure.
 * SQLite by default; PostgreSQL with `--pg` (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
 * or DATABASE_URL set to PostgreSQL: a fresh schema, dropped afterwards.
 * Usage: [DATABASE_URL=postgres://…] npx tsx bench/user-php.ts [--pg] [seconds=10] [connections=20]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createApp, createDatabase, loadConfig, migrateToLatest } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';
import { seedMembersWithSessions } from '../packages/server/test/seed-members.ts';
import { openServerServices, scratchDatabase } from './scratch-database.ts';

const HERE = fileURLToPath(import.meta.url);
const BRAND = 'localhost';
const GOAL_RATIO = 0.3;

/** A child: serves `datekit` (the app, configured by the environment) or `bare`, then reports its CPU. */
async function serve(kind: string, bareJson: string): Promise<void> {
  let listen: (port: number, host: string) => Promise<AddressInfo>;
  if (kind === 'bare') {
    const bare = Fastify();
    bare.get('/api/user.php', async (_request, reply) => reply.type('application/json').send(bareJson));
    listen = async (port, host) => {
      await bare.listen({ port, host });
      return bare.server.address() as AddressInfo;
    };
  } else {
    const app = createApp(await openServerServices());
    listen = async (port, host) => {
      await app.listen({ port, host });
      return app.server.address() as AddressInfo;
    };
  }
  const { port } = await listen(0, '127.0.0.1');
  process.send!({ port });
  process.on('message', () => process.send!(process.cpuUsage()));
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3]!, process.argv[4] ?? '{}');
} else {
  const args = process.argv.slice(2);
  const wantPg = args.includes('--pg');
  const [seconds = 10, connections = 20] = args.filter((a) => a !== '--pg').map(Number);
  const envUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
  const databaseUrl =
    envUrl ?? (wantPg ? (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined);

  // A scratch database: a temporary SQLite directory, or a fresh PostgreSQL schema.
  const scratch = await scratchDatabase(databaseUrl, 'user-php');
  const { serverEnv, schema } = scratch;
  const services = await openServices(loadConfig({ ...serverEnv, DATABASE_URL: undefined }));
  const db = databaseUrl ? createDatabase({ databaseUrl, searchPath: schema }).db : services.db;
  await migrateToLatest(db, databaseUrl ? { schema } : undefined);
  const { cookies } = await seedMembersWithSessions(db, { brand: BRAND, count: 1, emailPrefix: 'bench-user-php' });
  await db.destroy();
  if (db !== services.db) await services.db.destroy();

  function start(kind: string, bareJson = ''): Promise<{ child: ChildProcess; port: number }> {
    const child = spawn(process.execPath, [...process.execArgv, HERE, '--serve', kind, bareJson], {
      env: serverEnv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve({ child, port: m.port }));
      child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
    });
  }
  const cpuOf = (child: ChildProcess) =>
    new Promise<NodeJS.CpuUsage>((resolve) => {
      child.once('message', (m: NodeJS.CpuUsage) => resolve(m));
      child.send('cpu');
    });

  interface Figure {
    rps: number;
  }
  async function measure(label: string, child: ChildProcess, port: number): Promise<Figure> {
    const url = `http://127.0.0.1:${port}/api/user.php`;
    const headers = { host: BRAND, cookie: cookies[0]! };
    await autocannon({ url, connections, duration: 1, headers }); // warm-up: JIT, statement caches
    const before = await cpuOf(child);
    const result = await autocannon({ url, connections, duration: seconds, headers });
    const after = await cpuOf(child);
    const cpuUs = after.user + after.system - before.user - before.system;
    const failed = result.non2xx + result.errors;
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `${label.padEnd(30)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ${(cpuUs / result.requests.total).toFixed(0)} µs CPU/req   load ${load}${failed ? `   (${failed} failed!)` : ''}`,
    );
    if (failed) throw new Error(`${label}: ${failed} requests failed`);
    return { rps: result.requests.average };
  }

  // The bare server answers the same JSON the app answers, so both serialise the same bytes.
  const app = await start('datekit');
  const answer = await fetch(`http://127.0.0.1:${app.port}/api/user.php`, {
    headers: { host: BRAND, cookie: cookies[0]! },
  });
  const json = await answer.text();
  if (!answer.ok || !json.includes('"email"')) throw new Error(`user.php answered ${answer.status}: ${json}`);
  const bare = await start('bare', json);

  console.log(
    `autocannon, ${connections} connections, ${seconds} s each, ${json.length} B answer, Node ${process.version}, ${os.cpus().length} cores, ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`,
  );
  const bareFigure = await measure('bare Fastify, same JSON', bare.child, bare.port);
  const appFigure = await measure('GET /api/user.php (session)', app.child, app.port);
  const ratio = appFigure.rps / bareFigure.rps;
  console.log(
    `user.php runs at ${(ratio * 100).toFixed(1)} % of bare Fastify (goal ≥ ${GOAL_RATIO * 100} %): ${ratio >= GOAL_RATIO ? 'OK' : 'BELOW GOAL'}`,
  );

  await Promise.all(
    [app, bare].map(({ child }) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      return exited;
    }),
  );
  await scratch.drop();
  process.exitCode = ratio >= GOAL_RATIO ? 0 : 1;
}
