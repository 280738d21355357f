import type { Brand } from '@datekit/runtime/schemas/brand';
import { BrandRegistry, type UnavailableBrand } from './brands/registry.ts';
import type { NicheSearchDefaults } from './brands/search-defaults.ts';
import type { ServerConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { createTranslator } from './i18n/translator.ts';
import { createPasswordHasher } from './features/auth/passwords.ts';
import { createPaymentProvider } from './features/payments/create-provider.ts';
import { createMailer } from './mail/mailer.ts';
import { createLogger } from './ops/logger.ts';
import { createOutboxSmsSender } from './sms/sms-sender.ts';
import { createLocalBus } from './realtime/event-bus.ts';
import { OpenStreams } from './realtime/open-streams.ts';
import type { Services } from './services.ts';
import { createLanderTraffic } from './features/landers/lander-traffic.ts';
import { MEMBER_CACHE_SIZE, MEMBER_CACHE_TTL_MS, MemberCache } from './features/users/member-cache.ts';

/** Wires the real parts together: database from the config, mail to SMTP or the outbox, translations. */
export function createServices(
  config: ServerConfig,
  site: { brands: readonly Brand[]; searchDefaults: NicheSearchDefaults; unavailable?: readonly UnavailableBrand[] },
  overrides: Partial<Services> = {},
): Services {
  const { db, reads, engine, otherWrites } = overrides.db
    ? { db: overrides.db, reads: overrides.reads ?? overrides.db, engine: overrides.engine ?? 'sqlite' }
    : createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  const now = overrides.now ?? (() => Date.now());
  const log = overrides.log ?? createLogger(config);
  return {
    config,
    db,
    reads,
    engine,
    brands: new BrandRegistry(site.brands, site.unavailable),
    searchDefaults: site.searchDefaults,
    translate: createTranslator(config.localesDir),
    passwords: createPasswordHasher(config.passwordScryptN),
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir }),
    sms: createOutboxSmsSender(config.smsOutboxDir),
    // One process by default; `serve` swaps in the PostgreSQL bus when DATABASE_URL is set.
    events: createLocalBus(),
    streams: new OpenStreams(),
    memberCache: new MemberCache(MEMBER_CACHE_TTL_MS, MEMBER_CACHE_SIZE, otherWrites),
    log,
    now,
    landers: createLanderTraffic(db, now, log),
    payments: createPaymentProvider(config, db, now),
    ...overrides,
  };
}
