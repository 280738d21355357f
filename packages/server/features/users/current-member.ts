import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Locale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { SESSION_COOKIE } from '../../http/request-context.ts';
import type { Services } from '../../services.ts';
import { isSanctioned, sanctionError } from '../reports/sanctions.ts';
import { compiledQuery } from '../../db/compiled-query.ts';
import type { Db } from '../../db/database.ts';
import { memberChanged, type SessionMember } from './member-cache.ts';
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

/** Session -> member, sanction and session end in one query (compiled once: it runs on most requests). */
const memberBySession = compiledQuery((db: Db, p: { tokenHash: string; now: number; brand: string }) =>
  selectMembers(db)
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .select(['u.sanction', 'u.sanction_ends_at', 's.expires_at as session_expires_at'])
    .where('s.token_hash', '=', p.tokenHash)
    .where('s.expires_at', '>', p.now)
    .where('u.brand', '=', p.brand),
);

/**
 * The session's member as `memberBySession` finds it, from the member cache for a few seconds
 * (member-cache.ts); whether the session is over and the member sanctioned is decided on each request
 * from what it holds, by the clock of now.
 */
async function sessionMember(services: Services, tokenHash: string, brand: Brand): Promise<SessionMember | null> {
  const now = services.now();
  const cached = services.memberCache.get(tokenHash);
  if (cached) return cached.brand === brand.domain && cached.session_expires_at > now ? cached : null;
  const found = await services.memberCache.read(tokenHash, `${tokenHash} ${brand.domain}`, () =>
    memberBySession.first(services.db, { tokenHash, now, brand: brand.domain }),
  );
  // Read for a request that came a moment earlier, at most: the session's end is checked by this one's clock.
  return found && found.session_expires_at > now ? found : null;
}

/**
 * Session -> member. A session counts only on the brand the member signed up on,
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
  const found = await sessionMember(services, tokenHash, brand);
  if (!found) return null;
  const { sanction, sanction_ends_at, session_expires_at: _expires, ...row } = found;
  const sanctioned = sanctionError({ sanction, sanction_ends_at }, locale, services.now());
  if (sanctioned) {
    await services.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    // Every instance: the session is gone, so its next request anywhere is a visitor's.
    await memberChanged(services.db, row.id);
    throw sanctioned;
  }
  return { ...row, sessionTokenHash: tokenHash };
}

export async function loadMemberById(services: Services, userId: number): Promise<MemberRow | undefined> {
  return memberById.first(services.db, { userId });
}

const memberById = compiledQuery((db: Db, p: { userId: number }) => selectMembers(db).where('u.id', '=', p.userId));

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
  const found = await sessionMember(services, tokenHash, brand);
  // A banned or suspended member sees media as a visitor would.
  if (!found || found.sanction !== null) return null;
  return { id: found.id, paid_user: found.paid_user };
}

/**
 * Whether a session (by its hash) still opens the member's account: not deleted or expired, and the
 * member not banned or suspended. The event stream asks it when a `session-ended` event arrives (one query).
 */
export async function sessionStillValid(services: Services, tokenHash: string): Promise<boolean> {
  const row = await sessionSanction.first(services.db, { tokenHash, now: services.now() });
  return row !== undefined && !isSanctioned(row, services.now());
}

/** Never from the cache: it is asked because the session may just have ended. */
const sessionSanction = compiledQuery((db: Db, p: { tokenHash: string; now: number }) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.sanction', 'u.sanction_ends_at'])
    .where('s.token_hash', '=', p.tokenHash)
    .where('s.expires_at', '>', p.now),
);
