import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

/** The whole shutdown, signal to exit, stays within this (what orchestrators wait before SIGKILL is often 10 s). */
export const SHUTDOWN_DEADLINE_MS = 9_000;
/** Requests still running this long after the signal are cut, so the deadline holds. */
export const FORCE_CLOSE_AFTER_MS = 7_000;

/**
 * How long clients get to use their open keep-alive connections once shutdown begins: each request
 * on one is answered (with `Connection: close`), so a busy client moves to a new connection, which
 * the closed listener refuses and a proxy sends elsewhere. Connections still idle afterwards are
 * closed; only a request written in that very instant can meet the reset.
 */
export const KEEP_ALIVE_DRAIN_MS = 1_000;

/** Apps in their shutdown drain: each answer closes its connection. */
const draining = new WeakSet<FastifyInstance>();

/**
 * Open event streams would keep `close()` waiting for ever: when the app closes, each stream gets a
 * `reconnect` event and is ended. During a shutdown's drain, every answer closes its connection.
 */
export function registerStreamShutdown(app: FastifyInstance, services: Services): void {
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining.has(app)) reply.header('connection', 'close');
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

/**
 * Stops the server gracefully, in order: stop accepting connections; tell every open event stream to
 * reconnect and end it; answer what still arrives on open connections with `Connection: close` for up
 * to KEEP_ALIVE_DRAIN_MS; then close idle connections and finish the requests in flight (cut after
 * FORCE_CLOSE_AFTER_MS); then close the event bus and the database.
 */
export async function shutdown(app: FastifyInstance, services: Services): Promise<void> {
  const force = setTimeout(() => app.server.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
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
  await services.events.close();
  await services.db.destroy();
}

/**
 * Runs `stop` on the first SIGTERM or SIGINT and exits when it is done (0) or failed (1), or at the
 * deadline whatever happens (1). A second signal exits at once.
 */
export function exitOnSignals(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting.`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
