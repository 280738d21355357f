/**
 * Capacity (issue 28): how many members can be active at once on one instance of `datekit serve`
 * before the API's p99 passes 200 ms, on SQLite and on PostgreSQL, measured from outside.
 *
 * For each engine: the demo brand built (or --dist), a scratch database (a SQLite directory; on
 * PostgreSQL a new database on DATABASE_URL's server, dropped afterwards) migrated and seeded with
 * members who are logged in and have credits (both genders, ages 19–66, two countries: the searches
 * below match a share of them, test/seed-members.ts), then `node packages/cli/bin/datekit.mjs serve` as a
 * child process in production mode (a test site: sandbox payments, mail to files) with RATE_LIMIT=off
 * (every simulated member comes from 127.0.0.1; the per-address limits would refuse the bench). One
 * instance, no Redis: Redis only shares rate-limit counts between instances, and they are off.
 *
 * The mix (bench/capacity/generator.ts): each member, 2–10 s (uniform) after its last page finished,
 * views a page of the members' area as the multi-page site does:
 *   1. the page's HTML (the route's shell),
 *   2. then at once, as its islands do: `GET /api/settings.php?host=…` revalidated with the last ETag
 *      (304 after the first), `GET /api/user.php`, the page's own call, and the event stream
 *      (`GET /api/events`, no Last-Event-ID) if the member has none open. A browser whose shared worker
 *      outlives the page (Chromium 148 and later: `extendedLifetime`, packages/runtime/live/) keeps
 *      its stream from page to page; the others (Safari, Firefox, older browsers) close it with the
 *      page and open a new one on the next. --reopen sets the share of members whose browsers do the
 *      latter: 0.35 by default, an assumption for a European audience (Safari and Firefox's share of
 *      page views); set it from the site's own analytics, 1 for the worst case.
 * The pages, by share of views: members search 35 % (`/members`, `members.php` with one of five
 * filter sets, a later page in 30 %), a profile 25 % (`/members/<id>`, `member.php`), the chat list
 * 15 % (`/chats`, `chats.php`), a conversation 25 % (`/chats/<id>`, `chat.php`, and in two of five
 * also `POST /api/message.php` to the other member; a member without a conversation yet writes to a
 * random member from `/members/<id>/chat`, which starts one). So a view is 4–6 requests, a stream
 * open among them for the members whose browsers reopen it; about one view in ten sends a message,
 * which reaches the recipient's stream if open. Requests carry what a browser and the site's client send: cookies (session, language),
 * `Accept-Encoding` (pages come compressed), `x-client-request`, `Sec-Fetch-Site`, and on a send
 * `Origin` and an `Idempotency-Key`. Page assets (JS, CSS, images) are left out: a browser has them
 * cached after the first page. Pages and API calls share a pool of keep-alive connections (as a
 * proxy's upstream pool); each stream has a connection of its own.
 *
 * The members ramp in steps (each step's new members start within the first 10 s), each held
 * --hold seconds after 10 s to settle (only requests made within those seconds count), until the
 * API's p99 passes 200 ms or more than 1 % of requests fail. "API" is every request but the HTML,
 * stream opens included (until the stream's headers).
 * Per step: members, requests/s, API p50/p99, errors, CPU of the server process and of PostgreSQL
 * (backends of the bench's database plus PostgreSQL's background processes, from /proc/<pid>/stat;
 * % of one core), CPU per request, the load generators' own CPU and event-loop delay, the load
 * average. Then each engine's capacity and PostgreSQL's CPU per request against SQLite's.
 *
 * The load generators run as child processes (--generators, default 1), off the bench's event loop;
 * if one uses most of a core or its event loop lags, its timings include its own queueing, and the
 * step says so. Everything shares the machine: the generators' CPU is CPU the server did not get.
 *
 * Usage: [DATABASE_URL=postgres://postgres@127.0.0.1:5432/test] npx tsx bench/capacity.ts
 *   [--engine sqlite|pg|both] [--steps 250,500,…] [--max N] [--hold seconds] [--generators N]
 *   [--beyond N] [--reopen share] [--port N] [--dist <built dist directory>]
 *   Defaults: both engines (PostgreSQL only with DATABASE_URL), steps 250, 500, 1000, 1500, 2000, 3000,
 *   then every 1000 up to --max 6000, --hold 45, port 4433; without --dist the demo brand is built
 *   into a scratch directory first (about a minute). Goals: ≥ 3,000 members on SQLite and ≥ 1,500 on
 *   PostgreSQL at p99 < 200 ms, PostgreSQL's CPU per request (Node + PostgreSQL) ≤ 2 × SQLite's.
 *   --beyond N measures N more steps after the first over the limits (default 0): the curve past
 *   the knee.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { startGenerators } from './capacity/generators.ts';
import { count, merge, quantile, type Histogram } from './capacity/histogram.ts';
import { builtDemoDist, ENGINE_NAMES, startInstallation, type Engine } from './capacity/installation.ts';
import { cpuSince, postgresPids, readCpu } from './capacity/proc-cpu.ts';
import { listenOverflows } from './listen-overflows.ts';
import type { Report } from './capacity/protocol.ts';

const P99_LIMIT_MS = 200;
const ERROR_LIMIT = 0.01;
const GOALS: Record<Engine, number> = { sqlite: 3_000, pg: 1_500 };
const CPU_RATIO_GOAL = 2;
/** A step's new members start within this; the window is measured after it. */
const RAMP_MS = 10_000;
/** A generator above this share of one core, or with this much event-loop delay, is the bottleneck too. */
const GENERATOR_BUSY_CPU = 0.85;
const GENERATOR_BUSY_DELAY_MS = 50;

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    steps: { type: 'string' },
    max: { type: 'string', default: '6000' },
    hold: { type: 'string', default: '45' },
    generators: { type: 'string', default: '1' },
    port: { type: 'string', default: '4433' },
    beyond: { type: 'string', default: '0' },
    dist: { type: 'string' },
    reopen: { type: 'string', default: '0.35' },
  },
});
const MAX = Number(values.max);
// By default the goals' neighbourhood, then a thousand more at a time up to --max.
const defaultSteps = [250, 500, 1_000, 1_500, 2_000, 3_000];
for (let n = 4_000; n <= MAX; n += 1_000) defaultSteps.push(n);
const STEPS = (values.steps?.split(',').map(Number) ?? defaultSteps).filter((n) => n > 0 && n <= MAX);
const HOLD_S = Number(values.hold);
const GENERATORS = Number(values.generators);
const BEYOND = Number(values.beyond);
const REOPEN_SHARE = Number(values.reopen);
const databaseUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const engines: Engine[] = values.engine === 'both' ? ['sqlite', 'pg'] : [values.engine as Engine];
if (
  !engines.every((e) => e in ENGINE_NAMES) ||
  STEPS.length === 0 ||
  !(HOLD_S > 0) ||
  !(GENERATORS >= 1) ||
  !(BEYOND >= 0) ||
  !(REOPEN_SHARE >= 0 && REOPEN_SHARE <= 1)
) {
  console.error(
    'Usage: npx tsx bench/capacity.ts [--engine sqlite|pg|both] [--steps 250,500,…] [--max N] [--hold s] ' +
      '[--generators N] [--beyond N] [--reopen share] [--port N] [--dist dir] (the top of the file says more)',
  );
  process.exit(2);
}
if (engines.includes('pg') && !databaseUrl) {
  if (values.engine === 'pg') {
    console.error('--engine pg needs DATABASE_URL (postgres://…): a new database is made on that server.');
    process.exit(2);
  }
  console.log('PostgreSQL left out: DATABASE_URL is not set.');
  engines.splice(engines.indexOf('pg'), 1);
}

// Ctrl-C, or the server dying, stops the step at once and still cleans up: the server stopped, the
// database dropped. (The server and the generators run in process groups of their own: the
// terminal's signal is the bench's.)
const stopped = new AbortController();
process.once('SIGINT', () => {
  console.log('\nInterrupted: stopping the server, dropping the scratch database …');
  stopped.abort('interrupted');
});

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : n.toFixed(0));

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-capacity-'));
const distDir = builtDemoDist(scratch, values.dist);
console.log(
  `Node ${process.version}, ${os.cpus().length} cores; steps ${STEPS.join(', ')}, ${HOLD_S} s each after ` +
    `${RAMP_MS / 1000} s to settle; ${GENERATORS} load generator(s); ` +
    `${Math.round(REOPEN_SHARE * 100)} % of members open a stream per page; load ${load()}`,
);

interface Step {
  members: number;
  requests: number;
  apiP99: number;
  errorShare: number;
  /** CPU seconds per request of the server and PostgreSQL together. */
  cpuPerRequest: number;
}

/** Whether a step stayed under the limits (a p99 of NaN, nothing answered, did not). */
const passed = (step: Step) => step.apiP99 < P99_LIMIT_MS && step.errorShare <= ERROR_LIMIT;

/** Figures of one window: the step's line, and what decides whether the ramp goes on. */
function describe(
  members: number,
  report: Report,
  seconds: number,
  cpu: { node: number; pg: number | undefined; gens: number[] },
  overflows: number,
) {
  const api: Histogram = {};
  let requests = 0;
  let errors = 0;
  const failures: Record<string, number> = {};
  for (const [kind, { latency, errors: byWhy }] of Object.entries(report.kinds)) {
    if (kind !== 'html') merge(api, latency);
    requests += count(latency);
    for (const [why, n] of Object.entries(byWhy)) {
      errors += n;
      failures[`${kind} ${why}`] = n;
    }
  }
  const step: Step = {
    members,
    requests,
    apiP99: quantile(api, 0.99),
    errorShare: requests ? errors / requests : 1,
    cpuPerRequest: (cpu.node + (cpu.pg ?? 0)) / Math.max(1, requests),
  };
  const pct = (s: number) => `${((100 * s) / seconds).toFixed(0)} %`;
  const busy = cpu.gens.some((s) => s / seconds > GENERATOR_BUSY_CPU) || report.loopDelayP99 > GENERATOR_BUSY_DELAY_MS;
  console.log(
    `${String(members).padStart(6)} members  ${(requests / seconds).toFixed(0).padStart(5)} req/s  ` +
      `API p50 ${ms(quantile(api, 0.5))} ms  p99 ${ms(step.apiP99)} ms  errors ${(100 * step.errorShare).toFixed(2)} %  ` +
      `CPU node ${pct(cpu.node)}, pg ${cpu.pg === undefined ? 'elsewhere' : pct(cpu.pg)}, ${(step.cpuPerRequest * 1e6).toFixed(0)} µs/request  ` +
      `generator ${cpu.gens.map(pct).join('+')} (loop p99 ${ms(report.loopDelayP99)} ms)  load ${load()}`,
  );
  const byKind = Object.entries(report.kinds)
    .map(
      ([kind, { latency }]) =>
        `${kind} ${ms(quantile(latency, 0.5))}/${ms(quantile(latency, 0.99))} ×${count(latency)}`,
    )
    .join(', ');
  console.log(
    `         by kind, p50/p99 ms ×requests: ${byKind}; ${(report.views / seconds).toFixed(0)} views/s, ${report.streams} streams open` +
      (overflows
        ? `; ${overflows} connections refused by a full listen queue since the step began (1 s SYN retries)`
        : ''),
  );
  if (errors)
    console.log(
      `         failed: ${Object.entries(failures)
        .map(([what, n]) => `${what} ×${n}`)
        .join(', ')}`,
    );
  if (busy) console.log('         the load generator was busy or starved of CPU: its own delay is in these latencies');
  return step;
}

/** Ramps the members on one engine; answers every step measured. */
async function rampUp(engine: Engine): Promise<Step[]> {
  const top = STEPS.at(-1)!;
  console.log(`\n${ENGINE_NAMES[engine]}: seeding ${top} members …`);
  const installation = await startInstallation({
    engine,
    scratch,
    distDir,
    port: Number(values.port),
    count: top,
    databaseUrl,
    onDied: () => stopped.abort('the server exited'),
  });
  const generators = await startGenerators({
    count: GENERATORS,
    baseUrl: installation.baseUrl,
    host: installation.host,
    members: installation.members,
    rampMs: RAMP_MS,
    reopenShare: REOPEN_SHARE,
  });
  // PostgreSQL on another machine: its CPU cannot be read here, and the figures are Node's alone.
  const pgHere = engine === 'pg' && ['127.0.0.1', 'localhost', '[::1]', ''].includes(new URL(databaseUrl!).hostname);
  const pgPids = () => (pgHere ? postgresPids(installation.database!) : []);
  console.log(
    `${ENGINE_NAMES[engine]}: datekit serve (pid ${installation.serverPid}) on ${installation.baseUrl}; load ${load()}`,
  );
  const steps: Step[] = [];
  try {
    for (const members of STEPS) {
      const overflowsBefore = listenOverflows();
      generators.setActive(members);
      await sleep(RAMP_MS, undefined, { signal: stopped.signal });
      const before = {
        node: readCpu([installation.serverPid]),
        pg: readCpu(pgPids()),
        gens: generators.pids.map((p) => readCpu([p])),
      };
      generators.reset();
      const start = performance.now();
      await sleep(HOLD_S * 1000, undefined, { signal: stopped.signal });
      const report = await generators.report();
      const seconds = (performance.now() - start) / 1000;
      const cpu = {
        node: cpuSince(before.node, readCpu([installation.serverPid])),
        pg: engine === 'pg' && !pgHere ? undefined : cpuSince(before.pg, readCpu(pgPids())),
        gens: generators.pids.map((p, g) => cpuSince(before.gens[g]!, readCpu([p]))),
      };
      const step = describe(members, report, seconds, cpu, listenOverflows() - overflowsBefore);
      steps.push(step);
      const firstOver = steps.findIndex((s) => !passed(s));
      if (firstOver >= 0 && steps.length - 1 - firstOver >= BEYOND) break;
    }
  } finally {
    await generators.stop();
    await installation.stop();
  }
  return steps;
}

const results = new Map<Engine, Step[]>();
try {
  for (const engine of engines) results.set(engine, await rampUp(engine));
} catch (error) {
  if (!stopped.signal.aborted) throw error;
  process.exitCode = stopped.signal.reason === 'interrupted' ? 130 : 1;
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
if (stopped.signal.aborted) process.exit();

/** The last step under the limits: the engine's capacity (undefined when even the first failed). */
const capacityOf = (steps: Step[]) => steps.filter(passed).at(-1);
console.log(`\nCapacity (API p99 < ${P99_LIMIT_MS} ms, errors ≤ ${ERROR_LIMIT * 100} %); load ${load()}`);
let met = true;
for (const [engine, steps] of results) {
  const capacity = capacityOf(steps);
  const members = capacity?.members ?? 0;
  const ok = members >= GOALS[engine];
  met &&= ok;
  const more = steps.at(-1) === capacity ? ` (every step passed: at least ${members}; raise --max)` : '';
  console.log(
    `  ${ENGINE_NAMES[engine].padEnd(10)} ${members} members${more}, ` +
      `${capacity ? (capacity.cpuPerRequest * 1e6).toFixed(0) : '–'} µs CPU per request (node + pg) there; ` +
      `goal ≥ ${GOALS[engine]}: ${ok ? 'met' : 'NOT MET'}`,
  );
}
const sqlite = results.get('sqlite');
const postgres = results.get('pg');
if (sqlite && postgres) {
  // Compared at the same load (CPU per request grows with contention): the highest step both passed,
  // else the highest both measured, said so.
  const pairs = postgres.flatMap((p) => {
    const s = sqlite.find((t) => t.members === p.members);
    return s ? [{ p, s, bothPassed: passed(p) && passed(s) }] : [];
  });
  const pair = pairs.filter((x) => x.bothPassed).at(-1) ?? pairs.at(-1);
  if (pair) {
    const ratio = pair.p.cpuPerRequest / pair.s.cpuPerRequest;
    met &&= ratio <= CPU_RATIO_GOAL;
    console.log(
      `  CPU per request at ${pair.p.members} members${pair.bothPassed ? '' : ' (no step passed on both)'}: ` +
        `PostgreSQL ${(pair.p.cpuPerRequest * 1e6).toFixed(0)} µs (node + pg), SQLite ${(pair.s.cpuPerRequest * 1e6).toFixed(0)} µs: ` +
        `${ratio.toFixed(2)}× (goal ≤ ${CPU_RATIO_GOAL}×: ${ratio <= CPU_RATIO_GOAL ? 'met' : 'NOT MET'})`,
    );
  }
}
process.exitCode = met ? 0 : 1;
