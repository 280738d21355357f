import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import type { Logger } from './logger.ts';

/** The whole shutdown, signal to exit, stays within this (what orchestrators wait before SIGKILL is often 10 s). */
export const SHUTDOWN_DEADLINE_MS = 9_000;
/**
 * Requests still running this long before the deadline are cut, so that closing the database and the
 * exit itself (which waits for the hashes running on libuv's pool) fit in before it.
 */
export const FORCE_CLOSE_BEFORE_DEADLINE_MS = 2_000;

/**
 * How long clients get to use their open keep-alive connections once shutdown begins: each request
 * on one is answered (with `Connection: close`), so a busy client moves to a new connection, which
 * the closed listener refuses and a proxy sends elsewhere. Connections still idle afterwards are
 * closed; only a request written in that very instant can meet the reset.
 */
export const KEEP_ALIVE_DRAIN_MS = 1_000;

/** Apps in their shutdown drain: each answer closes its connection. */
const draining = new WeakSet<FastifyInstance>();

/** Per app: requests not answered yet (nor dropped), and those dropped unanswered since its shutdown began. */
const requestCounts = new WeakMap<FastifyInstance, { inProgress: number; cut: number }>();

/**
 * Open event streams would keep `close()` waiting for ever: when the app closes, each stream gets a
 * `reconnect` event and is ended. During a shutdown's drain, every answer closes its connection. The
 * requests are counted, so that a shutdown says how many it had to cut.
 */
export function registerStreamShutdown(app: FastifyInstance, services: Services): void {
  const counts = { inProgress: 0, cut: 0 };
  requestCounts.set(app, counts);
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining.has(app)) reply.header('connection', 'close');
    counts.inProgress += 1;
    reply.raw.once('close', () => {
      counts.inProgress -= 1;
      // The connection closed before the answer was written: cut (or given up by its client).
      if (draining.has(app) && !reply.raw.writableFinished) counts.cut += 1;
    });
    done();
  });
  app.addHook('preClose', async () => {
    const ended = services.streams.endAll();
    if (ended > 0) app.log.info({ streams: ended }, 'event streams told to reconnect');
  });
}

/** Resolves when the server has no connection left, or after `ms`. */
async function connectionsClosed(server: net.Server, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
    if (open === 0) return;
    await sleep(25);
  }
}

export interface ShutdownOptions {
  /** When the process must be gone (epoch ms): SHUTDOWN_DEADLINE_MS after the signal, armed when it arrived. */
  deadline?: number;
  /** Work stopping meanwhile (the job runner) that must end before the database closes. */
  alongside?: Promise<unknown>;
}

/**
 * Stops the server gracefully, in order: refuse password hashes not started yet (503 `server_busy`, so
 * that only those running are left to finish); stop accepting connections; tell every open event
 * stream to reconnect and end it; answer what still arrives on open connections with
 * `Connection: close` for up to KEEP_ALIVE_DRAIN_MS; then close idle connections and finish the
 * requests in progress (cut FORCE_CLOSE_BEFORE_DEADLINE_MS before the deadline, with a warning that
 * counts them); then, once `alongside` is done, close the event bus and the database.
 */
export async function shutdown(
  app: FastifyInstance,
  services: Services,
  { deadline = Date.now() + SHUTDOWN_DEADLINE_MS, alongside }: ShutdownOptions = {},
): Promise<void> {
  services.passwords.close();
  // Settled as it goes (no unhandled rejection meanwhile), awaited before the database closes.
  const stoppedAlongside = Promise.allSettled([alongside]);
  const force = setTimeout(
    () => {
      const inProgress = requestCounts.get(app)?.inProgress ?? 0;
      app.log.warn({ inProgress }, 'shutdown deadline near: closing every connection');
      app.server.closeAllConnections();
    },
    Math.max(0, deadline - FORCE_CLOSE_BEFORE_DEADLINE_MS - Date.now()),
  );
  force.unref();
  try {
    draining.add(app);
    // net.Server's close stops the listener but, unlike http.Server's, leaves idle connections open.
    if (app.server.listening) net.Server.prototype.close.call(app.server);
    services.streams.endAll();
    await connectionsClosed(app.server, KEEP_ALIVE_DRAIN_MS);
    await app.close();
  } finally {
    clearTimeout(force);
  }
  const cut = requestCounts.get(app)?.cut ?? 0;
  if (cut > 0) app.log.warn({ cut }, 'shutdown: requests whose connection closed before their answer');
  const [stopped] = await stoppedAlongside;
  if (stopped.status === 'rejected') throw stopped.reason;
  await services.events.close();
  await services.db.destroy();
}

/**
 * Runs `stop` on the first SIGTERM or SIGINT, with the deadline (SHUTDOWN_DEADLINE_MS from the
 * signal), and exits when it is done (0) or failed (1), or at the deadline whatever happens (1). A
 * second signal exits at once. Why it exits with 1 goes to `log` (services.log).
 */
export function exitOnSignals(log: Logger, stop: (signal: NodeJS.Signals, deadline: number) => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    const deadline = Date.now() + SHUTDOWN_DEADLINE_MS;
    setTimeout(() => {
      log.error({ deadline_ms: SHUTDOWN_DEADLINE_MS }, 'shutdown took longer than its deadline; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    stop(signal, deadline).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
