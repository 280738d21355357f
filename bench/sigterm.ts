/**
 * Graceful shutdown under load (issue 9): a `datekit serve` process with 1,000 open event streams and a
 * steady stream of API requests gets SIGTERM. Prints the seconds from the signal to the process's exit
 * (goal < 10 s), how many streams were told to reconnect, and the requests: answered, refused before
 * being processed (503 while closing, or connection refused: a proxy retries them elsewhere), and lost
 * (sent and never answered; goal 0). Usage: npx tsx bench/sigterm.ts [streams] [concurrency]
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';
import { seedMembersWithSessions } from '../packages/server/test/seed-members.ts';

const STREAMS = Number(process.argv[2] ?? 1000);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const LOAD_BEFORE_MS = 2000;
const GOAL_S = 10;
const BRAND = 'localhost';
const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = path.join(ROOT, 'packages/cli/bin/datekit.mjs');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-sigterm-bench-'));
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(free));
  });
});
const env = {
  ...process.env,
  DATEKIT_VAR_DIR: dir,
  DATABASE_URL: '',
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT: 'off',
};
await promisify(execFile)(process.execPath, [CLI, 'db', 'migrate'], { env, cwd: ROOT });

// Members with a session each, written straight to the database.
const services = await openServices(loadConfig(env));
const { cookies } = await seedMembersWithSessions(services.db, {
  brand: BRAND,
  count: STREAMS,
  emailPrefix: 'sigterm',
});
await services.db.destroy();

const server = spawn(process.execPath, [CLI, 'serve'], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
  server.once('exit', (code) => resolve({ code, at: performance.now() })),
);
await new Promise<void>((resolve) => {
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('datekit serving')) resolve();
  });
});

const host = `${BRAND}:${port}`;
let reconnects = 0;
let streamsEnded = 0;
await Promise.all(
  cookies.map(
    (cookie) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { host, cookie } }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`event stream answered ${res.statusCode}`));
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (chunk.includes('event: reconnect')) reconnects++;
          });
          res.on('end', () => streamsEnded++);
          res.on('error', () => undefined);
          resolve();
        });
        req.on('error', () => undefined);
      }),
  ),
);

// The steady load: CONCURRENCY loops over keep-alive connections, a member's own data and the settings.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const counts = { answered: 0, refused: 0, lost: 0 };
const lostReasons = new Map<string, number>();
let running = true;

function request(pathname: string, cookie: string): Promise<'answered' | 'refused' | 'lost' | 'gone'> {
  return new Promise((resolve) => {
    let sent = false;
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent, headers: { host, cookie } }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 503) resolve('refused');
        else if (res.statusCode! < 500) resolve('answered');
        else resolve('lost');
      });
      res.on('error', () => resolve('lost'));
    });
    req.on('finish', () => (sent = true));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') return resolve('gone');
      const reason = `${sent ? 'sent' : 'unsent'} ${error.code ?? error.message}`;
      lostReasons.set(reason, (lostReasons.get(reason) ?? 0) + 1);
      // A request the socket could not even send was never seen by the server: refused, not lost.
      resolve(sent ? 'lost' : 'refused');
    });
  });
}

const loops = Array.from({ length: CONCURRENCY }, async (_, loop) => {
  let i = loop;
  while (running) {
    const outcome = await request(i % 2 ? '/api/user.php' : '/api/settings.php', cookies[i % cookies.length]!);
    i += CONCURRENCY;
    if (outcome === 'gone') {
      counts.refused++;
      break;
    }
    counts[outcome]++;
  }
});

await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_MS));
const before = counts.answered;
const signalled = performance.now();
server.kill('SIGTERM');
const { code, at } = await exited;
running = false;
await Promise.all(loops);
agent.destroy();
const seconds = (at - signalled) / 1000;

console.log(`SIGTERM with ${STREAMS} open event streams and ${CONCURRENCY} concurrent request loops`);
console.log(`  seconds to exit:        ${seconds.toFixed(2)} s (goal < ${GOAL_S} s), exit code ${code}`);
console.log(`  streams told reconnect: ${reconnects} of ${STREAMS} (ended: ${streamsEnded})`);
console.log(
  `  requests:               ${counts.answered} answered (${counts.answered - before} after the signal), ` +
    `${counts.refused} refused before processing, ${counts.lost} lost (goal 0)`,
);
if (lostReasons.size)
  console.log(`  socket errors:          ${[...lostReasons].map(([r, n]) => `${r} ×${n}`).join(', ')}`);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(seconds < GOAL_S && counts.lost === 0 && code === 0 ? 0 : 1);
