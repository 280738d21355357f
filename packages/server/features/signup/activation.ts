import { randomBytes } from 'node:crypto';
import type { Locale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Db } from '../../db/database.ts';
import { brandSender, linkMail } from '../../mail/templates/link-mail.ts';
import type { Services } from '../../services.ts';
import { hashToken } from '../users/current-member.ts';
import { findConversation, startConversation } from '../chat/conversations.ts';
import { book } from '../credits/ledger.ts';
import { queuePostbacks } from '../postbacks/queue-postbacks.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { memberChanged } from '../users/member-cache.ts';

/**
 * The message written while signing up to contact a member (/members/{id}/signup) becomes the first
 * message of their conversation once the account is active — free, as part of the signup. Until
 * then the sender is unconfirmed and could not be answered anyway.
 */
async function deliverSignupMessage(
  trx: Kysely<Database>,
  input: { brand: string; from: number; to: number; text: string; at: number },
) {
  const conversationId = (await findConversation(trx, input.from, input.to)) ?? (await startConversation(trx, input));
  await trx
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      sender_id: input.from,
      kind: 'text',
      body: input.text,
      gift_id: null,
      photo_filename: null,
      created_at: input.at,
    })
    .execute();
  await trx
    .updateTable('conversation_members')
    .set((eb) => ({ unread: eb('unread', '+', 1) }))
    .where('conversation_id', '=', conversationId)
    .where('member_id', '=', input.to)
    .execute();
}

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
      .select([
        't.token_hash',
        't.user_id',
        't.expires_at',
        't.used_at',
        'u.status',
        'u.signup_message',
        'u.signup_target_id',
      ])
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
    await memberChanged(trx, row.user_id);
    // The double opt-in (the e-mail address confirmed): once, as the token is used once.
    await queuePostbacks(trx, { event: 'doi', userId: row.user_id }, now);
    if (brand.signup_credits > 0) {
      await book(trx, {
        userId: row.user_id,
        amount: brand.signup_credits,
        reason: 'signup_bonus',
        ref: `user:${row.user_id}`,
        once: true,
        at: now,
      });
    }
    if (row.signup_message && row.signup_target_id) {
      await deliverSignupMessage(trx, {
        brand: brand.domain,
        from: row.user_id,
        to: row.signup_target_id,
        text: row.signup_message,
        at: now,
      });
    }
    return { status: 'activated', userId: row.user_id };
  });
}
