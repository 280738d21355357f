import { randomBytes } from 'node:crypto';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { hashToken } from '../users/current-member.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';
import { memberChanged } from '../users/member-cache.ts';

/** A reset link works for one hour, once. */
export const RESET_TOKEN_MS = 60 * 60_000;
/** Reset mails per address and day, counted whether or not the address has an account. */
export const RESET_MAILS_PER_DAY = 3;

/**
 * Records a reset request and, when the address has an account on this brand, creates a token for
 * it. Returns the secret (for the mail) or null; callers answer the same either way.
 */
export async function requestReset(
  services: Services,
  brand: Brand,
  emailNormalized: string,
): Promise<{ token: string; userId: number; name: string; email: string; language: string } | null> {
  const now = services.now();
  const key = `${brand.domain}|${emailNormalized}`;
  const recent = await services.db
    .selectFrom('password_reset_requests')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('key', '=', key)
    .where('created_at', '>', now - DAY_MS)
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= RESET_MAILS_PER_DAY) throw new ApiError('reset_limit');
  await services.db.insertInto('password_reset_requests').values({ key, created_at: now }).execute();

  const account = await services.db
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.id', 'u.id')
    .select(['u.id', 'u.email', 'u.language', 'p.name'])
    .where('u.brand', '=', brand.domain)
    .where('u.email_normalized', '=', emailNormalized)
    .where('u.password_hash', 'is not', null)
    .executeTakeFirst();
  if (!account) return null;
  const token = randomBytes(32).toString('base64url');
  await services.db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: account.id,
      created_at: now,
      expires_at: now + RESET_TOKEN_MS,
      used_at: null,
    })
    .execute();
  return { token, userId: account.id, name: account.name, email: account.email, language: account.language };
}

/**
 * Sets the new password with a valid token: the token and every other open token of the member are
 * used up, and every existing session ends (whoever knew the old password is logged out).
 */
export async function completeReset(
  services: Services,
  brand: Brand,
  token: string,
  password: string,
): Promise<number> {
  const passwordHash = await services.passwords.hash(password);
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('password_reset_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.user_id', 't.expires_at', 't.used_at'])
      .where('t.token_hash', '=', hashToken(token))
      .where('u.brand', '=', brand.domain)
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= now) throw new ApiError('reset_link_invalid');
    const used = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) < 1) throw new ApiError('reset_link_invalid');
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', row.user_id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
    await memberChanged(trx, row.user_id);
    return row.user_id;
  });
}
