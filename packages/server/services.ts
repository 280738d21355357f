import type { Brand } from '@datekit/runtime/schemas/brand';
import type { BrandRegistry } from './brands/registry.ts';
import type { NicheSearchDefaults } from './brands/search-defaults.ts';
import type { ServerConfig } from './config.ts';
import type { Db, Engine } from './db/database.ts';
import type { Translate } from './i18n/translator.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Logger } from './ops/logger.ts';
import type { PasswordHasher } from './features/auth/passwords.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import type { PaymentProvider } from './features/payments/provider.ts';
import type { EventBus } from './realtime/event-bus.ts';
import type { OpenStreams } from './realtime/open-streams.ts';
import type { LanderTraffic } from './features/landers/lander-traffic.ts';
import type { MemberCache } from './features/users/member-cache.ts';

/** What every route and service may use, created once per server and passed down explicitly. */
export interface Services {
  config: ServerConfig;
  db: Db;
  /**
   * Reads that need no transaction and must not wait for one: the session, a page's data, a stream's
   * events (db/database.ts: a read-only second connection on SQLite, the pool on PostgreSQL). Inside
   * an idempotent action it is the action's transaction, as `db` is.
   */
  reads: Db;
  engine: Engine;
  brands: BrandRegistry;
  /** Per niche, what the member search starts with. */
  searchDefaults: NicheSearchDefaults;
  translate: Translate;
  /** scrypt at the configured cost (PASSWORD_SCRYPT_N). */
  passwords: PasswordHasher;
  mailer: Mailer;
  /** Text messages (direct debit codes); written to `var/sms-outbox/` by default. */
  sms: SmsSender;
  /** Live events to members' open tabs (server-sent events). */
  events: EventBus;
  /** The event streams open in this process, ended with a `reconnect` on shutdown. */
  streams: OpenStreams;
  /** Where members pay: the built-in sandbox, or Mollie when MOLLIE_API_KEY is set. */
  payments: PaymentProvider;
  /**
   * The process's pino logger (ops/logger.ts): JSON lines, secrets redacted; Fastify's `app.log` is
   * its child. `services.log.error({ err, ...context }, 'what failed')`; never `console`.
   */
  log: Logger;
  /** Lander visits counted in memory and written in batches, and the experiments the paths answer with. */
  landers: LanderTraffic;
  /**
   * Session -> member row for a few seconds (features/users/member-cache.ts); `createApp` attaches it
   * to the database and the event bus, so every `memberChanged` reaches it.
   */
  memberCache: MemberCache;
  /** Current time in unix milliseconds; tests move it forward to expire blocks and tokens. */
  now: () => number;
}

export type { Brand };
