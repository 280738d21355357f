import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Brand } from '@datekit/runtime';
import { SESSION_COOKIE } from '../../http/request-context.ts';
import type { Services } from '../../services.ts';
import { selectMembers, type MemberRow } from './member-row.ts';

/** The logged-in member of a request, with the hash of the session they came with. */
export type CurrentMember = MemberRow & { sessionTokenHash: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Session -> member in one query. A session counts only on the brand the member signed up on,
 * so a cookie can never carry a member across brands.
 */
export async function loadCurrentMember(
  services: Services,
  request: FastifyRequest,
  brand: Brand,
): Promise<CurrentMember | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = await selectMembers(services.db)
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', services.now())
    .where('u.brand', '=', brand.domain)
    .executeTakeFirst();
  return row ? { ...row, sessionTokenHash: tokenHash } : null;
}

export async function loadMemberById(services: Services, userId: number): Promise<MemberRow | undefined> {
  return selectMembers(services.db).where('u.id', '=', userId).executeTakeFirst();
}
