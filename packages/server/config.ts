import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Everything the server reads from the environment, read once here and passed down. Secrets never come from brand files. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded SQLite file is used. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  distDir: string;
  localesDir: string;
  outboxDir: string;
  /** Where text messages are written (SMS_OUTBOX_DIR). */
  smsOutboxDir: string;
  mediaDir: string;
  smtpUrl: string | undefined;
  /** Overrides the sender; by default mail comes from the brand's support address. */
  mailFrom: string | undefined;
  /** Secure cookies everywhere but local development (plain http://localhost). */
  secureCookies: boolean;
  trustProxy: boolean;
  cdnPrefix: string;
  pushPublicKey: string | null;
  /** NODE_ENV=production: JSON logs, HSTS. */
  production: boolean;
  /** pino level: `warn` by default (warnings and errors always reach the log), `info` with LOG_REQUESTS=true. */
  logLevel: string;
  /** `json` (one object a line, for log collectors) in production, `pretty` (readable lines) otherwise; LOG_FORMAT overrides. */
  logFormat: 'json' | 'pretty';
  /** Prometheus metrics on their own listener (METRICS_PORT, on METRICS_HOST, 127.0.0.1 by default)… */
  metricsPort: number | null;
  metricsHost: string;
  /** …or at `/metrics` on the main port for requests bearing this token (METRICS_TOKEN). */
  metricsToken: string | null;
  /** Redis for rate-limit counters shared by several instances; in-process counters without it. */
  redisUrl: string | undefined;
  /** The routes' rate limits apply; RATE_LIMIT=off turns them off (test suites signing up many members). */
  rateLimit: boolean;
  /** With a Mollie API key members pay through Mollie; without, through the built-in sandbox. */
  mollieApiKey: string | undefined;
  /** Another root for Mollie's API than https://api.mollie.com/v2/ (a local fake in tests). */
  mollieApiEndpoint: string | undefined;
  /** The shared secret the mail provider's bounce and complaint webhook presents (MAIL_WEBHOOK_SECRET); unset: refused. */
  mailWebhookSecret: string | undefined;
  /** The operator console's host (OPERATOR_HOST, `operator.localhost` by default); no brand is served there. */
  operatorHost: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const varDir = path.resolve(env.DATEKIT_VAR_DIR ?? path.join(ROOT, 'var'));
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 4321),
    host: env.HOST ?? (production ? '0.0.0.0' : 'localhost'),
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: path.resolve(env.SQLITE_PATH ?? path.join(varDir, 'datekit.sqlite')),
    distDir: path.resolve(env.DATEKIT_DIST_DIR ?? path.join(ROOT, 'dist')),
    localesDir: path.join(ROOT, 'locales'),
    outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(varDir, 'outbox')),
    smsOutboxDir: path.resolve(env.SMS_OUTBOX_DIR ?? path.join(varDir, 'sms-outbox')),
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(varDir, 'media')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === 'true' : production,
    trustProxy: env.TRUST_PROXY === 'true',
    cdnPrefix: env.CDN_PREFIX ?? '',
    pushPublicKey: env.VAPID_PUBLIC_KEY || null,
    production,
    logLevel: env.LOG_LEVEL || (env.LOG_REQUESTS === 'true' ? 'info' : 'warn'),
    logFormat:
      env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : production ? 'json' : 'pretty',
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : null,
    metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    metricsToken: env.METRICS_TOKEN || null,
    redisUrl: env.REDIS_URL || undefined,
    rateLimit: env.RATE_LIMIT !== 'off',
    mollieApiKey: env.MOLLIE_API_KEY || undefined,
    mollieApiEndpoint: env.MOLLIE_API_URL || undefined,
    mailWebhookSecret: env.MAIL_WEBHOOK_SECRET || undefined,
    operatorHost: (env.OPERATOR_HOST || 'operator.localhost').toLowerCase(),
  };
}
