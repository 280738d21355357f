import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.ts';
import type { Db } from '../db/database.ts';
import { lazyTransaction } from '../db/lazy-transaction.ts';
import type { Services } from '../services.ts';
import { SESSION_COOKIE } from './request-context.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key and its first answer are kept (Stripe's 24 h). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/**
 * A claim older than this belongs to a request that died (its transaction rolled back, so nothing was
 * done): a retry may take the key over. Far longer than any request runs.
 */
export const IDEMPOTENCY_STALE_MS = 60_000;
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
 * malformed key is refused before anything runs.
 */
export function idempotencyClaim(
  request: FastifyRequest,
  route: string,
  memberId: number | null,
): IdempotencyClaim | null {
  const key = readIdempotencyKey(request);
  if (key === null) return null;
  return { scope: idempotencyScope(request, memberId), route, key, fingerprint: requestFingerprint(request) };
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
 * Keys belong to a member, else to a session cookie, else to the brand's visitors (whose keys must be
 * unguessable, as our client's UUIDs are).
 */
function idempotencyScope(request: FastifyRequest, memberId: number | null): string {
  if (memberId !== null) return `member:${memberId}`;
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

type Claimed = { kind: 'claimed'; id: number; lockedAt: number } | { kind: 'replay'; answer: StoredAnswer };

/**
 * Claims a key before its action runs. The row is committed on its own, so the unique index lets one
 * request run the action while the others see it: the first answer once done (422 if they carry
 * another request), 409 while it runs. Expired keys count as absent.
 */
async function claimKey(db: Db, claim: IdempotencyClaim, now: number): Promise<Claimed> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', claim.scope)
    .where('route', '=', claim.route)
    .where('key', '=', claim.key)
    .where('created_at', '<=', now - IDEMPOTENCY_KEY_TTL_MS)
    .execute();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ ...claim, status: 'in_progress', locked_at: now, created_at: now })
    .onConflict((oc) => oc.columns(['scope', 'route', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed', id: inserted.id, lockedAt: now };

  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', claim.scope)
    .where('route', '=', claim.route)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  // Gone between the insert and the select: its request failed and released it; the client retries.
  if (!row) throw new ApiError('idempotency_key_in_progress');
  if (row.fingerprint !== claim.fingerprint) throw new ApiError('idempotency_key_reused');
  if (row.status === 'done') {
    return { kind: 'replay', answer: { status: row.response_status!, body: JSON.parse(row.response_body!) } };
  }
  if (row.locked_at > now - IDEMPOTENCY_STALE_MS) throw new ApiError('idempotency_key_in_progress');
  const takenOver = await db
    .updateTable('idempotency_keys')
    .set({ locked_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'in_progress')
    .where('locked_at', '=', row.locked_at)
    .executeTakeFirst();
  if (Number(takenOver.numUpdatedRows) !== 1) throw new ApiError('idempotency_key_in_progress');
  return { kind: 'claimed', id: row.id, lockedAt: now };
}

/**
 * The services of an idempotent action: every query, and every `db.transaction()` the action opens,
 * runs in the one transaction that also stores the answer (opened at the action's first query), so
 * the action, its live events (written to `member_events` in that transaction) and its stored answer
 * commit together or not at all.
 */
function servicesInTransaction(services: Services, db: Db): Services {
  return { ...services, db };
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
 * answer again and changes nothing. A failed action stores nothing and releases the key (its
 * transaction rolled back), so a retry runs it again.
 *
 * With `transaction: false` the action's queries commit as they go (it calls another service over the
 * network, which must not hold a transaction open) and the answer is stored after it; a failed action
 * releases the key and must leave nothing a retry would double.
 */
export async function runIdempotent(
  services: Services,
  claim: IdempotencyClaim,
  action: (services: Services) => Promise<StoredAnswer>,
  { transaction = true }: { transaction?: boolean } = {},
): Promise<StoredAnswer & { replayed: boolean }> {
  const now = services.now();
  await purgeExpired(services.db, now);
  const claimed = await claimKey(services.db, claim, now);
  if (claimed.kind === 'replay') return { ...claimed.answer, replayed: true };
  if (!transaction) return { ...(await runCommitting(services, claimed, action)), replayed: false };

  const outer = lazyTransaction(services.db, services.engine);
  let answer: StoredAnswer;
  try {
    const result = await action(servicesInTransaction(services, outer.db));
    const body = JSON.stringify(result.body ?? {});
    const trx = await outer.open();
    const saved = await trx
      .updateTable('idempotency_keys')
      .set({ status: 'done', response_status: result.status, response_body: body })
      .where('id', '=', claimed.id)
      .where('status', '=', 'in_progress')
      .where('locked_at', '=', claimed.lockedAt)
      .executeTakeFirst();
    // Another request took the key over (this one ran past the stale limit): undo, it acts instead.
    if (Number(saved.numUpdatedRows) !== 1) throw new ApiError('idempotency_key_in_progress');
    await trx.commit().execute();
    // The first answer goes out exactly as a replay will: through the stored JSON.
    answer = { status: result.status, body: JSON.parse(body) as unknown };
  } catch (error) {
    await outer.rollback().catch(() => undefined);
    await services.db
      .deleteFrom('idempotency_keys')
      .where('id', '=', claimed.id)
      .where('status', '=', 'in_progress')
      .where('locked_at', '=', claimed.lockedAt)
      .execute();
    throw error;
  }
  return { ...answer, replayed: false };
}

/** `runIdempotent` for an action whose queries commit on their own: the answer is stored after it. */
async function runCommitting(
  services: Services,
  claimed: Extract<Claimed, { kind: 'claimed' }>,
  action: (services: Services) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const mine = (db: Db) =>
    db
      .updateTable('idempotency_keys')
      .where('id', '=', claimed.id)
      .where('status', '=', 'in_progress')
      .where('locked_at', '=', claimed.lockedAt);
  let result: StoredAnswer;
  try {
    result = await action(services);
  } catch (error) {
    await services.db
      .deleteFrom('idempotency_keys')
      .where('id', '=', claimed.id)
      .where('status', '=', 'in_progress')
      .where('locked_at', '=', claimed.lockedAt)
      .execute();
    throw error;
  }
  const body = JSON.stringify(result.body ?? {});
  await mine(services.db).set({ status: 'done', response_status: result.status, response_body: body }).execute();
  return { status: result.status, body: JSON.parse(body) as unknown };
}
