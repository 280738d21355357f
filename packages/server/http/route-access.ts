import type { FastifyRequest } from 'fastify';
import type { Locale } from '@datekit/runtime/data/locales';
import type { ErrorCode } from '@datekit/runtime/errors';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ApiError, authenticationRequired } from '../errors/api-error.ts';
import { isOperatorApi, isOperatorHost } from '../features/operator/operator-host.ts';
import { loadCurrentOperator, type CurrentOperator } from '../features/operator/operator-sessions.ts';
import { mayDo, type Permission } from '../features/operator/permissions.ts';
import { loadCurrentMember, type CurrentMember } from '../features/users/current-member.ts';
import type { Services } from '../services.ts';

/**
 * Who may call a route on a brand's host: anyone (`none`, no session read), anyone with the member's
 * session read when there is one (`optional`), signed-in members only (`member`).
 */
export type MemberAuth = 'none' | 'optional' | 'member';

/**
 * Who may call a route of the operator API (/api/operator/, the operator host only): anyone
 * (`public`: the sign-in steps), any signed-in operator (`signed-in`), or the operators whose role has
 * this permission of the role table (permissions.ts).
 */
export type OperatorAccess = 'public' | 'signed-in' | Permission;

/**
 * A route says who may call it in one of two fields, never both: `auth` (a brand's host, members) or
 * `access` (the operator host, operators). Which one it has is the route's surface. `defineRoute`
 * infers `A` through this union.
 */
export type Gate<A> = { auth: A & MemberAuth; access?: never } | { access: A & OperatorAccess; auth?: never };

/** The gate of a known `A`: the one field it has (`Gate` keeps both arms, one of them impossible). */
export type GateOf<A> = [A] extends [MemberAuth]
  ? { auth: A; access?: never }
  : [A] extends [OperatorAccess]
    ? { access: A; auth?: never }
    : Gate<A>;

/** The caller a route's gate let through. */
export interface Caller {
  member: CurrentMember | null;
  operator: CurrentOperator | null;
}

type GatedRoute = { url: string; auth?: MemberAuth | undefined; access?: OperatorAccess | undefined };

/** Whether the route belongs to the operator API (has `access`) rather than a brand's API. */
export function isOperatorRoute(route: GatedRoute): route is GatedRoute & { access: OperatorAccess } {
  return route.access !== undefined;
}

/**
 * Refuses at start-up a route whose URL and gate disagree: the operator host's onRequest hook answers
 * only /api/operator/ there and 404s it on brand hosts, so an operator route must live under it and a
 * member route must not.
 */
export function checkGate(route: GatedRoute & { method: string }): void {
  if (isOperatorRoute(route) === isOperatorApi(route.url)) return;
  const rule = isOperatorRoute(route)
    ? 'a route with `access` must live under /api/operator/'
    : 'a route under /api/operator/ needs `access`, not `auth`';
  throw new Error(`${route.method} ${route.url}: ${rule}`);
}

/**
 * The first check of an operator route: it answers on the operator host only, 404 on every brand host
 * (as a path that does not exist there; the app's onRequest hook says so too, before any route).
 */
export function guardHost(route: GatedRoute, services: Services, request: FastifyRequest): void {
  if (isOperatorRoute(route) && !isOperatorHost(request, services.config)) throw new ApiError('not_found');
}

/**
 * Lets the caller through or refuses them. Operator routes: a signed-in active operator (403
 * `authentication_required`; a member's session is no operator's) whose role has the permission (403
 * `operator_forbidden`). Member routes: the member's session as `auth` asks (403
 * `authentication_required` for `member` without one).
 */
export async function admit(
  route: GatedRoute,
  services: Services,
  request: FastifyRequest,
  brand: Brand | null,
  locale: Locale,
): Promise<Caller> {
  if (isOperatorRoute(route)) {
    if (route.access === 'public') return { member: null, operator: null };
    const operator = await loadCurrentOperator(services, request);
    if (!operator) throw authenticationRequired();
    if (route.access !== 'signed-in' && !mayDo(operator.role, route.access)) throw new ApiError('operator_forbidden');
    return { member: null, operator };
  }
  // A brand route only runs on a brand's host: the onRequest hook answers unknown_host elsewhere.
  const member = route.auth === 'none' ? null : await loadCurrentMember(services, request, brand!, locale);
  if (route.auth === 'member' && !member) throw authenticationRequired();
  return { member, operator: null };
}

/** The error codes the gate itself may answer, for `routeErrors`. */
export function gateErrors(route: GatedRoute): ErrorCode[] {
  if (isOperatorRoute(route)) {
    // not_found: the operator API asked on a brand's host.
    return route.access === 'public' ? ['not_found'] : ['not_found', 'authentication_required', 'operator_forbidden'];
  }
  if (route.auth === 'none') return [];
  // A banned or suspended member's session ends on whatever request it makes next.
  const ended: ErrorCode[] = ['account_banned', 'account_suspended'];
  return route.auth === 'member' ? ['authentication_required', ...ended] : ended;
}

/** The idempotency keys' owner: the member or operator the request acts for, else none. */
export function callerScope(caller: Caller): string | null {
  if (caller.member) return `member:${caller.member.id}`;
  if (caller.operator) return `operator:${caller.operator.id}`;
  return null;
}
