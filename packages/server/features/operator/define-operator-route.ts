import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ErrorCode, Locale } from '@datekit/runtime';
import { ApiError, authenticationRequired } from '../../errors/api-error.ts';
import { parseWith, type AnyRouteSpec, type MountOptions } from '../../http/define-route.ts';
import { requestLocale } from '../../http/request-context.ts';
import { checkAnswer, serializerSchema } from '../../http/response-schema.ts';
import { checkErrorDocumented } from '../../http/route-errors.ts';
import type { RateLimitRule } from '../../ops/rate-limits.ts';
import type { Services } from '../../services.ts';
import { isOperatorHost } from './operator-host.ts';
import { loadCurrentOperator, type CurrentOperator } from './operator-sessions.ts';
import { mayDo, type Permission } from './permissions.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** `public`: no session needed (the login steps); `signed-in`: any operator; else the permission needed. */
export type OperatorAccess = 'public' | 'signed-in' | Permission;

export interface OperatorRouteContext<Body, Query, A extends OperatorAccess> {
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  locale: Locale;
  operator: A extends 'public' ? null : CurrentOperator;
  body: Body;
  query: Query;
}

export interface OperatorRouteSpec<
  B extends z.ZodType,
  Q extends z.ZodType,
  R extends z.ZodType,
  A extends OperatorAccess,
> {
  method: Method;
  /** Under /api/operator/. */
  url: string;
  summary: string;
  /** Who may call it: a permission of the role table (permissions.ts), `signed-in` or `public`. */
  access: A;
  body?: B;
  query?: Q;
  /** The JSON answer's schema; a route without one replies itself (an image) and answers undefined. */
  response?: R;
  status?: number;
  /** Error codes the handler itself may answer (besides those of access, validation and the client header). */
  errors?: readonly ErrorCode[];
  rateLimit?: RateLimitRule;
  handler: (ctx: OperatorRouteContext<z.output<B>, z.output<Q>, A>) => Promise<z.output<R> | undefined>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperatorRoute = OperatorRouteSpec<any, any, any, OperatorAccess>;

export function defineOperatorRoute<
  B extends z.ZodType,
  Q extends z.ZodType,
  R extends z.ZodType,
  A extends OperatorAccess,
>(spec: OperatorRouteSpec<B, Q, R, A>): OperatorRouteSpec<B, Q, R, A> {
  return spec;
}

/** The route as the shared error bookkeeping (`routeErrors`, OpenAPI) sees it. */
export function asRouteSpec(spec: AnyOperatorRoute): AnyRouteSpec {
  const accessErrors: ErrorCode[] = spec.access === 'public' ? [] : ['authentication_required', 'operator_forbidden'];
  return {
    ...spec,
    auth: 'none',
    errors: [...accessErrors, 'not_found', ...(spec.errors ?? [])],
    handler: async () => undefined,
  };
}

/**
 * Mounts an operator route. In order: the operator host only (404 on every brand host), the client
 * header on writes and no foreign origin, a signed-in active operator whose role has the route's
 * permission (403 otherwise: `authentication_required` without a session, `operator_forbidden` without
 * the right), then the zod-validated body and query, and the answer through the response schema.
 */
export function mountOperatorRoute(
  app: FastifyInstance,
  services: Services,
  spec: AnyOperatorRoute,
  options: MountOptions = {},
) {
  const status = spec.status ?? 200;
  const documented = asRouteSpec(spec);
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.rateLimit ? { config: { limit: spec.rateLimit } } : {}),
    ...(spec.response ? { schema: { response: { [status]: serializerSchema(spec.response) } } } : {}),
    ...(options.checkResponses
      ? {
          errorHandler: (error: Error) => {
            checkErrorDocumented(documented, error);
            throw error;
          },
        }
      : {}),
    handler: async (request, reply) => {
      if (!isOperatorHost(request, services.config)) throw new ApiError('not_found');
      if (spec.method !== 'GET' && !request.headers['x-client-request']) throw new ApiError('client_header_required');
      if (spec.method !== 'GET' && isForeignOrigin(request)) throw new ApiError('cross_origin_refused');
      const operator = spec.access === 'public' ? null : await loadCurrentOperator(services, request);
      if (spec.access !== 'public') {
        if (!operator) throw authenticationRequired();
        if (spec.access !== 'signed-in' && !mayDo(operator.role, spec.access)) throw new ApiError('operator_forbidden');
      }
      const body = parseWith(spec.body, request.body);
      const query = parseWith(spec.query, request.query);
      const locale = requestLocale(request, null);
      const answer = await spec.handler({ request, reply, services, locale, operator, body, query });
      if (reply.sent) return reply;
      reply.code(status);
      if (options.checkResponses && spec.response) checkAnswer(`${spec.method} ${spec.url}`, spec.response, answer);
      return answer;
    },
  });
}

/** A write whose browser names another site, or an origin other than the console's own host. */
function isForeignOrigin(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host.toLowerCase() !== request.headers.host?.toLowerCase();
  } catch {
    return true;
  }
}
