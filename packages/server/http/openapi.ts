import { z } from 'zod';
import { type ErrorCode, ERRORS } from '@datekit/runtime/errors';
import { routeIdParamsSchema } from '@datekit/runtime/schemas/api/route-id';
import type { AnyRouteSpec } from './define-route.ts';
import { isOperatorRoute } from './route-access.ts';
import { routeErrors } from './route-errors.ts';

const toSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'One random key (e.g. a UUID) per action, the same on every retry: the action runs once and a retry answers the first answer again (header `Idempotent-Replayed: true`). Kept 24 h per member and route. Another request with a used key answers 422 `idempotency_key_reused`; a retry while the first still runs answers 409 `idempotency_key_in_progress`.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const ERROR_REF = '#/components/schemas/Error';

/** The cookie each gate reads: a member's session on brand hosts, an operator's on the operator host. */
const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'dk_session' },
  operatorSession: { type: 'apiKey', in: 'cookie', name: 'dk_operator' },
} as const;

/** The session a route needs, or none (anyone may call it; an `optional` route reads one if sent). */
function securityOf(route: AnyRouteSpec): keyof typeof SECURITY_SCHEMES | null {
  if (isOperatorRoute(route)) return route.access === 'public' ? null : 'operatorSession';
  return route.auth === 'member' ? 'session' : null;
}

/** `/api/operator/members/:id` (Fastify) -> `/api/operator/members/{id}` (OpenAPI). */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

const ID_PARAMETER = (toSchema(routeIdParamsSchema, 'input') as { properties: Record<string, object> }).properties;

/** The path's parameters: `:id` is a route id (strict decimal), any other a string. */
function pathParameters(url: string): object[] {
  return [...url.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: ID_PARAMETER[name!] ?? { type: 'string' },
  }));
}

/** What a document says of itself: one for the brands' API, one for the operator console's. */
export interface ApiDocumentInfo {
  title: string;
  description: string;
}

/** The members' API, on every brand's host (`/api/openapi.json`). */
export const MEMBER_API_INFO: ApiDocumentInfo = {
  title: 'datekit API',
  description:
    "One JSON API for every brand, chosen by the Host header. Writes need the `x-client-request` header. Errors answer `{ error, message }` with the message in the visitor's language.",
};

/**
 * The operator console's API, on the operator host only (`/api/operator/openapi.json`, for signed-in
 * operators): a document of its own, so the brands' public document names no console route.
 */
export const OPERATOR_API_INFO: ApiDocumentInfo = {
  title: 'datekit operator API',
  description:
    "The operator console's JSON API under /api/operator/, answered on the operator host only (404 on every brand host). Sign in with the login steps; each route needs a signed-in operator whose role has its permission (403 `authentication_required` without a session, `operator_forbidden` without the permission). Writes need the `x-client-request` header and refuse another site's Origin. Errors answer `{ error, message }`.",
};

/** `GET /api/chat-photo.php` -> `getChatPhoto`: unique because a method and a URL name one route. */
export function operationId(route: Pick<AnyRouteSpec, 'method' | 'url'>): string {
  const words = route.url
    .replace(/^\/api\//, '')
    .replace(/\.php$/, '')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return route.method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** The route's error codes grouped by HTTP status, each status one documented answer. */
function errorResponses(route: AnyRouteSpec): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrors(route)) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, object> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `Error: ${codes.join(', ')}`,
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: ERROR_REF }, { properties: { error: { enum: codes } } }] },
        },
      },
    };
  }
  return responses;
}

/**
 * The OpenAPI 3.1 document of an API, generated from the same zod schemas that validate requests and
 * serialise answers. Every brand's host serves the members' API, so `withServer` names the one asked.
 */
export function buildOpenApi(routes: readonly AnyRouteSpec[], info: ApiDocumentInfo = MEMBER_API_INFO) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemes = new Set<keyof typeof SECURITY_SCHEMES>();
  for (const route of routes) {
    const security = securityOf(route);
    if (security) schemes.add(security);
    const query = route.query
      ? (toSchema(route.query, 'input') as { properties?: Record<string, object>; required?: string[] })
      : null;
    const status = String(route.status ?? 200);
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: route.summary,
      security: security ? [{ [security]: [] }] : [],
      parameters: [
        ...pathParameters(route.url),
        ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: query?.required?.includes(name) ?? false,
          schema,
        })),
        ...(route.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
      ],
      ...(route.body
        ? {
            requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } },
          }
        : {}),
      responses: {
        [status]: {
          description: 'Success',
          ...(route.response
            ? { content: { 'application/json': { schema: toSchema(route.response, 'output') } } }
            : {}),
        },
        ...errorResponses(route),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: '1',
      description: info.description,
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-UNLICENSED' },
    },
    paths,
    components: {
      securitySchemes: Object.fromEntries([...schemes].sort().map((name) => [name, SECURITY_SCHEMES[name]])),
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: {
            error: { type: 'string', enum: Object.keys(ERRORS) },
            message: { type: 'string', description: 'Translated, for showing to the member.' },
            authentication_required: { type: 'boolean' },
          },
        },
      },
    },
  };
}

/** The document with `servers` naming the origin that served it. */
export function withServer<D extends object>(
  document: D,
  origin: string,
  description = 'The brand whose host served this document',
): D & { servers: { url: string }[] } {
  return { ...document, servers: [{ url: origin, description }] };
}
