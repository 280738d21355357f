import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { MIN_SCRYPT_N } from '../features/auth/passwords.ts';
import { createServices } from '../create-services.ts';
import { createPostgresBus } from '../realtime/event-bus.ts';
import { MemberCache } from '../features/users/member-cache.ts';
import type { Services } from '../services.ts';
import { FIXTURE_BRANDS, FIXTURE_SEARCH_DEFAULTS } from './fixture-brands.ts';
import { TestClient } from './http-client.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestServer {
  services: Services;
  outboxDir: string;
  /** A new browser (own cookie jar) visiting `host`. */
  client(host?: string): TestClient;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  /** The .eml files written so far, oldest first. */
  outbox(): string[];
  /**
   * The activation link of the newest activation mail. Not simply the newest mail: receipts and
   * notifications are sent after their request has answered and may land after a later signup's mail.
   */
  latestActivationLink(): string;
  /**
   * Runs `work`, which changes the schema (renames a table, say), while no other test file changes
   * or reads theirs through Kysely's migrator (test-database.ts, SCHEMA_CHANGE_LOCK).
   */
  migrating<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The real app on a random port, a fresh database, its own outbox and media folders. */
export async function startTestServer(
  options: {
    brands?: Brand[];
    distDir?: string;
    services?: Partial<Services>;
    env?: NodeJS.ProcessEnv;
    /**
     * Keeps members in the member cache as production does. Off by default: many tests change rows
     * straight in the database, past `memberChanged`, and expect the next request to see it.
     */
    memberCache?: boolean;
  } = {},
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-server-'));
  const database = await createTestDatabase();
  const config = {
    // Quiet logs and no rate limits unless a test asks for them (many signups come from one address).
    ...loadConfig({ DATEKIT_VAR_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT: 'off', ...options.env }),
    // The cheapest password hashing, also where a test runs the server as in production: at the
    // production cost, hashing the passwords of the members the tests sign up took half the suite's time.
    passwordScryptN: MIN_SCRYPT_N,
    databaseUrl: undefined,
    distDir: options.distDir ?? path.join(dir, 'dist'),
    secureCookies: false,
  };
  let offset = 0;
  const site = { brands: options.brands ?? FIXTURE_BRANDS, searchDefaults: FIXTURE_SEARCH_DEFAULTS };
  // On PostgreSQL, wake-ups come on commit through NOTIFY, as in production; a channel of this
  // server's own, so parallel test files never wake each other's streams.
  const bus =
    database.engine === 'postgres'
      ? await createPostgresBus(process.env.TEST_DATABASE_URL!, `datekit_test_${randomBytes(4).toString('hex')}`)
      : undefined;
  const services = createServices(config, site, {
    db: database.db,
    // A test that brings its own database reads through it too, unless it brings a read connection.
    reads: options.services?.db ? (options.services.reads ?? options.services.db) : database.reads,
    engine: database.engine,
    now: () => Date.now() + offset,
    ...(bus ? { events: bus } : {}),
    memberCache: new MemberCache(options.memberCache ? undefined : 0),
    ...options.services,
  });
  const app = createApp(services, { checkResponses: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const outbox = () =>
    fs.existsSync(config.outboxDir)
      ? fs
          .readdirSync(config.outboxDir)
          .sort()
          .map((f) => fs.readFileSync(path.join(config.outboxDir, f), 'utf8'))
      : [];
  return {
    services,
    outboxDir: config.outboxDir,
    client: (host = 'alpha.test') => new TestClient(port, host),
    advance: (ms) => {
      offset += ms;
    },
    outbox,
    latestActivationLink: () => {
      const mail = outbox()
        .reverse()
        .find((eml) => ACTIVATION_LINK.test(eml));
      if (!mail) throw new Error('no activation mail in the outbox');
      return activationLink(mail);
    },
    migrating: (work) => database.migrating(work),
    async close() {
      await app.close();
      await services.events.close();
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const ACTIVATION_LINK = /https?:\/\/[^\s"<]+\/api\/activate\.php\?token=[\w-]+/;

/** The activation link of an .eml file, as it stands in the file (the outbox writes text as is). */
export function activationLink(eml: string): string {
  const match = ACTIVATION_LINK.exec(eml);
  if (!match) throw new Error(`no activation link in mail:\n${eml}`);
  return match[0];
}

export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/** NODE_ENV=production with the sandbox and the outbox chosen explicitly, as production requires (config.ts). */
export const PRODUCTION_ENV = { NODE_ENV: 'production', PAYMENTS: 'sandbox', MAIL: 'outbox' } as const;

/** The password `validSignup` signs every test member up with, to log in with again. */
export const SIGNUP_PASSWORD = 'correct horse battery';

export const validSignup = (overrides: Record<string, unknown> = {}) => ({
  email: 'anna@example.com',
  name: 'AnnaB',
  password: SIGNUP_PASSWORD,
  date_of_birth: '1990-04-12',
  gender: 'female',
  accept_terms: true,
  ...overrides,
});
