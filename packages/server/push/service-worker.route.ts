import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** The service worker's URL: at the root, so that its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw-push.js';

const SOURCE = fs.readFileSync(new URL('./sw-push.js', import.meta.url), 'utf8');

/**
 * Serves the push service worker on every brand host. `no-cache`: browsers check for a new version on
 * each registration, so a fix reaches every member at their next page view.
 */
export function registerServiceWorker(app: FastifyInstance): void {
  app.get(SERVICE_WORKER_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(SOURCE),
  );
}
