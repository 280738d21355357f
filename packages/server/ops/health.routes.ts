import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/migrate.ts';
import { unavailableReason } from '../errors/database-unavailable.ts';
import type { Services } from '../services.ts';
import { ANY_HOST } from './any-host.ts';

export interface Readiness {
  ready: boolean;
  /** `events`: the event bus's LISTEN connection on PostgreSQL (always true on SQLite, which needs none). */
  checks: { database: boolean; migrations: boolean; dist: boolean; events: boolean };
  /** What is wrong, for the operator reading the probe's answer. */
  problems: string[];
  /** Brands not built yet: their hosts answer "not built" while the others are served. */
  unbuilt: string[];
  /** Brands out of service, each with its file and problem (brands/availability.ts): their hosts answer 503. */
  brands: Record<string, string>;
}

/** Why an instance that listens has not started yet (`datekit serve` waiting for its database). */
const starting = new WeakMap<Services, string>();

/** Sets (or, with undefined, clears) what keeps the instance from starting; readiness answers it. */
export function setStartupProblem(services: Services, problem: string | undefined): void {
  if (problem === undefined) starting.delete(services);
  else starting.set(services, problem);
}

/** The database and its schema, or what is wrong with them. */
async function databaseChecks(services: Services, problems: string[]) {
  try {
    await sql`select 1`.execute(services.db);
    const pending = await pendingMigrations(services.db);
    if (pending.length) problems.push(`pending migrations: ${pending.join(', ')} (run datekit db migrate)`);
    return { database: true, migrations: pending.length === 0 };
  } catch (error) {
    problems.push(`database unreachable: ${unavailableReason(error)}`);
    return { database: false, migrations: false };
  }
}

/** The LISTEN connection that brings other instances' events: without it, tabs here wait for the heartbeat. */
function eventsCheck(services: Services, problems: string[]): boolean {
  const connection = services.events.connection?.();
  if (!connection || connection.connected) return true;
  const seconds = Math.round((Date.now() - connection.since) / 1000);
  problems.push(`event bus not listening for ${seconds} s: ${connection.error ?? 'reconnecting'}`);
  return false;
}

/**
 * Whether this instance should get traffic: it has started, the database answers, its schema is
 * current, the event bus listens (PostgreSQL), and a build is in place. A brand not built yet is
 * listed but does not take the instance, and with it every other brand, out of the load balancer.
 * (Once shutdown begins, Fastify answers every new request, this one too, with 503.)
 */
export async function readiness(services: Services): Promise<Readiness> {
  const problems: string[] = [];
  const startup = starting.get(services);
  if (startup) problems.push(startup);
  // While starting, the startup's own problem says what the database checks would.
  const { database, migrations } = startup
    ? { database: false, migrations: false }
    : await databaseChecks(services, problems);
  const events = eventsCheck(services, problems);
  const unbuilt = services.brands
    .all()
    .map((brand) => brand.domain)
    .filter((domain) => !fs.existsSync(path.join(services.config.distDir, domain, 'routes.json')));
  const unavailable = services.brands.unavailable();
  const brands = Object.fromEntries(unavailable.map((brand) => [brand.domain, `${brand.file} ${brand.problem}`]));
  const out = new Set([...unbuilt, ...unavailable.map((brand) => brand.domain)]);
  const dist = services.brands.all().some((brand) => !out.has(brand.domain));
  if (!dist && unbuilt.length) problems.push(`no brand is built: run datekit build (${unbuilt.join(', ')})`);
  else if (!dist) problems.push(`no brand can be served: ${Object.keys(brands).join(', ') || 'there are none'}`);
  return {
    ready: database && migrations && dist && events,
    checks: { database, migrations, dist, events },
    problems,
    unbuilt,
    brands,
  };
}

/**
 * `GET /healthz`: the process is alive and its event loop answers (restart it when this fails).
 * `GET /readyz`: 200 when it should get traffic, 503 with the failing checks otherwise.
 * Both answer on any Host, are never cached, and touch no member data.
 */
export function registerHealthRoutes(app: FastifyInstance, services: Services): void {
  app.get('/healthz', { config: ANY_HOST }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { config: ANY_HOST }, async (_request, reply) => {
    const result = await readiness(services);
    return reply
      .code(result.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(result);
  });
}
