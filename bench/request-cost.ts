/**
 * Where the capacity's CPU goes (issue 28): the server's CPU per request of each kind of request that
 * bench/capacity.ts's members make, one kind at a time, on the same installation (`datekit serve` in
 * production mode on a scratch database with seeded members; bench/capacity/installation.ts).
 *
 * Each kind runs for --seconds with --connections keep-alive connections (autocannon), every request
 * with the session of a member picked in turn, as the capacity's members send them (their cookies,
 * `Accept-Encoding`, the client's headers). The CPU of `datekit serve` (and, on PostgreSQL, of the
 * database's backends and background processes) is read from /proc before and after: µs per request
 * is that CPU over the requests answered. The stream open is measured apart: open `/api/events`, wait
 * for its headers, close it (a new connection each, as a browser's EventSource has).
 *
 * Usage: [DATABASE_URL=postgres://…] npx tsx bench/request-cost.ts [--engine sqlite|pg] [--seconds 5]
 *   [--connections 10] [--members 300] [--dist dist] [--port 4434] [--only <kind, e.g. member.php>]
 *   (--only with NODE_OPTIONS=--cpu-prof profiles one kind: the server is a child with that environment)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { builtDemoDist, ENGINE_NAMES, startInstallation, type Engine } from './capacity/installation.ts';
import { cpuSince, postgresPids, readCpu } from './capacity/proc-cpu.ts';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    members: { type: 'string', default: '300' },
    dist: { type: 'string' },
    port: { type: 'string', default: '4434' },
    only: { type: 'string' },
  },
});
const engine = values.engine as Engine;
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const databaseUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
if (!(engine in ENGINE_NAMES) || (engine === 'pg' && !databaseUrl) || !(SECONDS > 0)) {
  console.error(
    'Usage: [DATABASE_URL=postgres://…] npx tsx bench/request-cost.ts [--engine sqlite|pg] [--seconds 5] …',
  );
  process.exit(2);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-request-cost-'));
const distDir = builtDemoDist(scratch, values.dist);

const installation = await startInstallation({
  engine,
  scratch,
  distDir,
  port: Number(values.port),
  count: Number(values.members),
  databaseUrl,
  onDied: () => process.exit(1),
});
const { members, host, baseUrl } = installation;
const pids = () => [installation.serverPid, ...(engine === 'pg' ? postgresPids(installation.database!) : [])];

const browser = (cookie: string): Record<string, string> => ({
  host,
  cookie,
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
  'sec-fetch-site': 'same-origin',
});
const client = (cookie: string) => ({ ...browser(cookie), accept: 'application/json', 'x-client-request': '1' });

/** One request of a kind, for the n-th request made (members taken in turn). */
interface Kind {
  name: string;
  request: (n: number) => { method?: string; path: string; headers: Record<string, string>; body?: string };
}

let turn = 0;
const member = () => members[turn++ % members.length]!;
const other = (id: number) => members.find((m) => m.id !== id)!.id;

// The settings' ETag, for the revalidation every page makes after its first.
const settings = await fetch(`${baseUrl}/api/settings.php?host=${encodeURIComponent(host)}`, {
  headers: client(members[0]!.cookie),
});
const settingsEtag = settings.headers.get('etag') ?? '';
// One conversation per member with the next one, so chats.php and chat.php have something to show
// (the first 1,000 members: the kinds take members in turn, and a conversation each is what counts).
const conversations = new Map<number, number>();
const talking = values.only && !values.only.startsWith('chat') ? [] : members.slice(0, 1_000);
for (const [i, m] of talking.entries()) {
  const partner = talking[(i + 1) % talking.length]!.id;
  const answer = await fetch(`${baseUrl}/api/message.php`, {
    method: 'POST',
    headers: {
      ...client(m.cookie),
      'content-type': 'application/json',
      origin: `http://${host}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ profile_id: partner, text: `request cost ${m.id}` }),
  });
  const { message } = (await answer.json()) as { message: { conversation_id: number } };
  conversations.set(m.id, message.conversation_id);
}

const KINDS: Kind[] = [
  {
    name: 'html /members',
    request: () => ({ path: '/members', headers: { ...browser(member().cookie), accept: 'text/html' } }),
  },
  {
    name: 'settings (304)',
    request: () => ({
      path: `/api/settings.php?host=${encodeURIComponent(host)}`,
      headers: { ...client(member().cookie), 'if-none-match': settingsEtag },
    }),
  },
  { name: 'user.php', request: () => ({ path: '/api/user.php', headers: client(member().cookie) }) },
  {
    name: 'members.php',
    request: () => ({ path: '/api/members.php?gender=female', headers: client(member().cookie) }),
  },
  {
    name: 'member.php',
    request: () => {
      const m = member();
      return { path: `/api/member.php?id=${other(m.id)}`, headers: client(m.cookie) };
    },
  },
  { name: 'chats.php', request: () => ({ path: '/api/chats.php', headers: client(member().cookie) }) },
  {
    name: 'chat.php',
    request: () => {
      const m = talking[turn++ % talking.length]!;
      return { path: `/api/chat.php?id=${conversations.get(m.id)}`, headers: client(m.cookie) };
    },
  },
  {
    name: 'message.php',
    request: () => {
      const m = member();
      return {
        method: 'POST',
        path: '/api/message.php',
        headers: {
          ...client(m.cookie),
          'content-type': 'application/json',
          origin: `http://${host}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ profile_id: other(m.id), text: 'request cost' }),
      };
    },
  },
];

/** Runs `kind` for SECONDS; answers requests made, errors and the CPU seconds spent meanwhile. */
async function measure(kind: Kind): Promise<{ requests: number; errors: number; cpu: number }> {
  const before = readCpu(pids());
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          const { method = 'GET', path: requestPath, headers, body } = kind.request(turn);
          return { ...request, method: method as 'GET', path: requestPath, headers, body };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    errors: result.non2xx + result.errors - (kind.name.includes('304') ? (result['3xx'] ?? 0) : 0),
    cpu: cpuSince(before, readCpu(pids())),
  };
}

/** Opens and closes streams, CONNECTIONS at a time, for SECONDS. */
async function measureStreams(): Promise<{ requests: number; errors: number; cpu: number }> {
  const before = readCpu(pids());
  const end = Date.now() + SECONDS * 1000;
  let requests = 0;
  let errors = 0;
  const url = new URL(baseUrl);
  const open = () =>
    new Promise<void>((resolve) => {
      const req = http.get(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/events',
          agent: false,
          headers: { ...browser(member().cookie), accept: 'text/event-stream' },
        },
        (res) => {
          if (res.statusCode === 200) requests++;
          else errors++;
          req.destroy();
          resolve();
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) await open();
    }),
  );
  return { requests, errors, cpu: cpuSince(before, readCpu(pids())) };
}

console.log(
  `${ENGINE_NAMES[engine]}, ${members.length} members, ${CONNECTIONS} connections, ${SECONDS} s per kind; load ${os.loadavg()[0]!.toFixed(1)}`,
);
try {
  for (const kind of [...KINDS, { name: 'stream open' } as Kind].filter(
    (k) => !values.only || k.name === values.only,
  )) {
    const { requests, errors, cpu } = kind.name === 'stream open' ? await measureStreams() : await measure(kind);
    console.log(
      `  ${kind.name.padEnd(16)} ${(requests / SECONDS).toFixed(0).padStart(6)} req/s  ` +
        `${((cpu / Math.max(1, requests)) * 1e6).toFixed(0).padStart(5)} µs CPU per request` +
        `${errors ? `  (${errors} errors)` : ''}  load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
} finally {
  await installation.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
}
