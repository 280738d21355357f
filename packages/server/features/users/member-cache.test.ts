import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app.ts';
import { createServices } from '../../create-services.ts';
import { createDatabase } from '../../db/database.ts';
import { SESSION_COOKIE } from '../../http/request-context.ts';
import { createLocalBus, createPostgresBus } from '../../realtime/event-bus.ts';
import { FIXTURE_BRANDS, FIXTURE_SEARCH_DEFAULTS } from '../../test/fixture-brands.ts';
import { TestClient } from '../../test/http-client.ts';
import { member } from '../../test/member.ts';
import { SIGNUP_PASSWORD, startTestServer, type TestServer } from '../../test/test-server.ts';
import { banMember } from '../reports/decide-report.ts';
import { hashToken } from './current-member.ts';
import { memberChanged } from './member-cache.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ memberCache: true });
});
afterAll(() => server.close());

type UserAnswer = { user: { email: string; credits: number; profile: { name: string } } | null };

/** A second browser holding the same session cookie: it goes on sending it after the first signs out. */
function sameSession(browser: TestClient): TestClient {
  const copy = server.client();
  copy.cookies.set(SESSION_COOKIE, browser.cookies.get(SESSION_COOKIE)!);
  return copy;
}

/** Reads user.php twice, so the member is in the cache before the change under test. */
async function cached(browser: TestClient): Promise<void> {
  for (let i = 0; i < 2; i++) expect((await browser.get<UserAnswer>('/api/user.php')).body.user).not.toBeNull();
  expect(server.services.memberCache.size).toBeGreaterThan(0);
}

describe('the member cache', () => {
  it('refuses a banned member on her next request', async () => {
    const m = await member(server, { label: 'Banned' });
    await cached(m.browser);
    await banMember(server.services, { memberId: m.id, ground: 'terms_spam', facts: 'Advertising links.' });
    const next = await m.browser.get<{ error: string }>('/api/user.php');
    expect(next.status).toBe(403);
    expect(next.body.error).toBe('account_banned');
  });

  it("answers a signed-out session's next request as a visitor's", async () => {
    const m = await member(server, { label: 'SignedOut' });
    const stolen = sameSession(m.browser);
    await cached(stolen);
    await m.browser.get('/api/logout.php');
    expect((await stolen.get<UserAnswer>('/api/user.php')).body).toEqual({ user: null });
  });

  it("answers a deleted member's next request as a visitor's", async () => {
    const m = await member(server, { label: 'Deleted' });
    const elsewhere = sameSession(m.browser);
    await cached(elsewhere);
    const deleted = await m.browser.post('/api/account-delete.php', { password: SIGNUP_PASSWORD });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await elsewhere.get<UserAnswer>('/api/user.php')).body).toEqual({ user: null });
  });

  it('reads the member once for the requests of a page view that arrive together with nothing cached', async () => {
    const m = await member(server, { label: 'PageView' });
    server.services.memberCache.clear();
    const stored = vi.spyOn(server.services.memberCache, 'set');
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => m.browser.get<UserAnswer>('/api/user.php')));
      expect(answers.map((answer) => answer.body.user?.email)).toEqual(Array(4).fill(m.email));
      expect(stored).toHaveBeenCalledTimes(1);
    } finally {
      stored.mockRestore();
    }
  });

  it('shows a profile edit and credits spent elsewhere on the next user.php', async () => {
    const m = await member(server, { label: 'Edited', credits: 50 });
    await cached(m.browser);
    // Written as a job or another instance would: through the writers, not this browser's request.
    await server.services.db.transaction().execute(async (trx) => {
      await trx.updateTable('profiles').set({ name: 'Renamed' }).where('id', '=', m.id).execute();
      await memberChanged(trx, m.id);
    });
    const next = await m.browser.get<UserAnswer>('/api/user.php');
    expect(next.body.user?.profile.name).toBe('Renamed');
  });
});

describe('the event bus the cache listens to', () => {
  it('is the one in services.events when the cache is used, as `serve` swaps its bus in after createApp', async () => {
    const m = await member(server, { label: 'Swapped' });
    const original = server.services.events;
    const swapped =
      server.services.engine === 'postgres'
        ? await createPostgresBus(process.env.TEST_DATABASE_URL!, `datekit_test_${randomBytes(4).toString('hex')}`)
        : createLocalBus();
    server.services.events = swapped;
    try {
      await cached(m.browser);
      const tokenHash = hashToken(m.browser.cookies.get(SESSION_COOKIE)!);
      expect(server.services.memberCache.get(tokenHash)).toBeDefined();
      const heard = new Promise<void>((resolve) => {
        const off = swapped.onMembersChanged((ids) => {
          if (ids.includes(m.id)) resolve(off());
        });
      });
      await swapped.publish(server.services.db, m.id, { type: 'credits', credits: 7 });
      await heard;
      expect(server.services.memberCache.get(tokenHash)).toBeUndefined();
    } finally {
      server.services.events = original;
      await swapped.close();
    }
  });
});

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('two instances on one PostgreSQL database', () => {
  it('a ban made through one instance refuses the member on the other, once its NOTIFY arrives', async () => {
    // Instance B: its own connections and its own LISTEN, like a second process behind a balancer.
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(server.services.db)).rows[0]!.s;
    const url = process.env.TEST_DATABASE_URL!;
    const { db } = createDatabase({ databaseUrl: url, searchPath: schema });
    const bus = await createPostgresBus(url, `datekit_test_${randomBytes(4).toString('hex')}`);
    const services = createServices(
      server.services.config,
      { brands: FIXTURE_BRANDS, searchDefaults: FIXTURE_SEARCH_DEFAULTS },
      { db, engine: 'postgres', events: bus, now: server.services.now },
    );
    const instanceB = createApp(services, { checkResponses: true });
    await instanceB.listen({ port: 0, host: '127.0.0.1' });
    try {
      const m = await member(server, { label: 'TwoInstances' });
      const onB = new TestClient((instanceB.server.address() as AddressInfo).port, 'alpha.test');
      onB.cookies.set(SESSION_COOKIE, m.browser.cookies.get(SESSION_COOKIE)!);
      for (let i = 0; i < 2; i++) expect((await onB.get<UserAnswer>('/api/user.php')).body.user).not.toBeNull();
      expect(services.memberCache.size).toBe(1);

      // B hears of the change on its LISTEN connection (the documented bound): wait for that, not a time.
      const heard = new Promise<void>((resolve) => {
        const off = bus.onMembersChanged((ids) => {
          if (ids.includes(m.id)) resolve(off());
        });
      });
      await banMember(server.services, { memberId: m.id, ground: 'terms_spam', facts: 'Advertising links.' });
      await heard;
      const next = await onB.get<{ error: string }>('/api/user.php');
      expect(next.status).toBe(403);
      expect(next.body.error).toBe('account_banned');
    } finally {
      await instanceB.close();
      await bus.close();
      await db.destroy();
    }
  });
});

describe.runIf(process.env.DATEKIT_TEST_DB === 'postgres')('a member changed in a transaction', () => {
  it('costs the transaction no statement of its own; the NOTIFY after the commit names her', async () => {
    const m = await member(server, { label: 'Marker' });
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(server.services.db)).rows[0]!.s;
    // What the connections send, seen by pg's client: installed before the database below connects.
    const sent: { text: string; values: unknown[] }[] = [];
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const [first, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      sent.push(
        typeof first === 'string'
          ? { text: first, values: values ?? [] }
          : { text: first.text, values: first.values ?? [] },
      );
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query);
    const { db } = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, searchPath: schema });
    try {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ language: 'de' }).where('id', '=', m.id).execute();
        await memberChanged(trx, m.id);
      });
      // Before, a `select 1` carried the mark: a round trip inside the transaction, on every send.
      expect(sent.map((s) => s.text)).not.toContain('select 1');
      const notify = sent.find((s) => s.text.includes('pg_notify'));
      expect(notify?.values).toContain(String(m.id));
    } finally {
      spy.mockRestore();
      await db.destroy();
    }
  });
});
