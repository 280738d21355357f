import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { AUTH_COOKIE_DAYS } from '@datekit/runtime';
import { SESSION_COOKIE } from '../../http/request-context.ts';
import type { Services } from '../../services.ts';
import { hashToken } from '../users/current-member.ts';

const DAY_MS = 86_400_000;

/** Starts a session: 256 random bits in an HttpOnly cookie; only its hash is stored. */
export async function startSession(services: Services, reply: FastifyReply, userId: number): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = services.now();
  await services.db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + AUTH_COOKIE_DAYS * DAY_MS,
    })
    .execute();
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
  if (tokenHash) await services.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: services.config.secureCookies,
  });
}
