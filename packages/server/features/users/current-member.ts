import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Locale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { SESSION_COOKIE } from '../../http/request-context.ts';
import type { Services } from '../../services.ts';
import { isSanctioned, sanctionError } from '../reports/sanctions.ts';
import { selectMembers, type MemberRow } from './member-row.ts';

/** The logged-in member of a request, with the hash of the session they came with. */
export type CurrentMember = MemberRow & { sessionTokenHash: string };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The hash of the request's session cookie, or null when it has none that could be valid. */
function sessionTokenHash(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? hashToken(token) : null;
}

/**
 * Session -> member in one query. A session counts only on the brand the member signed up on,
 * so a cookie can never carry a member across brands. The session of a banned or suspended member
 * ends on this request, which answers `account_banned` / `account_suspended` (the client shows
 * /pages/ban): each of their devices learns it once, then is a visitor's.
 */
export async function loadCurrentMember(
  services: Services,
  request: FastifyRequest,
  brand: Brand,
  locale: Locale = 'en',
): Promise<CurrentMember | null> {
  const tokenHash = sessionTokenHash(request);
  if (!tokenHash) return null;
  const found = await selectMembers(services.db)
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .select(['u.sanction', 'u.sanction_ends_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', services.now())
    .where('u.brand', '=', brand.domain)
    .executeTakeFirst();
  if (!found) return null;
  const { sanction, sanction_ends_at, ...row } = found;
  const sanctioned = sanctionError({ sanction, sanction_ends_at }, locale, services.now());
  if (sanctioned) {
    await services.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    throw sanctioned;
  }
  return { ...row, sessionTokenHash: tokenHash };
}

export async function loadMemberById(services: Services, userId: number): Promise<MemberRow | undefined> {
  return selectMembers(services.db).where('u.id', '=', userId).executeTakeFirst();
}

/**
 * Session -> just who asks and whether they pay, by the same session rule as `loadCurrentMember`:
 * for requests (such as every image of a page) that need no more of the member.
 */
export async function loadSessionViewer(
  services: Services,
  request: FastifyRequest,
  brand: Brand,
): Promise<{ id: number; paid_user: number } | null> {
  const tokenHash = sessionTokenHash(request);
  if (!tokenHash) return null;
  const row = await services.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.paid_user'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', services.now())
    .where('u.brand', '=', brand.domain)
    // A banned or suspended member sees media as a visitor would.
    .where('u.sanction', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Whether a session (by its hash) still opens the member's account: not deleted or expired, and the
 * member not banned or suspended. The event stream asks it when a `session-ended` event arrives (one query).
 */
export async function sessionStillValid(services: Services, tokenHash: string): Promise<boolean> {
  const row = await services.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.sanction', 'u.sanction_ends_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', services.now())
    .executeTakeFirst();
  return row !== undefined && !isSanctioned(row, services.now());
}
