import { z } from 'zod';
import { type ErrorCode, ERRORS } from '@datekit/runtime';
import type { AnyRouteSpec } from './define-route.ts';
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
 * The OpenAPI 3.1 document of the API, generated from the same zod schemas that validate requests and
 * serialise answers. Every brand's host serves the API, so `withServer` names the one asked.
 */
export function buildOpenApi(routes: readonly AnyRouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const query = route.query
      ? (toSchema(route.query, 'input') as { properties?: Record<string, object>; required?: string[] })
      : null;
    const status = String(route.status ?? 200);
    (paths[route.url] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: route.summary,
      security: route.auth === 'member' ? [{ session: [] }] : [],
      parameters: [
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
      title: 'datekit API',
      version: '1',
      description:
        "One JSON API for every brand, chosen by the Host header. Writes need the `x-client-request` header. Errors answer `{ error, message }` with the message in the visitor's language.",
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-UNLICENSED' },
    },
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'dk_session' } },
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
export function withServer<D extends object>(document: D, origin: string): D & { servers: { url: string }[] } {
  return { ...document, servers: [{ url: origin, description: 'The brand whose host served this document' }] };
}
