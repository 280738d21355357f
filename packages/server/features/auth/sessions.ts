import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AUTH_COOKIE_DAYS } from '@datekit/runtime/rules/constants';
import { SESSION_COOKIE } from '../../http/request-context.ts';
import { deleteSessionSubscriptions } from '../../push/subscriptions.ts';
import type { Services } from '../../services.ts';
import { hashToken } from '../users/current-member.ts';
import { recordSignIn, type SignInContext } from './sign-ins.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';
import { memberChanged } from '../users/member-cache.ts';

/**
 * Starts a session: 256 random bits in an HttpOnly cookie; only its hash is stored. The sign-in is
 * recorded (how, and where from) in the same transaction.
 */
export async function startSession(
  services: Services,
  reply: FastifyReply,
  userId: number,
  signIn: SignInContext,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now,
        expires_at: now + AUTH_COOKIE_DAYS * DAY_MS,
      })
      .execute();
    await recordSignIn(trx, { userId, at: now, outcome: 'ok', ...signIn });
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: services.config.secureCookies,
    maxAge: AUTH_COOKIE_DAYS * 86_400,
  });
}

export async function endSession(
  services: Services,
  reply: FastifyReply,
  tokenHash: string | undefined,
): Promise<void> {
  if (tokenHash) {
    const ended = await services.db
      .deleteFrom('sessions')
      .where('token_hash', '=', tokenHash)
      .returning('user_id')
      .executeTakeFirst();
    services.memberCache.forgetSession(tokenHash);
    if (ended) await memberChanged(services.db, ended.user_id);
    await deleteSessionSubscriptions(services.db, tokenHash);
  }
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: services.config.secureCookies,
  });
}
