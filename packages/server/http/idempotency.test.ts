import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import type { TestClient } from '../test/http-client.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { balanceOf, book } from '../features/credits/ledger.ts';
import type { Services } from '../services.ts';
import { IDEMPOTENCY_KEY_TTL_MS, runIdempotent, type StoredAnswer } from './idempotency.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Member {
  id: number;
  browser: TestClient;
}

let counter = 0;
async function member(credits?: number): Promise<Member> {
  const browser = server.client();
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: `idem-${++counter}@example.com`, name: `Idem${counter}` }),
  );
  const id = res.body.user.profile.id;
  await browser.get(pathOf(server.latestActivationLink()));
  if (credits !== undefined) await setCredits(id, credits);
  return { id, browser };
}

async function setCredits(id: number, credits: number) {
  const balance = await balanceOf(server.services.db, id);
  await book(server.services.db, { userId: id, amount: credits - balance, reason: 'grant', at: server.services.now() });
}

const messagesFrom = async (id: number) =>
  (await server.services.db.selectFrom('messages').select('id').where('sender_id', '=', id).execute()).length;

const sendWithKey = (from: Member, to: Member, key: string, text = 'Hello once') =>
  from.browser.post('/api/message.php', { profile_id: to.id, text }, { headers: { 'idempotency-key': key } });

/** An action that charges `credits` and answers 201. */
const charge =
  (who: Member, credits: number) =>
  async (services: Services): Promise<StoredAnswer> => {
    await book(services.db, { userId: who.id, amount: -credits, reason: 'message', at: services.now() });
    return { status: 201, body: { charged: credits } };
  };

/** The fingerprint the server stores for a send (read from a send with a throwaway key). */
async function fingerprintOf(from: Member, to: Member, text: string): Promise<string> {
  const key = `probe-${++counter}`;
  await sendWithKey(from, to, key, text);
  const row = await server.services.db
    .selectFrom('idempotency_keys')
    .select('fingerprint')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  await server.services.db.deleteFrom('idempotency_keys').where('key', '=', key).execute();
  await server.services.db.deleteFrom('messages').where('sender_id', '=', from.id).execute();
  await setCredits(from.id, 30);
  return row.fingerprint;
}

/** A second server's database connections on the test schema (PostgreSQL), whose backends a test may end. */
async function otherInstance(): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.services.db);
  const pool = new pg.Pool({
    connectionString: process.env.TEST_DATABASE_URL,
    options: `-c search_path=${rows[0]!.schema}`,
    max: 2,
  });
  // The test ends a backend on purpose.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, close: () => db.destroy() };
}

describe('Idempotency-Key', () => {
  it('a retry with the same key answers the first answer again and sends and charges nothing more', async () => {
    const [anna, ben] = [await member(30), await member()];
    const first = await sendWithKey(anna, ben, 'key-1');
    const retry = await sendWithKey(anna, ben, 'key-1');
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await messagesFrom(anna.id)).toBe(1);
    expect(await balanceOf(server.services.db, anna.id)).toBe(20);
    // A new key is a new action.
    expect((await sendWithKey(anna, ben, 'key-2')).status).toBe(201);
    expect(await messagesFrom(anna.id)).toBe(2);
  });

  it('20 concurrent requests with one key run the action once; the others replay it or are told it is in progress', async () => {
    const [anna, ben] = [await member(300), await member()];
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendWithKey(anna, ben, 'burst')));
    expect(await messagesFrom(anna.id)).toBe(1);
    expect(await balanceOf(server.services.db, anna.id)).toBe(290);
    const done = answers.filter((a) => a.status === 201);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((a) => a.text)).size).toBe(1);
    for (const busy of answers.filter((a) => a.status !== 201)) {
      expect(busy.status).toBe(409);
      expect(busy.body).toMatchObject({ error: 'idempotency_key_in_progress' });
    }
    // Once the first finished, every retry gets its answer.
    expect((await sendWithKey(anna, ben, 'burst')).text).toBe(done[0]!.text);
  });

  it('the same key with another request is refused with a translated 422 and changes nothing', async () => {
    const [anna, ben] = [await member(30), await member()];
    await sendWithKey(anna, ben, 'reused', 'First text');
    anna.browser.cookies.set('lang', 'nl');
    const other = await sendWithKey(anna, ben, 'reused', 'Another text');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'idempotency_key_reused' });
    expect(other.body.message).toMatch(/Idempotency-Key is al gebruikt/);
    expect(await messagesFrom(anna.id)).toBe(1);
    expect(await balanceOf(server.services.db, anna.id)).toBe(20);
  });

  it('keys are per member and per route', async () => {
    const [anna, ben, cara] = [await member(200), await member(30), await member()];
    expect((await sendWithKey(anna, cara, 'shared')).status).toBe(201);
    expect((await sendWithKey(ben, cara, 'shared')).status).toBe(201);
    const gift = await anna.browser.post(
      '/api/gift.php',
      { profile_id: cara.id, gift_id: 'rose' },
      { headers: { 'idempotency-key': 'shared' } },
    );
    expect(gift.status).toBe(201);
    expect(await messagesFrom(anna.id)).toBe(2);
    expect(await messagesFrom(ben.id)).toBe(1);
  });

  it('a refused request keeps nothing: the same key runs again once it can succeed', async () => {
    const [anna, ben] = [await member(5), await member()];
    const refused = await sendWithKey(anna, ben, 'poor');
    expect(refused.status).toBe(402);
    await setCredits(anna.id, 10);
    expect((await sendWithKey(anna, ben, 'poor')).status).toBe(201);
    expect(await balanceOf(server.services.db, anna.id)).toBe(0);
  });

  it('a key expires after 24 hours', async () => {
    const [anna, ben] = [await member(30), await member()];
    await sendWithKey(anna, ben, 'day-old', 'Yesterday');
    server.advance(IDEMPOTENCY_KEY_TTL_MS + 1);
    expect((await sendWithKey(anna, ben, 'day-old', 'Today')).status).toBe(201);
    expect(await messagesFrom(anna.id)).toBe(2);
  });

  it('a duplicate sent while the first request runs gets 409; once the first failed, a retry runs at once', async () => {
    const anna = await member(30);
    const claim = { scope: `member:${anna.id}`, route: 'POST /test', key: 'running', fingerprint: 'f' };
    let fail!: () => void;
    const failing = new Promise<never>((_resolve, reject) => (fail = () => reject(new Error('cut'))));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runIdempotent(server.services, claim, async (services) => {
      await book(services.db, { userId: anna.id, amount: -10, reason: 'message', at: services.now() });
      started();
      return failing;
    });
    await running;
    for (const transaction of [true, false]) {
      await expect(runIdempotent(server.services, claim, charge(anna, 1), { transaction })).rejects.toMatchObject({
        code: 'idempotency_key_in_progress',
      });
    }
    fail();
    await expect(first).rejects.toThrow('cut');
    const own = { transaction: false };
    expect(await runIdempotent(server.services, claim, charge(anna, 10), own)).toMatchObject({ replayed: false });
    expect(await runIdempotent(server.services, claim, charge(anna, 10), own)).toMatchObject({ replayed: true });
    expect(await runIdempotent(server.services, claim, charge(anna, 10))).toMatchObject({ replayed: true });
    expect(await balanceOf(server.services.db, anna.id)).toBe(20);
  });

  it('a claim row without an answer (what versions before the lock left when their process died) holds nothing', async () => {
    const [anna, ben] = [await member(30), await member()];
    const first = await sendWithKey(anna, ben, 'template');
    const row = await server.services.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint'])
      .where('scope', '=', `member:${anna.id}`)
      .where('key', '=', 'template')
      .executeTakeFirstOrThrow();
    expect(first.status).toBe(201);
    const now = server.services.now();
    await server.services.db
      .insertInto('idempotency_keys')
      .values({
        scope: `member:${anna.id}`,
        route: 'POST /api/message.php',
        key: 'crashed',
        fingerprint: row.fingerprint,
        status: 'in_progress',
        locked_at: now,
        created_at: now,
      })
      .execute();
    const recovered = await sendWithKey(anna, ben, 'crashed');
    expect(recovered.status).toBe(201);
    expect((await sendWithKey(anna, ben, 'crashed')).text).toBe(recovered.text);
    expect(await messagesFrom(anna.id)).toBe(2);
  });

  it.runIf(process.env.DATEKIT_TEST_DB === 'postgres')(
    "another instance's claim holds the key, and is released the moment its connection dies",
    async () => {
      const [anna, ben] = [await member(30), await member()];
      const other = await otherInstance();
      try {
        // The other instance runs the send with the key, and its process "dies" in the middle.
        const claim = {
          scope: `member:${anna.id}`,
          route: 'POST /api/message.php',
          key: 'other-instance',
          fingerprint: await fingerprintOf(anna, ben, 'Hello once'),
        };
        let backend!: (pid: number) => void;
        const pid = new Promise<number>((resolve) => (backend = resolve));
        let giveUp!: () => void;
        const hanging = new Promise<never>((_resolve, reject) => (giveUp = () => reject(new Error('dead'))));
        const dying = runIdempotent({ ...server.services, db: other.db }, claim, async (services) => {
          await book(services.db, { userId: anna.id, amount: -10, reason: 'message', at: services.now() });
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(services.db);
          backend(rows[0]!.pid);
          return hanging;
        });
        const dead = await pid;
        const busy = await sendWithKey(anna, ben, 'other-instance');
        expect(busy.status).toBe(409);
        expect(busy.body).toMatchObject({ error: 'idempotency_key_in_progress' });
        await sql`select pg_terminate_backend(${dead})`.execute(server.services.db);
        // The retry runs as soon as PostgreSQL has ended the dead connection (no stale time to wait for).
        const started = Date.now();
        let retry = await sendWithKey(anna, ben, 'other-instance');
        while (retry.status === 409 && Date.now() - started < 5_000)
          retry = await sendWithKey(anna, ben, 'other-instance');
        expect(retry.status).toBe(201);
        expect(await messagesFrom(anna.id)).toBe(1);
        expect(await balanceOf(server.services.db, anna.id)).toBe(20);
        expect((await sendWithKey(anna, ben, 'other-instance')).text).toBe(retry.text);
        // The dead request's own end: its rollback fails on the ended connection, and it answered nothing.
        giveUp();
        await expect(dying).rejects.toThrow();
      } finally {
        await other.close();
      }
    },
  );

  it('the action and its stored answer commit together: an action that fails after writing leaves nothing', async () => {
    const anna = await member(30);
    const claim = { scope: `member:${anna.id}`, route: 'POST /test', key: 'atomic', fingerprint: 'f' };
    await expect(
      runIdempotent(server.services, claim, async (services) => {
        await book(services.db, { userId: anna.id, amount: -10, reason: 'message', at: services.now() });
        await services.db
          .transaction()
          .execute((trx) => book(trx, { userId: anna.id, amount: -5, reason: 'gift', at: 0 }));
        throw new Error('crash after the action wrote');
      }),
    ).rejects.toThrow('crash after the action wrote');
    expect(await balanceOf(server.services.db, anna.id)).toBe(30);
    const left = await server.services.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', 'atomic')
      .execute();
    expect(left).toEqual([]);
  });

  it('opens the transaction at the first query, so slow work before it does not hold the database', async () => {
    const anna = await member(30);
    let release!: () => void;
    const decoded = new Promise<void>((resolve) => (release = resolve));
    const claim = { scope: `member:${anna.id}`, route: 'POST /test', key: 'lazy', fingerprint: 'f' };
    const running = runIdempotent(server.services, claim, async (services) => {
      await decoded; // an image being decoded, say
      await book(services.db, { userId: anna.id, amount: -10, reason: 'photo', at: services.now() });
      return { status: 201, body: { ok: true } };
    });
    // Meanwhile the database answers everyone else (SQLite's one connection is not held).
    const meanwhile = await anna.browser.get<{ user: { credits: number } }>('/api/user.php');
    expect(meanwhile.body.user.credits).toBe(30);
    release();
    expect(await running).toEqual({ status: 201, body: { ok: true }, replayed: false });
    expect(await balanceOf(server.services.db, anna.id)).toBe(20);
  });

  it('a chat photo sent twice with one key is stored and charged once', async () => {
    const sharp = (await import('sharp')).default;
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a5' } })
      .jpeg()
      .toBuffer();
    const [anna, ben] = [await member(100), await member()];
    const post = () =>
      anna.browser.request('POST', `/api/chat-photo.php?profile_id=${ben.id}`, {
        raw: image,
        headers: { 'content-type': 'image/jpeg', 'idempotency-key': 'photo-1' },
      });
    const [first, retry] = [await post(), await post()];
    expect(first.status).toBe(201);
    expect(retry.text).toBe(first.text);
    expect(await messagesFrom(anna.id)).toBe(1);
    const cost = server.services.brands.all().find((b) => b.domain === 'alpha.test')!.photo_credits;
    expect(await balanceOf(server.services.db, anna.id)).toBe(100 - cost);
  });

  it('refuses a malformed key before anything runs', async () => {
    const [anna, ben] = [await member(30), await member()];
    const res = await sendWithKey(anna, ben, 'x'.repeat(300));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'validation_failed', fields: { 'Idempotency-Key': expect.any(String) } });
    expect(await messagesFrom(anna.id)).toBe(0);
  });
});
