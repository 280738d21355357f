import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import {
  ApiError,
  assertMigrated,
  createApp,
  createPostgresBus,
  exitOnSignals,
  isDatabaseUnavailable,
  LISTEN_BACKLOG,
  NotMigratedError,
  setStartupProblem,
  shutdown,
  startEventPruning,
  createJobRunner,
  warnThrough,
  scheduleRecurringJobs,
  unavailableReason,
  type EventBus,
  type Services,
} from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';
import { isAddressInUse, PortInUseError } from './port-in-use.ts';

/**
 * Waits between attempts to reach the database at start: doubling from the first to the cap, so a
 * database that is back within seconds is used within seconds, and a long outage costs it one
 * connection attempt per instance every 10 s.
 */
export const START_RETRY_FIRST_MS = 500;
export const START_RETRY_MAX_MS = 10_000;

/**
 * Starts the server for every built brand. It listens at once: while its database cannot be reached
 * it stays up (`/healthz` 200, `/readyz` 503 saying why, the API 503 with Retry-After) and tries again
 * with capped exponential backoff, a warning per attempt; once the database answers it checks the
 * migrations and starts the rest (event bus, job runner, recurring jobs, pruning), and resolves. A
 * database that answers with migrations behind is refused (NotMigratedError, the message names the
 * command to run) unless `migrate` applies them first; a port already taken too (PortInUseError).
 * SIGTERM/SIGINT stop it gracefully in every phase: open event streams are told to reconnect,
 * requests in flight finish, exit within 10 s.
 */
export async function startServer(options: { migrate?: boolean; services?: Services } = {}) {
  const services = options.services ?? (await openServices());
  const app = createApp(services);
  // A lost connection is said in the server's log (JSON in production), once per outage.
  warnThrough(services.db, (message) => app.log.warn(message));
  let started = false;
  // Until then the API needs what is not there yet; probes and built pages do not.
  app.addHook('onRequest', (request, _reply, done) =>
    done(started || !request.url.startsWith('/api/') ? undefined : new ApiError('database_unavailable')),
  );
  setStartupProblem(services, 'starting: checking the database and its migrations');
  const { port, host } = services.config;
  try {
    await app.listen({ port, host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    await shutdown(app, services);
    throw isAddressInUse(error) ? new PortInUseError(host, port) : error;
  }
  const stopping = new AbortController();
  let stopRunning = async (): Promise<void> => undefined;
  exitOnSignals(services.log, async (signal, deadline) => {
    app.log.warn({ signal }, 'shutting down');
    stopping.abort();
    // The listener closes at once; the job runner stops meanwhile, before the database closes.
    await shutdown(app, services, { deadline, alongside: stopRunning() });
  });

  let bus: EventBus | undefined;
  try {
    bus = await untilDatabaseReady(app, services, options.migrate ?? false, stopping.signal);
  } catch (error) {
    if (stopping.signal.aborted) return new Promise<never>(() => undefined);
    await shutdown(app, services);
    throw error;
  }
  // Closed by the shutdown from here on.
  if (bus) services.events = bus;
  // Stopped while waiting: the signal handler shuts down and exits.
  if (stopping.signal.aborted) return new Promise<never>(() => undefined);
  const stopPruning = startEventPruning(services.db);
  // Every instance runs the queue: the jobs table hands each job to one of them (packages/server/jobs).
  const jobs = createJobRunner(services);
  jobs.start();
  stopRunning = async () => {
    stopPruning();
    await jobs.stop();
  };
  started = true;
  setStartupProblem(services, undefined);
  return { app, services, jobs, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}` };
}

/**
 * Tries until the database answers with current migrations (or applies them), then opens the event
 * bus (PostgreSQL: live events travel through LISTEN/NOTIFY, so every instance reaches every tab) and
 * queues the digest sweeps' next runs (one row per slot for all instances). Connection errors are
 * waited out; anything else (migrations behind, a failing migration) is thrown. Answers the bus to
 * use (undefined: keep the in-process one), or undefined once `signal` aborts.
 */
async function untilDatabaseReady(
  app: FastifyInstance,
  services: Services,
  migrateFirst: boolean,
  signal: AbortSignal,
): Promise<EventBus | undefined> {
  for (let attempt = 1, delay = START_RETRY_FIRST_MS; !signal.aborted; attempt++) {
    let bus: EventBus | undefined;
    try {
      if (migrateFirst) await migrate(services);
      else await assertMigrated(services.db);
      if (services.config.databaseUrl) bus = await createPostgresBus(services.config.databaseUrl);
      await scheduleRecurringJobs(services);
      return bus;
    } catch (error) {
      await bus?.close();
      // Stopped meanwhile (the shutdown closed the database under the attempt): nothing to report.
      if (signal.aborted) return undefined;
      if (!isDatabaseUnavailable(error)) throw error;
      const problem = `database unreachable: ${unavailableReason(error)}, retrying`;
      setStartupProblem(services, problem);
      app.log.warn({ attempt, retry_in_ms: delay }, problem);
      await sleep(delay, undefined, { signal }).catch(() => undefined);
      delay = Math.min(delay * 2, START_RETRY_MAX_MS);
    }
  }
  return undefined;
}

/** `datekit serve`: starts the server and says which brands it serves, and which it cannot. */
export async function serveCommand(options: { migrate?: boolean }): Promise<void> {
  try {
    const { url, services, app } = await startServer(options);
    const outOfService = services.brands.unavailable().map((b) => b.domain);
    const domains = services.brands.all().map((b) => b.domain);
    const built = domains.filter((d) => fs.existsSync(path.join(services.config.distDir, d, 'routes.json')));
    const unbuilt = domains.filter((d) => !built.includes(d) && !outOfService.includes(d));
    const serving = built.filter((d) => !outOfService.includes(d));
    // JSON logs stay JSON from the first line: through the logger, at the level its default (warn) prints.
    const say = services.config.logFormat === 'json' ? (line: string) => app.log.warn(line) : console.log;
    say(`datekit serving ${serving.join(', ') || 'no built brand'} on ${url} (API docs: ${url}/api/openapi.json)`);
    if (unbuilt.length) say(`Not built yet (run datekit build): ${unbuilt.join(', ')}`);
    if (outOfService.length) say(`Out of service, answering 503 (see the warnings): ${outOfService.join(', ')}`);
  } catch (error) {
    if (!(error instanceof NotMigratedError || error instanceof PortInUseError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
