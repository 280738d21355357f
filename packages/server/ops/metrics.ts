import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, onResponseHookHandler } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, type Metric, Registry } from 'prom-client';
import { poolUsage } from '../db/database.ts';
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

/** Site pages and every other answer of the not-found handler: one label, never the raw URL. */
const SITE_ROUTE = 'site';

/** What one method of one route has answered, counted in plain numbers. */
class RouteCounts {
  readonly byStatus = new Map<number, number>();
  /** Answers per latency bucket (not cumulative); slower than the last bucket counts only in `count`. */
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length);
  count = 0;
  seconds = 0;
  errors = 0;
  readonly messageKind: string | undefined;

  readonly method: string;
  readonly route: string;

  constructor(method: string, route: string) {
    this.method = method;
    this.route = route;
    this.messageKind = MESSAGE_ROUTES[`${method} ${route}`];
  }

  record(status: number, seconds: number): void {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    this.count++;
    this.seconds += seconds;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= LATENCY_BUCKETS[i]!) {
        this.buckets[i]!++;
        break;
      }
    }
    if (status >= 500) this.errors++;
  }
}

/** The counts of one route pattern, by method (a GET route answers HEAD too). */
class RouteMethods {
  private readonly methods = new Map<string, RouteCounts>();

  private readonly route: string;
  private readonly all: RouteCounts[];

  constructor(route: string, all: RouteCounts[]) {
    this.route = route;
    this.all = all;
  }

  of(method: string): RouteCounts {
    let counts = this.methods.get(method);
    if (!counts) {
      counts = new RouteCounts(method, this.route);
      this.methods.set(method, counts);
      this.all.push(counts);
    }
    return counts;
  }
}

/**
 * Outcomes counted where they happen, in plain numbers per label (read when scraped): payment webhooks
 * by outcome (the payment's status after it, `unknown`, `error`), rate-limit refusals by rule, failed
 * job runs by job name. Per services, i.e. per server instance.
 */
export interface OpsCounts {
  webhooks: Map<string, number>;
  rateLimited: Map<string, number>;
  jobFailures: Map<string, number>;
}

const opsCounts = new WeakMap<Services, OpsCounts>();

function countsOf(services: Services): OpsCounts {
  let counts = opsCounts.get(services);
  if (!counts) {
    counts = { webhooks: new Map(), rateLimited: new Map(), jobFailures: new Map() };
    opsCounts.set(services, counts);
  }
  return counts;
}

/** Adds one to a counter of `datekit_payment_webhooks_total`, `…_rate_limit_refusals_total` or `…_job_failures_total`. */
export function countOutcome(services: Services, counter: keyof OpsCounts, label: string): void {
  const map = countsOf(services)[counter];
  map.set(label, (map.get(label) ?? 0) + 1);
}

type Value = { labels: Record<string, string | number>; value: number; metricName?: string };

/**
 * A metric in prom-client's registry whose values are read from the route counts when scraped
 * (prom-client's own Counter and Histogram hash their label values on every observation).
 */
function scrapedMetric(name: string, help: string, type: 'counter' | 'gauge' | 'histogram', values: () => Value[]) {
  return {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset() {},
  };
}

/**
 * Prometheus metrics of this process: requests and latency per route, errors, open event streams,
 * chat messages sent, the event bus's LISTEN connection, the database pool, the job queue (read from
 * the table when scraped) and failed job runs, payment webhooks by outcome, rate-limit refusals by
 * rule, and credits spent (read from the ledger when scraped, so every instance reports the
 * installation's total). Values read from the database are left out of a scrape while it is
 * unreachable, so the scrape still answers with everything else. Exposed on METRICS_PORT (its own listener, never public), or at `/metrics`
 * for requests with `Authorization: Bearer <METRICS_TOKEN>`; not at all without either.
 */
export function registerMetrics(app: FastifyInstance, services: Services): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'datekit_' });
  // Per route, in plain numbers: each route's counts are found once, when the route is added, and an
  // answer costs a few additions, not a label lookup per metric.
  const all: RouteCounts[] = [];
  const site = new RouteMethods(SITE_ROUTE, all);
  const routes = new Map<string, RouteMethods>();
  const register = (metric: ReturnType<typeof scrapedMetric>) => registry.registerMetric(metric as unknown as Metric);
  register(
    scrapedMetric(
      'datekit_http_requests_total',
      'HTTP requests answered, by method, route pattern and status',
      'counter',
      () =>
        all.flatMap(({ method, route, byStatus }) =>
          [...byStatus].map(([status, value]) => ({ labels: { method, route, status }, value })),
        ),
    ),
  );
  register(
    scrapedMetric(
      'datekit_http_request_duration_seconds',
      'Time to answer an HTTP request, by method and route pattern',
      'histogram',
      () =>
        all.flatMap(({ method, route, buckets, count, seconds }) => {
          const name = 'datekit_http_request_duration_seconds';
          let cumulative = 0;
          const values: Value[] = [
            ...LATENCY_BUCKETS.map((le, i) => ({
              labels: { method, route, le },
              value: (cumulative += buckets[i]!),
              metricName: `${name}_bucket`,
            })),
            { labels: { method, route, le: '+Inf' }, value: count, metricName: `${name}_bucket` },
            { labels: { method, route }, value: seconds, metricName: `${name}_sum` },
            { labels: { method, route }, value: count, metricName: `${name}_count` },
          ];
          return values;
        }),
    ),
  );
  register(
    scrapedMetric(
      'datekit_http_errors_total',
      'Requests answered with a server error (5xx), by route pattern',
      'counter',
      () => {
        const byRoute = new Map<string, number>();
        for (const { route, errors } of all) if (errors) byRoute.set(route, (byRoute.get(route) ?? 0) + errors);
        return [...byRoute].map(([route, value]) => ({ labels: { route }, value }));
      },
    ),
  );
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
  register(
    scrapedMetric(
      'datekit_event_streams_opened_total',
      'Event streams opened on this instance (a browser keeps one across its pages and tabs where it can)',
      'counter',
      () => [{ labels: {}, value: services.streams.opened }],
    ),
  );
  new Gauge({
    name: 'datekit_credits_spent',
    help: 'Credits spent by all members on messages, photos and gifts (from the ledger)',
    registers: [registry],
    async collect() {
      this.reset();
      const row = await services.db
        .selectFrom('credit_ledger')
        .select(sql<number>`coalesce(-sum(amount), 0)`.as('spent'))
        .where('reason', 'in', SPENDING)
        .executeTakeFirst()
        .catch(() => undefined);
      if (row) this.set(Number(row.spent));
    },
  });
  // Absent on SQLite, which has neither a LISTEN connection nor a pool (a 0 would read as an outage).
  register(
    scrapedMetric(
      'datekit_event_bus_listening',
      "1 while the event bus's LISTEN connection to PostgreSQL is up, 0 while it reconnects",
      'gauge',
      () => {
        const connection = services.events.connection?.();
        return connection ? [{ labels: {}, value: connection.connected ? 1 : 0 }] : [];
      },
    ),
  );
  register(
    scrapedMetric(
      'datekit_db_pool_connections',
      'PostgreSQL pool of this instance: connections open (total), idle, and queries waiting for one',
      'gauge',
      () => Object.entries(poolUsage(services.db) ?? {}).map(([state, value]) => ({ labels: { state }, value })),
    ),
  );
  new Gauge({
    name: 'datekit_jobs',
    help: 'Jobs in the queue by status (queued, running, failed for good), read from the jobs table',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await services.db
        .selectFrom('jobs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '!=', 'done')
        .groupBy('status')
        .execute()
        .catch(() => undefined);
      if (!rows) return;
      for (const status of ['queued', 'running', 'failed']) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  const counts = countsOf(services);
  const labelled = (label: string, map: Map<string, number>) =>
    [...map].map(([value, n]) => ({ labels: { [label]: value }, value: n }));
  register(
    scrapedMetric(
      'datekit_job_failures_total',
      'Job runs that failed (retried or failed for good), by job',
      'counter',
      () => labelled('job', counts.jobFailures),
    ),
  );
  register(
    scrapedMetric(
      'datekit_payment_webhooks_total',
      "Payment provider webhooks, by outcome: the payment's status after it, unknown (not ours), error",
      'counter',
      () => labelled('outcome', counts.webhooks),
    ),
  );
  register(
    scrapedMetric(
      'datekit_rate_limit_refusals_total',
      'Requests refused (429) by a rate limit, by rule',
      'counter',
      () => labelled('rule', counts.rateLimited),
    ),
  );

  const answered = (counts: RouteCounts, reply: FastifyReply) => {
    const status = reply.statusCode;
    counts.record(status, reply.elapsedTime / 1000);
    if (counts.messageKind && status < 300) messages.inc({ kind: counts.messageKind });
  };
  // Each route gets its own hook, holding its counts; the not-found handler (site pages, unknown
  // paths) has no route pattern and is counted by the global hook. Callback hooks: an async one
  // would cost a promise on every answer.
  app.addHook('onRoute', (route) => {
    let methods = routes.get(route.url);
    if (!methods) {
      methods = new RouteMethods(route.url, all);
      routes.set(route.url, methods);
    }
    const counts = methods;
    const hook: onResponseHookHandler = (request, reply, done) => {
      answered(counts.of(request.method), reply);
      done();
    };
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), hook];
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) answered(site.of(request.method), reply);
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
