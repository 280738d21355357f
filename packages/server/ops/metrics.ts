import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CreditLedgerTable } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { ANY_HOST } from './any-host.ts';

/** Sends that deliver something into a chat, by route, for `datekit_messages_sent_total{kind}`. */
const MESSAGE_ROUTES: Record<string, string> = {
  'POST /api/message.php': 'text',
  'POST /api/gift.php': 'gift',
  'POST /api/chat-photo.php': 'photo',
};

/** Ledger reasons that are a member spending credits (operator grants and corrections are not). */
const SPENDING: CreditLedgerTable['reason'][] = ['message', 'photo', 'gift'];

/** Latency buckets in seconds: API answers take milliseconds, uploads up to seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route pattern (`/api/chat.php`), never the raw URL, so label values stay few; site pages are `site`. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'site';
}

/**
 * Prometheus metrics of this process: requests and latency per route, errors, open event streams,
 * chat messages sent, and credits spent (read from the ledger when scraped, so every instance reports
 * the installation's total). Exposed on METRICS_PORT (its own listener, never public), or at `/metrics`
 * for requests with `Authorization: Bearer <METRICS_TOKEN>`; not at all without either.
 */
export function registerMetrics(app: FastifyInstance, services: Services): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'datekit_' });
  const requests = new Counter({
    name: 'datekit_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'datekit_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'datekit_http_errors_total',
    help: 'Requests answered with a server error (5xx), by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const messages = new Counter({
    name: 'datekit_messages_sent_total',
    help: 'Chat messages sent through this instance, by kind (text, gift, photo)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'datekit_open_event_streams',
    help: 'Event streams (server-sent events) open on this instance',
    registers: [registry],
    collect() {
      this.set(services.streams.size);
    },
  });
  new Gauge({
    name: 'datekit_credits_spent',
    help: 'Credits spent by all members on messages, photos and gifts (from the ledger)',
    registers: [registry],
    async collect() {
      const row = await services.db
        .selectFrom('credit_ledger')
        .select(sql<number>`coalesce(-sum(amount), 0)`.as('spent'))
        .where('reason', 'in', SPENDING)
        .executeTakeFirstOrThrow();
      this.set(Number(row.spent));
    },
  });

  // A callback hook: an async one would cost a promise on every answer.
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status >= 500) errors.inc({ route });
    const kind = MESSAGE_ROUTES[`${request.method} ${route}`];
    if (kind && status < 300) messages.inc({ kind });
    done();
  });

  const { metricsPort, metricsHost, metricsToken } = services.config;
  if (metricsPort !== null) {
    const server = http.createServer((req, res) => {
      if (req.url !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics failed');
          res.writeHead(500).end();
        },
      );
    });
    app.addHook('onListen', async () => {
      await new Promise<void>((resolve) => server.listen(metricsPort, metricsHost, resolve));
    });
    app.addHook('onClose', async () => {
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    });
  } else if (metricsToken) {
    const expected = Buffer.from(`Bearer ${metricsToken}`);
    app.get('/metrics', { config: ANY_HOST }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      // A wrong or missing token looks like no metrics at all.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  }
  return registry;
}
