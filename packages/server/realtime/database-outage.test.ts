import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createServices } from '../create-services.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { MIN_SCRYPT_N } from '../features/auth/passwords.ts';
import { createPostgresBus, type EventBus } from './event-bus.ts';
import { FIXTURE_BRANDS, FIXTURE_SEARCH_DEFAULTS } from '../test/fixture-brands.ts';
import { postMessage, ReconnectingTab } from '../test/reconnecting-tab.ts';
import { messagesSentBy, seedMembersWithSessions } from '../test/seed-members.ts';

const HOST = 'alpha.test';

/**
 * Terminating every backend of the database is what a PostgreSQL restart or failover does to the
 * instances. The test does it to a database of its own (created and dropped here), so the test files
 * running beside it on the shared server keep their connections.
 */
describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('the database terminates every connection', () => {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `datekit_outage_${randomBytes(4).toString('hex')}`;
  // Made when the suite runs: Vitest collects a skipped suite too, and without TEST_DATABASE_URL (`npm
  // test` on SQLite alone) `new URL` here failed the whole file.
  const ownUrl = () => {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  let db: Db;
  let dir: string;
  let buses: EventBus[] = [];
  let apps: ReturnType<typeof createApp>[] = [];

  const admin = async <T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(baseUrl, (client) => client.query(`create database ${name}`));
    db = createDatabase({ databaseUrl: ownUrl(), warn: () => undefined }).db;
    await migrateToLatest(db);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-outage-'));
    const config = {
      ...loadConfig({ DATEKIT_VAR_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT: 'off' }),
      passwordScryptN: MIN_SCRYPT_N,
      databaseUrl: ownUrl(),
      distDir: path.join(dir, 'dist'),
      secureCookies: false,
    };
    const services = createServices(
      config,
      { brands: FIXTURE_BRANDS, searchDefaults: FIXTURE_SEARCH_DEFAULTS },
      { db, engine: 'postgres' },
    );
    // Two instances as two processes behind a balancer would be: a LISTEN connection each, one pool.
    buses = [await createPostgresBus(ownUrl()), await createPostgresBus(ownUrl())];
    apps = buses.map((events) => createApp({ ...services, events }));
    for (const app of apps) await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
    await db?.destroy();
    await admin(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('mid send loop: no instance dies, every acknowledged message is delivered once, delivery resumes', async () => {
    const [portA, portB] = apps.map((app) => (app.server.address() as AddressInfo).port) as [number, number];
    const { ids, cookies } = await seedMembersWithSessions(db, {
      brand: HOST,
      count: 3,
      emailPrefix: 'outage',
      isSender: (index) => index > 0,
      credits: 1_000_000,
    });
    const [recipient, ...senders] = ids.map((id, index) => ({ id, cookie: cookies[index]! }));
    // The recipient's tabs on both instances; the senders post through A, so B hears of it by NOTIFY.
    const tabs = [portA, portB].map((port) => new ReconnectingTab(port, HOST, recipient!.cookie));
    await Promise.all(tabs.map((tab) => tab.connected));

    const acknowledged: number[] = [];
    const statuses = new Map<number, number>();
    let terminated: Promise<number> | undefined;
    let acknowledgedAfter = 0;
    await Promise.all(
      senders.map(async (sender, index) => {
        for (let n = 0; n < 25; n++) {
          const { status, id } = await postMessage(portA, HOST, sender.cookie, recipient!.id, `outage ${index}-${n}`);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (id === null) continue;
          acknowledged.push(id);
          if (terminated) acknowledgedAfter += 1;
          if (!terminated && acknowledged.length >= 10) {
            terminated = admin(ownUrl(), async (client) => {
              const result = await client.query(
                'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
              );
              return result.rowCount ?? 0;
            });
          }
        }
      }),
    );
    // Every pooled connection and both LISTEN connections were ended.
    expect(await terminated).toBeGreaterThanOrEqual(2);
    // Answers were 201, or 503 for a send whose connection died under it: never a 500.
    expect([...statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(acknowledgedAfter).toBeGreaterThan(0);

    const stored = new Set(
      (
        await messagesSentBy(
          db,
          senders.map((s) => s.id),
        )
      ).map((row) => row.id),
    );
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    for (const tab of tabs) {
      await tab.waitFor(acknowledged, 20_000);
      expect(tab.tally(acknowledged)).toEqual({ missing: 0, duplicates: 0 });
      tab.close();
    }
    // Both LISTEN connections are back, and both instances ready.
    for (const bus of buses) expect(bus.connection?.().connected).toBe(true);
    for (const port of [portA, portB]) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { host: HOST } });
      expect((await ready.json()) as { checks: unknown }).toMatchObject({ checks: { database: true, events: true } });
    }
  }, 60_000);
});
