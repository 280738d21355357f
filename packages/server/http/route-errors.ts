import type { ErrorCode } from '@datekit/runtime/errors';
import { ApiError } from '../errors/api-error.ts';
import type { AnyRouteSpec } from './define-route.ts';
import { gateErrors } from './route-access.ts';

/**
 * Any request can meet these: a host that is no brand of ours, our own fault, or a server at its
 * capacity (password hashing, features/auth/hashing-capacity.ts) or shutting down.
 */
const ALWAYS: readonly ErrorCode[] = ['unknown_host', 'internal', 'server_busy'];

/** Fastify refuses a JSON body before the handler runs: malformed, too large, another content type. */
const JSON_BODY: readonly ErrorCode[] = ['invalid_json', 'payload_too_large', 'unsupported_media_type'];

/**
 * Every error code a route may answer: those defineRoute derives from the route's own data (client
 * header and origin, its gate (route-access.ts), body and query validation, rate limit, idempotency key) and those its handler names in `errors`. The
 * OpenAPI document lists them per status, and the API tests fail on an answer with a code not listed.
 */
export function routeErrors(route: AnyRouteSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(ALWAYS);
  if (route.clientHeader ?? route.method !== 'GET') codes.add('client_header_required');
  if (route.method !== 'GET') codes.add('cross_origin_refused');
  if (route.rateLimit) codes.add('rate_limited');
  if (route.idempotent) {
    codes.add('idempotency_key_reused');
    codes.add('idempotency_key_in_progress');
  }
  gateErrors(route).forEach((code) => codes.add(code));
  if (route.body) JSON_BODY.forEach((code) => codes.add(code));
  if (route.body || route.query) codes.add('validation_failed');
  route.errors?.forEach((code) => codes.add(code));
  return [...codes];
}

/** In tests: an API error the route does not document is a bug in its `errors` list. */
export function checkErrorDocumented(route: AnyRouteSpec, error: unknown): void {
  if (!(error instanceof ApiError) || routeErrors(route).includes(error.code)) return;
  const message = `${route.method} ${route.url} answered ${error.code}, which its errors list does not name`;
  // Only with checkResponses (the API tests): the message is for the test run's output, not the log.
  // eslint-disable-next-line no-console
  console.error(message);
  throw new Error(message, { cause: error });
}
