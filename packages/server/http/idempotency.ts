import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ApiError } from '../errors/api-error.ts';
import type { Db } from '../db/database.ts';
import { lazyTransaction } from '../db/lazy-transaction.ts';
import type { Services } from '../services.ts';
import { SESSION_COOKIE } from './request-context.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key and its first answer are kept (Stripe's 24 h). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/** Keys are opaque strings of printable ASCII (a UUID from our client). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Whose keys these are, the route, the key and a fingerprint of the request it came with. */
export interface IdempotencyClaim {
  scope: string;
  route: string;
  key: string;
  fingerprint: string;
}

/** The answer of a request, as it is stored and replayed. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * The claim a request makes on a route (`POST /api/message.php`), or null when it sends no key. A
 * malformed key is refused before anything runs. `owner` is who the request acts for (`member:12`,
 * `operator:3`), or null for a visitor.
 */
export function idempotencyClaim(
  request: FastifyRequest,
  route: string,
  owner: string | null,
): IdempotencyClaim | null {
  const key = readIdempotencyKey(request);
  if (key === null) return null;
  return { scope: idempotencyScope(request, owner), route, key, fingerprint: requestFingerprint(request) };
}

function readIdempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw new ApiError(
      'validation_failed',
      {},
      { fields: { 'Idempotency-Key': 'Use 1 to 255 printable ASCII characters, e.g. a UUID.' } },
    );
  }
  return value;
}

/**
 * Keys belong to a member or an operator, else to a session cookie, else to the brand's visitors
 * (whose keys must be unguessable, as our client's UUIDs are).
 */
function idempotencyScope(request: FastifyRequest, owner: string | null): string {
  if (owner !== null) return owner;
  const session = request.cookies[SESSION_COOKIE];
  if (session) return `session:${sha256(session)}`;
  return `visitor:${request.brand?.domain ?? ''}`;
}

/** The same key may only repeat the same request: its query and its body (raw bytes or parsed JSON). */
function requestFingerprint(request: FastifyRequest): string {
  const body = Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body ?? null);
  return createHash('sha256')
    .update(JSON.stringify(request.query ?? {}))
    .update('\n')
    .update(body)
    .digest('hex');
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The keys whose request runs in this process now, per database: the claim on SQLite, whose one
 * process is the only one that writes. It ends with the request, or with the process.
 */
const claimedHere = new WeakMap<Db, Set<string>>();

/** Claims the key in this process, or refuses with 409 while another request of it holds it. */
function claimInProcess(db: Db, claim: IdempotencyClaim): () => void {
  const claimed = claimedHere.get(db) ?? new Set<string>();
  claimedHere.set(db, claimed);
  const id = `${claim.scope}\n${claim.route}\n${claim.key}`;
  if (claimed.has(id)) throw new ApiError('idempotency_key_in_progress');
  claimed.add(id);
  return () => claimed.delete(id);
}

/**
 * The advisory lock that is the claim on PostgreSQL, shared by every instance: a 64-bit hash of the
 * schema (schemas sharing a database never meet), scope, route and key. A collision only answers 409
 * to a request that the client then retries.
 */
const lockId = (claim: IdempotencyClaim) =>
  sql`hashtextextended(current_schema() || ${`\n${claim.scope}\n${claim.route}\n${claim.key}`}, 0)`;

/**
 * Takes the claim's lock without waiting, for the transaction (released at its commit or rollback) or
 * for the session of a connection the caller holds. Either way the lock dies with the connection: a
 * process killed mid-request releases its claims as soon as PostgreSQL sees its connections close.
 */
async function tryLock(db: Db, claim: IdempotencyClaim, holder: 'transaction' | 'session'): Promise<boolean> {
  const take = holder === 'transaction' ? sql`pg_try_advisory_xact_lock` : sql`pg_try_advisory_lock`;
  const { rows } = await sql<{ locked: boolean }>`select ${take}(${lockId(claim)}) as locked`.execute(db);
  return rows[0]!.locked;
}

/**
 * The answer stored for the key, read by the request that holds its claim: null when there is none
 * (or it expired), 422 when the key came with another request. Rows without an answer are claims
 * written by versions before the lock, by processes that died or are finishing: no request of this
 * version waits on them, and such a process's own answer then fails to store and rolls back.
 */
async function storedAnswer(db: Db, claim: IdempotencyClaim, now: number): Promise<StoredAnswer | null> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', claim.scope)
    .where('route', '=', claim.route)
    .where('key', '=', claim.key)
    .where((eb) => eb.or([eb('created_at', '<=', now - IDEMPOTENCY_KEY_TTL_MS), eb('status', '!=', 'done')]))
    .execute();
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'response_status', 'response_body'])
    .where('scope', '=', claim.scope)
    .where('route', '=', claim.route)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.fingerprint !== claim.fingerprint) throw new ApiError('idempotency_key_reused');
  return { status: row.response_status!, body: JSON.parse(row.response_body!) as unknown };
}

/**
 * Stores the answer, as JSON (`status` 'done'; `locked_at` is the time, as in every row), and answers
 * it as a replay will: through that JSON. Null when a row for the key appeared meanwhile (a request of
 * an older version acted): the caller rolls back.
 */
async function storeAnswer(
  db: Db,
  claim: IdempotencyClaim,
  result: StoredAnswer,
  now: number,
): Promise<StoredAnswer | null> {
  const body = JSON.stringify(result.body ?? {});
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      ...claim,
      status: 'done',
      locked_at: now,
      created_at: now,
      response_status: result.status,
      response_body: body,
    })
    .onConflict((oc) => oc.columns(['scope', 'route', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? { status: result.status, body: JSON.parse(body) as unknown } : null;
}

/**
 * The services of an idempotent action: every query, and every `db.transaction()` the action opens,
 * runs in the one transaction that also stores the answer (opened at the action's first query), so
 * the action, its live events (written to `member_events` in that transaction) and its stored answer
 * commit together or not at all.
 */
function servicesInTransaction(services: Services, db: Db): Services {
  return { ...services, db, reads: db };
}

/** When each database's expired keys were last deleted (one process may serve several: tests, benches). */
const lastPurges = new WeakMap<Db, number>();

/** Deletes expired keys, at most once a minute per process and database. */
async function purgeExpired(db: Db, now: number): Promise<void> {
  const lastPurge = lastPurges.get(db) ?? 0;
  if (now - lastPurge < 60_000 && now >= lastPurge) return;
  lastPurges.set(db, now);
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<=', now - IDEMPOTENCY_KEY_TTL_MS)
    .execute();
}

/**
 * Runs `action` at most once per key (Stripe's model). The first request claims the key, runs the
 * action and stores its answer in the action's own transaction; a retry with the same key gets that
 * answer again and changes nothing. A failed action stores nothing, so a retry runs it again.
 *
 * The claim never outlives the request that made it: on PostgreSQL it is an advisory lock of the
 * action's transaction (every instance sees it; PostgreSQL drops it with the connection of a process
 * that died), on SQLite a mark in this process. So a retry after a crash runs at once (or replays the
 * answer, if the first attempt committed), while a duplicate sent while the first still runs gets 409.
 *
 * With `transaction: false` the action's queries commit as they go (it calls another service over the
 * network, which must not hold a transaction open) and the answer is stored after it; a failed action
 * must leave nothing a retry would double.
 */
export async function runIdempotent(
  services: Services,
  claim: IdempotencyClaim,
  action: (services: Services) => Promise<StoredAnswer>,
  { transaction = true }: { transaction?: boolean } = {},
): Promise<StoredAnswer & { replayed: boolean }> {
  const now = services.now();
  const run = transaction ? runInTransaction : runCommitting;
  if (services.engine === 'postgres') {
    await purgeExpired(services.db, now);
    return run(services, claim, action, now);
  }
  // Before any query: SQLite's one connection may be held by the very request that holds the claim.
  const release = claimInProcess(services.db, claim);
  try {
    await purgeExpired(services.db, now);
    return await run(services, claim, action, now);
  } finally {
    release();
  }
}

type Run = (
  services: Services,
  claim: IdempotencyClaim,
  action: (services: Services) => Promise<StoredAnswer>,
  now: number,
) => Promise<StoredAnswer & { replayed: boolean }>;

/** The action and its answer in one transaction; on PostgreSQL that transaction holds the claim. */
const runInTransaction: Run = async (services, claim, action, now) => {
  const outer = lazyTransaction(services.db, services.engine);
  try {
    let reader = services.db;
    if (services.engine === 'postgres') {
      // The claim is this transaction's, so it opens now; on SQLite it opens at the action's first query.
      reader = await outer.open();
      if (!(await tryLock(reader, claim, 'transaction'))) throw new ApiError('idempotency_key_in_progress');
    }
    const stored = await storedAnswer(reader, claim, now);
    if (stored) {
      await outer.rollback();
      return { ...stored, replayed: true };
    }
    const result = await action(servicesInTransaction(services, outer.db));
    const trx = await outer.open();
    const answer = await storeAnswer(trx, claim, result, now);
    if (!answer) throw new ApiError('idempotency_key_in_progress');
    await trx.commit().execute();
    return { ...answer, replayed: false };
  } catch (error) {
    await outer.rollback().catch(() => undefined);
    throw error;
  }
};

/**
 * An action whose queries commit on their own, its answer stored after it. On PostgreSQL the claim is
 * a session lock of one connection held for the request, which the action's queries use too (so a
 * request never waits for a second connection while holding one); it is unlocked at the end.
 */
const runCommitting: Run = async (services, claim, action, now) => {
  const act = async (db: Db) => {
    const stored = await storedAnswer(db, claim, now);
    if (stored) return { ...stored, replayed: true };
    const result = await action({ ...services, db });
    // Null only when a request of an older version stored first: the action ran anyway, and its answer is true.
    const answer = (await storeAnswer(db, claim, result, now)) ?? result;
    return { ...answer, replayed: false };
  };
  if (services.engine !== 'postgres') return act(services.db);
  return services.db.connection().execute(async (db) => {
    if (!(await tryLock(db, claim, 'session'))) throw new ApiError('idempotency_key_in_progress');
    try {
      return await act(db);
    } finally {
      await sql`select pg_advisory_unlock(${lockId(claim)})`.execute(db);
    }
  });
};
