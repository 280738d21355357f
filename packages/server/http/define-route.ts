import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Locale } from '@datekit/runtime/data/locales';
import type { ErrorCode } from '@datekit/runtime/errors';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { RouteContract } from '@datekit/runtime/api/contract';
import { ApiError } from '../errors/api-error.ts';
import type { CurrentOperator } from '../features/operator/operator-sessions.ts';
import type { CurrentMember } from '../features/users/current-member.ts';
import type { RateLimitRule } from '../ops/rate-limits.ts';
import type { Services } from '../services.ts';
import { idempotencyClaim, runIdempotent } from './idempotency.ts';
import { isCrossSiteWrite } from './origin.ts';
import { checkAnswer, serializerSchema } from './response-schema.ts';
import { noneMatch, SerializedAnswer } from './serialized-answer.ts';
import { checkErrorDocumented } from './route-errors.ts';
import { zodIssuesToFields } from './validation.ts';
import { requestLocale } from './request-context.ts';
import {
  admit,
  callerScope,
  checkGate,
  guardHost,
  type Gate,
  type GateOf,
  type MemberAuth,
  type OperatorAccess,
} from './route-access.ts';

export type { MemberAuth, OperatorAccess } from './route-access.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call a route: a member gate (brand hosts) or an operator gate (the operator host). */
export type Access = MemberAuth | OperatorAccess;

export interface RouteContext<Body, Query, A extends Access> {
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  /** The brand whose host was asked; the operator host is no brand's. */
  brand: A extends MemberAuth ? Brand : null;
  locale: Locale;
  member: A extends 'member' ? CurrentMember : A extends 'optional' ? CurrentMember | null : null;
  operator: A extends MemberAuth | 'public' ? null : CurrentOperator;
  body: Body;
  query: Query;
}

/** Everything a route says but who may call it (its `Gate`). */
export interface RouteFields<B extends z.ZodType, Q extends z.ZodType, R extends z.ZodType, A extends Access> {
  method: Method;
  url: string;
  summary: string;
  body?: B;
  query?: Q;
  /**
   * The success answer: Fastify serialises through it (undeclared fields are dropped), the OpenAPI
   * document shows it, and the browser runtime's types derive from it.
   */
  response?: R;
  status?: number;
  /**
   * Error codes the handler itself may answer. Those that follow from this spec (client header,
   * authentication, validation) are added by `routeErrors`; the API tests fail on a code not listed.
   */
  errors?: readonly ErrorCode[];
  /**
   * Writes require the client-request header (spec §7), which a cross-site form or image cannot send:
   * our CSRF guard beside SameSite cookies. Only beacons, which cannot set headers, opt out.
   */
  clientHeader?: boolean;
  /**
   * Takes writes from other sites (skips the cross-site check). Only for routes whose credential is in
   * the request itself, never a cookie: the one-click unsubscribe a mail client POSTs (RFC 8058).
   */
  allowCrossSite?: boolean;
  /** At most so many requests per client and window (a rule from RATE_LIMITS); 429 with Retry-After beyond. */
  rateLimit?: RateLimitRule;
  /**
   * Accepts an `Idempotency-Key` header (for writes that spend credits or create things): the handler
   * runs once per key, caller (member or operator) and route, in one transaction with its stored answer; a retry gets the
   * first answer. The handler must return its answer, not reply itself.
   * `'own-commits'`: for a handler that calls another service over the network (a payment provider),
   * which must not run while a database transaction is held open. Its queries commit as they go and
   * the answer is stored after them: a retry gets the first answer; only a process that dies between
   * the handler's writes and the stored answer leaves no answer, and a retry runs the handler again.
   */
  idempotent?: boolean | 'own-commits';
  /**
   * Answers the response body, or nothing when it already replied (a redirect). A SerializedAnswer
   * (from an AnswerCache) is sent as the bytes the response schema made of it once.
   */
  handler: (
    ctx: RouteContext<z.output<B>, z.output<Q>, A>,
  ) => Promise<z.output<R> | SerializedAnswer<z.output<R>> | undefined>;
}

/**
 * A route of the API. Who may call it is its gate, one of two fields: `auth` for a brand's host
 * (`none`, `optional`, `member`: 403 authentication_required without a session) or `access` for the
 * operator API under /api/operator/, answered on the operator host only (`public`, `signed-in` or a
 * permission of the role table: 403 authentication_required / operator_forbidden).
 */
export type RouteSpec<B extends z.ZodType, Q extends z.ZodType, R extends z.ZodType, A extends Access> = RouteFields<
  B,
  Q,
  R,
  A
> &
  GateOf<A>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRouteSpec = RouteSpec<any, any, any, Access> & { contract?: RouteContract };
/** A route of the operator API (OPERATOR_ROUTES). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperatorRoute = RouteFields<any, any, any, Access> & { access: OperatorAccess; auth?: never };

/** A contract's schema of `key`, or the open schema a route without one has. */
type ContractSchema<C, K extends 'body' | 'query' | 'response'> = C extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? S
  : z.ZodType;

/**
 * A route of a contract (`@datekit/runtime/schemas/api/contracts/`): method, url, body, query and
 * response come from the contract, the one the browser calls; the route adds the rest.
 */
export type ContractRouteFields<C extends RouteContract, A extends Access> = Omit<
  RouteFields<ContractSchema<C, 'body'>, ContractSchema<C, 'query'>, ContractSchema<C, 'response'>, A>,
  'method' | 'url' | 'body' | 'query' | 'response'
> & { contract: C };

/**
 * Declares a route. A route the browser calls takes its contract (`contract: likeRoute`), so that
 * method, path and schemas have one source for both sides; the others (webhooks, mail links, the
 * stream) say them here.
 */
export function defineRoute<C extends RouteContract, A extends Access>(
  spec: ContractRouteFields<C, A> & Gate<A>,
): RouteSpec<ContractSchema<C, 'body'>, ContractSchema<C, 'query'>, ContractSchema<C, 'response'>, A> & {
  contract: C;
};
export function defineRoute<B extends z.ZodType, Q extends z.ZodType, R extends z.ZodType, A extends Access>(
  spec: RouteFields<B, Q, R, A> & Gate<A>,
): RouteSpec<B, Q, R, A>;
export function defineRoute(spec: AnyRouteSpec | (Omit<AnyRouteSpec, 'method' | 'url'> & { contract: RouteContract })) {
  if (!('contract' in spec) || !spec.contract) return spec;
  const { contract } = spec;
  return {
    ...spec,
    method: contract.method,
    url: contract.path,
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.query ? { query: contract.query } : {}),
    ...(contract.response ? { response: contract.response } : {}),
  };
}

export function parseWith<S extends z.ZodType>(schema: S | undefined, value: unknown): z.output<S> {
  if (!schema) return undefined as z.output<S>;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ApiError('validation_failed', {}, { fields: zodIssuesToFields(result.error) });
  return result.data;
}

export interface MountOptions {
  /** Fail every answer that breaks its response schema (the API tests turn this on). */
  checkResponses?: boolean;
}

/**
 * Mounts a route, member or operator alike: brand and language, client header and (for writes) no
 * foreign origin, the gate (the operator host and the role for operator routes, the session for
 * member routes), zod-validated body and query, the idempotency key, and the answer serialised
 * through the response schema.
 */
export function mountRoute(
  app: FastifyInstance,
  services: Services,
  spec: AnyRouteSpec,
  options: MountOptions = {},
): void {
  checkGate(spec);
  const status = spec.status ?? 200;
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.rateLimit ? { config: { limit: spec.rateLimit } } : {}),
    ...(spec.response ? { schema: { response: { [status]: serializerSchema(spec.response) } } } : {}),
    // In tests, an API error the route does not document fails; the app's error handler still answers it.
    ...(options.checkResponses
      ? {
          errorHandler: (error: Error) => {
            checkErrorDocumented(spec, error);
            throw error;
          },
        }
      : {}),
    handler: async (request, reply) => {
      guardHost(spec, services, request);
      const brand = request.brand;
      const locale = requestLocale(request, brand);
      const needsHeader = spec.clientHeader ?? spec.method !== 'GET';
      if (needsHeader && !request.headers['x-client-request']) throw new ApiError('client_header_required');
      if (spec.method !== 'GET' && !spec.allowCrossSite && isCrossSiteWrite(request, services.brands))
        throw new ApiError('cross_origin_refused');
      const caller = await admit(spec, services, request, brand, locale);
      const body = parseWith(spec.body, request.body);
      const query = parseWith(spec.query, request.query);
      const context = { request, reply, services, brand, locale, ...caller, body, query };
      const claim = spec.idempotent
        ? idempotencyClaim(request, `${spec.method} ${spec.url}`, callerScope(caller))
        : null;
      if (claim) {
        const answer = await runIdempotent(
          services,
          claim,
          async (scoped) => {
            const result = await spec.handler({ ...context, services: scoped });
            // The stored answer is the value; a replay serialises it again.
            return { status, body: result instanceof SerializedAnswer ? result.value : result };
          },
          { transaction: spec.idempotent !== 'own-commits' },
        );
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        reply.code(answer.status);
        if (options.checkResponses && spec.response)
          checkAnswer(`${spec.method} ${spec.url}`, spec.response, answer.body);
        return answer.body;
      }
      // The status is set first so that a handler's reply.serialize (AnswerCache) uses this status's schema.
      reply.code(status);
      const result = await spec.handler(context);
      if (reply.sent) return reply;
      if (result instanceof SerializedAnswer) {
        if (options.checkResponses && spec.response)
          checkAnswer(`${spec.method} ${spec.url}`, spec.response, result.value);
        reply.header('etag', result.etag);
        // The client holds these very bytes: headers only (a Set-Cookie among them still applies).
        if (spec.method === 'GET' && noneMatch(request.headers['if-none-match'], result.etag))
          return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(result.json);
      }
      const answer = result ?? {};
      if (options.checkResponses && spec.response) checkAnswer(`${spec.method} ${spec.url}`, spec.response, answer);
      return answer;
    },
  });
}
