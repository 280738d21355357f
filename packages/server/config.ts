import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './config-error.ts';
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
  /** SMTP_URL; unset: mail is written to the `.eml` outbox (`outboxDir`), which production takes only with MAIL=outbox. */
  smtpUrl: string | undefined;
  /** Overrides the sender; by default mail comes from the brand's support address. */
  mailFrom: string | undefined;
  /** Secure cookies everywhere but local development (plain http://localhost). */
  secureCookies: boolean;
  /**
   * Which peers' `X-Forwarded-*` headers (client address, protocol) and country headers are believed
   * (TRUST_PROXY): a hop count (`1`: the proxy in front of us) or proxy addresses and CIDRs
   * (`127.0.0.1,10.0.0.0/8`), as Fastify's `trustProxy` takes them. `true` (every hop, so the client's
   * own `X-Forwarded-For` too) is refused in production. false: none.
   */
  trustProxy: boolean | number | string[];
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
  /**
   * POSTBACK_ENDPOINT_ALLOWLIST: the same for conversion postbacks (features/postbacks/): origins of
   * the tests' and the benchmark's local listener, sent to without the https:/public-address checks.
   * Refused with NODE_ENV=production.
   */
  postbackEndpointAllowlist: string[];
  /** How long a network's postback endpoint may take to answer before the attempt counts as failed (POSTBACK_TIMEOUT_MS, default 10000). */
  postbackTimeoutMs: number;
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
  /** What rate-limit counters' keys start with in Redis (RATE_LIMIT_PREFIX), so installations can share one. */
  rateLimitPrefix: string;
  /**
   * Where members pay: `mollie` with MOLLIE_API_KEY; otherwise the built-in `sandbox`, which hands out
   * credits to anyone who presses "paid" — so production takes it only with PAYMENTS=sandbox.
   */
  payments: 'mollie' | 'sandbox';
  /** Production running the sandbox on purpose: every page says it is a test site. */
  testSite: boolean;
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

export { ConfigError };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const varDir = path.resolve(env.DATEKIT_VAR_DIR ?? path.join(ROOT, 'var'));
  const production = env.NODE_ENV === 'production';
  const payments = paymentProvider(env, production);
  requireMailTransport(env, production);
  return {
    port: port('PORT', env.PORT ?? '4321'),
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
    trustProxy: trustedProxies(env.TRUST_PROXY, production),
    cdnPrefix: env.CDN_PREFIX ?? '',
    pushPublicKey: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PUBLIC_KEY : null,
    pushPrivateKey: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PRIVATE_KEY : null,
    pushSubject: env.VAPID_SUBJECT || 'mailto:push@datekit.invalid',
    pushEndpointAllowlist: origins('PUSH_ENDPOINT_ALLOWLIST', env.PUSH_ENDPOINT_ALLOWLIST, production),
    postbackEndpointAllowlist: origins('POSTBACK_ENDPOINT_ALLOWLIST', env.POSTBACK_ENDPOINT_ALLOWLIST, production),
    postbackTimeoutMs: positive(env.POSTBACK_TIMEOUT_MS, 10_000),
    production,
    logLevel: env.LOG_LEVEL || (env.LOG_REQUESTS === 'true' ? 'info' : 'warn'),
    logFormat:
      env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : production ? 'json' : 'pretty',
    metricsPort: env.METRICS_PORT ? port('METRICS_PORT', env.METRICS_PORT) : null,
    metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    metricsToken: env.METRICS_TOKEN || null,
    redisUrl: env.REDIS_URL || undefined,
    rateLimit: env.RATE_LIMIT !== 'off',
    rateLimitPrefix: env.RATE_LIMIT_PREFIX || 'datekit-rl:',
    payments,
    testSite: production && payments === 'sandbox',
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

/**
 * MOLLIE_API_KEY: Mollie. Without it, the sandbox — whose checkout credits whoever presses "paid" — so
 * production refuses to start unless the operator asks for a test site (PAYMENTS=sandbox).
 */
function paymentProvider(env: NodeJS.ProcessEnv, production: boolean): ServerConfig['payments'] {
  if (env.PAYMENTS && env.PAYMENTS !== 'sandbox' && env.PAYMENTS !== 'mollie') {
    throw new ConfigError(`PAYMENTS: ${env.PAYMENTS} is not a provider; use mollie (with MOLLIE_API_KEY) or sandbox`);
  }
  if (env.MOLLIE_API_KEY) {
    if (env.PAYMENTS === 'sandbox')
      throw new ConfigError('PAYMENTS=sandbox and MOLLIE_API_KEY are both set; unset one');
    return 'mollie';
  }
  if (env.PAYMENTS === 'mollie') throw new ConfigError('PAYMENTS=mollie needs MOLLIE_API_KEY');
  if (production && env.PAYMENTS !== 'sandbox') {
    throw new ConfigError(
      'NODE_ENV=production needs MOLLIE_API_KEY: without it the sandbox would credit anyone (PAYMENTS=sandbox runs a marked test site)',
    );
  }
  return 'sandbox';
}

/** Production mails members through SMTP_URL; the `.eml` outbox only when chosen with MAIL=outbox. */
function requireMailTransport(env: NodeJS.ProcessEnv, production: boolean): void {
  if (env.MAIL && env.MAIL !== 'outbox' && env.MAIL !== 'smtp') {
    throw new ConfigError(`MAIL: ${env.MAIL} is not a transport; use smtp (with SMTP_URL) or outbox`);
  }
  if (env.MAIL === 'smtp' && !env.SMTP_URL) throw new ConfigError('MAIL=smtp needs SMTP_URL');
  if (production && !env.SMTP_URL && env.MAIL !== 'outbox') {
    throw new ConfigError(
      'NODE_ENV=production needs SMTP_URL: without it members would get no mail (MAIL=outbox writes .eml files instead)',
    );
  }
}

/** TRUST_PROXY: a hop count or a list of addresses/CIDRs; `true` trusts every hop, never in production. */
function trustedProxies(value: string | undefined, production: boolean): ServerConfig['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') {
    if (production) {
      throw new ConfigError(
        "TRUST_PROXY=true believes a client's own X-Forwarded-For; give the hop count (1) or the proxy addresses (127.0.0.1)",
      );
    }
    return true;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10)
      throw new ConfigError(`TRUST_PROXY: ${value} hops; give 1 to 10, or the proxy addresses`);
    return hops;
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !validBits || extra !== undefined) {
      throw new ConfigError(`TRUST_PROXY: ${entry} is neither a hop count nor an IP address or CIDR`);
    }
  }
  return list;
}

/** A TCP port from 1 to 65535: 0 would open a random one nobody could find. */
function port(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new ConfigError(`${name}: ${value} is not a port from 1 to 65535`);
  return n;
}

/** PASSWORD_SCRYPT_N: a power of two from 2^10 to 2^20; below the default only outside production. */
function scryptCost(value: string | undefined, production: boolean): number {
  if (!value) return DEFAULT_SCRYPT_N;
  const n = Number(value);
  if (!Number.isInteger(n) || n < MIN_SCRYPT_N || n > 2 ** 20 || (n & (n - 1)) !== 0) {
    throw new ConfigError(`PASSWORD_SCRYPT_N: ${value} is not a power of two from 1024 to 1048576`);
  }
  if (production && n < DEFAULT_SCRYPT_N) {
    throw new ConfigError(`PASSWORD_SCRYPT_N below ${DEFAULT_SCRYPT_N} is for test suites; unset it in production`);
  }
  return n;
}

/**
 * PUSH_ENDPOINT_ALLOWLIST or POSTBACK_ENDPOINT_ALLOWLIST as origins; a test-only switch, so production
 * refuses to start with it.
 */
function origins(name: string, value: string | undefined, production: boolean): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length && production) {
    throw new ConfigError(`${name} is for tests against a local fake service; unset it in production`);
  }
  return list.map((origin) => {
    const url = new URL(origin);
    if (url.origin !== origin.replace(/\/$/, '')) throw new ConfigError(`${name}: ${origin} is not an origin`);
    return url.origin;
  });
}

/** A positive number from the environment, or the default when unset or not a positive number. */
function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}
