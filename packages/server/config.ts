import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCRYPT_N, MIN_SCRYPT_N } from './features/auth/passwords.ts';

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
  /** VAPID public key (VAPID_PUBLIC_KEY), sent to browsers in settings.php; null: web push is off. */
  pushPublicKey: string | null;
  /** VAPID private key (VAPID_PRIVATE_KEY) signing the requests to push services; secret. */
  pushPrivateKey: string | null;
  /** VAPID_SUBJECT: a mailto: or https: address push services may contact about our traffic. */
  pushSubject: string;
  /**
   * PUSH_ENDPOINT_ALLOWLIST: comma-separated origins (`http://127.0.0.1:41234`) accepted as push
   * endpoints without the https:/public-address checks (push/push-endpoint.ts): only for the tests'
   * and the benchmark's local fake push service. Refused with NODE_ENV=production.
   */
  pushEndpointAllowlist: string[];
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
  /**
   * Notification mail timing: the batching window (NOTIFICATION_BATCH_SECONDS, default 900) and how
   * long after its last heartbeat a tab still counts as open (PRESENCE_WINDOW_SECONDS, default 60).
   * Only the end-to-end tests shorten them, so that they wait seconds, not minutes.
   */
  notificationBatchMs: number;
  presenceWindowMs: number;
  /** Pause of the job runner between polls of an empty queue (JOB_POLL_MS, default 5000). */
  jobPollMs: number;
  /** The operator console's host (OPERATOR_HOST, `operator.localhost` by default); no brand is served there. */
  operatorHost: string;
  /**
   * scrypt's cost for new password hashes (PASSWORD_SCRYPT_N, a power of two; 2^17 by default).
   * Production may raise it, never lower it: only the test suites do, where hashing the passwords of
   * the thousands of members they sign up took most of the run.
   */
  passwordScryptN: number;
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
    pushPublicKey: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PUBLIC_KEY : null,
    pushPrivateKey: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PRIVATE_KEY : null,
    pushSubject: env.VAPID_SUBJECT || 'mailto:push@datekit.invalid',
    pushEndpointAllowlist: origins(env.PUSH_ENDPOINT_ALLOWLIST, production),
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
    notificationBatchMs: positive(env.NOTIFICATION_BATCH_SECONDS, 900) * 1000,
    presenceWindowMs: positive(env.PRESENCE_WINDOW_SECONDS, 60) * 1000,
    jobPollMs: positive(env.JOB_POLL_MS, 5000),
    operatorHost: (env.OPERATOR_HOST || 'operator.localhost').toLowerCase(),
    passwordScryptN: scryptCost(env.PASSWORD_SCRYPT_N, production),
  };
}

/** PASSWORD_SCRYPT_N: a power of two from 2^10 to 2^20; below the default only outside production. */
function scryptCost(value: string | undefined, production: boolean): number {
  if (!value) return DEFAULT_SCRYPT_N;
  const n = Number(value);
  if (!Number.isInteger(n) || n < MIN_SCRYPT_N || n > 2 ** 20 || (n & (n - 1)) !== 0) {
    throw new Error(`PASSWORD_SCRYPT_N: ${value} is not a power of two from 1024 to 1048576`);
  }
  if (production && n < DEFAULT_SCRYPT_N) {
    throw new Error(`PASSWORD_SCRYPT_N below ${DEFAULT_SCRYPT_N} is for test suites; unset it in production`);
  }
  return n;
}

/** PUSH_ENDPOINT_ALLOWLIST as origins; a test-only switch, so production refuses to start with it. */
function origins(value: string | undefined, production: boolean): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length && production) {
    throw new Error('PUSH_ENDPOINT_ALLOWLIST is for tests against a local fake push service; unset it in production');
  }
  return list.map((origin) => {
    const url = new URL(origin);
    if (url.origin !== origin.replace(/\/$/, ''))
      throw new Error(`PUSH_ENDPOINT_ALLOWLIST: ${origin} is not an origin`);
    return url.origin;
  });
}

/** A positive number from the environment, or the default when unset or not a positive number. */
function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}
