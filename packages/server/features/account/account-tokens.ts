import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountTokensTable, Database } from '../../db/schema.ts';
import { ApiError } from '../../errors/api-error.ts';
import { hashToken } from '../users/current-member.ts';

type Kind = AccountTokensTable['kind'];

/**
 * Creates a single-use link secret of `kind` (stored hashed); earlier open tokens of the same kind
 * stop working, so only the newest link counts.
 */
export async function createAccountToken(
  db: Kysely<Database>,
  input: { userId: number; kind: Kind; now: number; ttlMs: number; newEmail?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .updateTable('account_tokens')
    .set({ used_at: input.now })
    .where('user_id', '=', input.userId)
    .where('kind', '=', input.kind)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      kind: input.kind,
      new_email: input.newEmail ?? null,
      created_at: input.now,
      expires_at: input.now + input.ttlMs,
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses a token of `kind` on `brand` once: answers its user and new e-mail, or throws
 * `reset_link_invalid` ("Link expired or invalid") for an unknown, used or expired one.
 */
export async function consumeAccountToken(
  trx: Kysely<Database>,
  input: { token: string; kind: Kind; brand: string; now: number },
): Promise<{ userId: number; newEmail: string | null }> {
  const row = await trx
    .selectFrom('account_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.token_hash', 't.user_id', 't.new_email', 't.expires_at', 't.used_at'])
    .where('t.token_hash', '=', hashToken(input.token))
    .where('t.kind', '=', input.kind)
    .where('u.brand', '=', input.brand)
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= input.now) throw new ApiError('reset_link_invalid');
  const used = await trx
    .updateTable('account_tokens')
    .set({ used_at: input.now })
    .where('token_hash', '=', row.token_hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new ApiError('reset_link_invalid');
  return { userId: row.user_id, newEmail: row.new_email };
}
