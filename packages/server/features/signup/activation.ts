import { randomBytes } from 'node:crypto';
import type { Locale } from '@datekit/runtime/data/locales.ts';
import type { Brand } from '@datekit/runtime/schemas/brand/index.ts';
import type { Db } from '../../db/database.ts';
import { brandSender, linkMail } from '../../mail/templates/link-mail.ts';
import type { Services } from '../../services.ts';
import { hashToken } from '../users/current-member.ts';

export const ACTIVATION_TOKEN_DAYS = 7;

/** Creates a single-use activation token (stored hashed) and returns the secret for the link. */
export async function createActivationToken(db: Db, userId: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('activation_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + ACTIVATION_TOKEN_DAYS * 86_400_000,
      used_at: null,
    })
    .execute();
  return token;
}

export async function sendActivationMail(
  services: Services,
  input: { brand: Brand; origin: string; locale: Locale; to: string; name: string; token: string },
): Promise<void> {
  const link = `${input.origin}/api/activate.php?token=${encodeURIComponent(input.token)}`;
  const from = brandSender(input.brand, services.config.mailFrom);
  const { brand, locale, to, name } = input;
  await services.mailer.send(
    linkMail({ kind: 'activation', brand, locale, translate: services.translate, from, to, name, link }),
  );
}

export type ActivationResult =
  { status: 'activated'; userId: number } | { status: 'already_active' } | { status: 'failed' };

/**
 * Uses a token: the account becomes active, the profile visible, and the brand's signup credits are
 * booked once (the ledger's unique reason+ref makes a second booking impossible, even concurrently).
 */
export async function activate(services: Services, brand: Brand, token: string): Promise<ActivationResult> {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('activation_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.token_hash', 't.user_id', 't.expires_at', 't.used_at', 'u.status'])
      .where('t.token_hash', '=', hashToken(token))
      .where('u.brand', '=', brand.domain)
      .executeTakeFirst();
    if (!row) return { status: 'failed' };
    if (row.used_at !== null) return row.status === 'active' ? { status: 'already_active' } : { status: 'failed' };
    if (row.expires_at <= now) return { status: 'failed' };

    const used = await trx
      .updateTable('activation_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', row.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return { status: 'already_active' };
    await trx.updateTable('users').set({ status: 'active', activated_at: now }).where('id', '=', row.user_id).execute();
    await trx.updateTable('profiles').set({ status: 'active' }).where('id', '=', row.user_id).execute();
    if (brand.signup_credits > 0) {
      await trx
        .insertInto('credit_ledger')
        .values({
          user_id: row.user_id,
          amount: brand.signup_credits,
          reason: 'signup_bonus',
          ref: `user:${row.user_id}`,
          note: null,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['reason', 'ref']).doNothing())
        .execute();
    }
    return { status: 'activated', userId: row.user_id };
  });
}
