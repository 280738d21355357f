import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

/** The whole shutdown, signal to exit, stays within this (what orchestrators wait before SIGKILL is often 10 s). */
export const SHUTDOWN_DEADLINE_MS = 9_000;
/** Requests still running this long after the signal are cut, so the deadline holds. */
export const FORCE_CLOSE_AFTER_MS = 7_000;

/**
 * Open event streams would keep `close()` waiting for ever: when shutdown begins (after Fastify has
 * started answering new requests with 503), each stream gets a `reconnect` event and is ended.
 */
export function registerStreamShutdown(app: FastifyInstance, services: Services): void {
  app.addHook('preClose', async () => {
    const ended = services.streams.endAll();
    if (ended > 0) app.log.info({ streams: ended }, 'event streams told to reconnect');
  });
}

/**
 * Stops the server gracefully: no new connections, open streams told to reconnect, requests in
 * flight finished (cut after FORCE_CLOSE_AFTER_MS), then the event bus and the database closed.
 */
export async function shutdown(app: FastifyInstance, services: Services): Promise<void> {
  const force = setTimeout(() => app.server.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
  force.unref();
  try {
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
