import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '@datekit/server';
import { migrate, openServices } from '../../packages/cli/src/server-context.ts';
import type { Db } from '../../packages/server/db/database.ts';
import { answers, CLI, exitCode, output, productionEnv, ROOT } from '../../packages/server/test/cli-process.ts';
import { seedMembersWithSessions } from '../../packages/server/test/seed-members.ts';
import { raised } from '../open-files.ts';
import type { SimulatedMember } from './protocol.ts';

export type Engine = 'sqlite' | 'pg';
export const ENGINE_NAMES: Record<Engine, string> = { sqlite: 'SQLite', pg: 'PostgreSQL' };
/** The demo brand: what `datekit build --brand localhost` builds. */
export const BRAND = 'localhost';

/** `datekit serve` on a scratch database with seeded members, as an operator runs it. */
export interface Installation {
  engine: Engine;
  baseUrl: string;
  /** The Host header of the brand's pages (with the port, as a browser sends it). */
  host: string;
  /** The server's process (its CPU is read from /proc). */
  serverPid: number;
  /** PostgreSQL's database of this run, whose backends' CPU counts. */
  database?: string;
  members: SimulatedMember[];
  stop: () => Promise<void>;
}

/**
 * A fresh database (a SQLite directory under `scratch`, or a new PostgreSQL database on the server of
 * `databaseUrl`, dropped by `stop`), migrated, with `count` members logged in who all may send, then
 * `node packages/cli/bin/datekit.mjs serve` on it in production mode (a test site: sandbox payments,
 * mail to files) with rate limits off, on `port`.
 */
export async function startInstallation(options: {
  engine: Engine;
  scratch: string;
  distDir: string;
  port: number;
  count: number;
  databaseUrl?: string;
  /** Called when the server exits by itself during the run (after printing what it said). */
  onDied: () => void;
}): Promise<Installation> {
  const { engine, scratch, port } = options;
  await refuseTakenPort(port);
  let database: string | undefined;
  let serverUrl = '';
  const admin = engine === 'pg' ? new pg.Client({ connectionString: options.databaseUrl }) : undefined;
  if (admin) {
    database = `bench_capacity_${randomBytes(4).toString('hex')}`;
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(options.databaseUrl!);
    url.pathname = `/${database}`;
    serverUrl = url.toString();
  }
  const dropDatabase = async () => {
    if (!admin) return;
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  };
  const env = productionEnv({
    DATEKIT_DIST_DIR: options.distDir,
    DATEKIT_VAR_DIR: path.join(scratch, engine),
    OUTBOX_DIR: path.join(scratch, engine, 'outbox'),
    DATABASE_URL: serverUrl,
    PAYMENTS: 'sandbox',
    MAIL: 'outbox',
    PORT: String(port),
    // Thousands of members from one address: the per-address limits would refuse the bench, not load it.
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
  });

  let seeded: Awaited<ReturnType<typeof seedMembersWithSessions>>;
  try {
    const services = await openServices(loadConfig(env));
    try {
      await migrate(services);
      seeded = await seedMembersWithSessions(services.db, {
        brand: BRAND,
        count: options.count,
        emailPrefix: 'capacity',
        isSender: () => true,
      });
      if (engine === 'pg') await settle(services.db);
    } finally {
      await services.db.destroy();
    }
  } catch (error) {
    await dropDatabase();
    throw error;
  }

  const [command, args] = raised([process.execPath, CLI, 'serve']);
  // Its own process group: a Ctrl-C reaches the bench, which stops it in order.
  const server = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const printed = output(server);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await answers(`${baseUrl}/readyz`, server, printed);
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  const exited = exitCode(server);
  // What it said while starting is known ("serving…", brands not built): only what follows is news.
  const startedSaying = printed().length;
  let stopping = false;
  // A server that dies under load ends the bench with what it said, not with a wall of refused requests.
  void exited.then((code) => {
    if (stopping) return;
    console.error(`datekit serve exited (${code ?? server.signalCode}) during the run:\n${printed()}`);
    options.onDied();
  });
  return {
    engine,
    baseUrl,
    host: `${BRAND}:${port}`,
    serverPid: server.pid!,
    database,
    members: seeded.ids.map((id, i) => ({ id, cookie: seeded.cookies[i]! })),
    stop: async () => {
      const died = server.exitCode !== null || server.signalCode !== null;
      // Warnings under load (LOG_LEVEL=warn) are findings too: the first few, and how many.
      const said = printed().slice(startedSaying).trim().split('\n').filter(Boolean);
      stopping = true;
      server.kill('SIGTERM');
      await exited;
      if (said.length && !died)
        console.log(
          `datekit serve printed ${said.length} line(s):\n${said
            .slice(0, 5)
            .map((l) => `  ${l.slice(0, 300)}`)
            .join('\n')}`,
        );
      await dropDatabase();
      fs.rmSync(path.join(scratch, engine), { recursive: true, force: true });
    },
  };
}

/**
 * Fails when something listens on `port` already: the server started there would exit, and until
 * then the bench would measure the other one (its /readyz answers too).
 */
async function refuseTakenPort(port: number): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is taken: choose another with --port`) : error),
    );
    probe.listen(port, '127.0.0.1', resolve);
  });
  await new Promise((resolve) => probe.close(resolve));
}

/** `--dist` if given, else the demo brand built into `scratch`/dist (about a minute), as the benches start. */
export function builtDemoDist(scratch: string, dist: string | undefined): string {
  if (dist) return dist;
  const distDir = path.join(scratch, 'dist');
  console.log(`Building the demo brand into ${distDir} …`);
  execFileSync(process.execPath, [CLI, 'build', '--brand', BRAND], {
    cwd: ROOT,
    env: { ...process.env, DATEKIT_DIST_DIR: distDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return distDir;
}

/**
 * A live installation's tables have statistics (autovacuum analyses them) and were checkpointed long
 * ago; a fresh seed's have neither. PostgreSQL plans differently with statistics, and the bench must
 * measure what operators run: 1,500 members were at p99 23–55 ms on tables as seeded and 384–935 ms
 * analysed, until the search was planned per execution and the gone-members check got its index. The
 * seed's checkpoint, left to itself, fell in the first step (p99 2.8 s at 1,500 once).
 * CHECKPOINT needs a superuser (or pg_checkpoint): without one, the first step may still carry it.
 */
async function settle(db: Db): Promise<void> {
  await sql`vacuum analyze`.execute(db);
  await sql`checkpoint`.execute(db).catch((error: unknown) => {
    console.warn(`PostgreSQL: no checkpoint after seeding (${(error as Error).message}); the first step may carry it`);
  });
}
