import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { hashToken } from '../users/current-member.ts';
import type { OperatorRole } from './permissions.ts';

/** The console's own cookie: never a member's `dk_session`, and host-only (no Domain attribute). */
export const OPERATOR_COOKIE = 'dk_operator';
/** A working day and some: then the operator signs in again, with a fresh TOTP code. */
export const OPERATOR_SESSION_MS = 12 * 3600_000;

export interface CurrentOperator {
  id: number;
  email: string;
  role: OperatorRole;
  sessionTokenHash: string;
}

export async function startOperatorSession(services: Services, reply: FastifyReply, operatorId: number) {
  const token = randomBytes(32).toString('base64url');
  const now = services.now();
  await services.db
    .insertInto('operator_sessions')
    .values({
      token_hash: hashToken(token),
      operator_id: operatorId,
      created_at: now,
      expires_at: now + OPERATOR_SESSION_MS,
    })
    .execute();
  reply.setCookie(OPERATOR_COOKIE, token, {
    path: '/',
    httpOnly: true,
    // Strict: the console is never entered from a link on another site with its session.
    sameSite: 'strict',
    secure: services.config.secureCookies,
    maxAge: OPERATOR_SESSION_MS / 1000,
  });
}

/** The signed-in, active operator of a request, or null (no cookie, expired, disabled). */
export async function loadCurrentOperator(
  services: Services,
  request: FastifyRequest,
): Promise<CurrentOperator | null> {
  const token = request.cookies[OPERATOR_COOKIE];
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = await services.db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['o.id', 'o.email', 'o.role'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', services.now())
    .where('o.status', '=', 'active')
    .executeTakeFirst();
  return row ? { ...row, sessionTokenHash: tokenHash } : null;
}

export async function endOperatorSession(services: Services, reply: FastifyReply, tokenHash: string | undefined) {
  if (tokenHash) await services.db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
  reply.clearCookie(OPERATOR_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: services.config.secureCookies,
  });
}
