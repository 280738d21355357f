import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@datekit/runtime/errors';
import { errorLocale } from '../http/request-context.ts';
import type { Services } from '../services.ts';
import { ApiError } from './api-error.ts';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from './database-unavailable.ts';
import { BUSY_RETRY_AFTER_S } from '../features/auth/hashing-capacity.ts';

/** Fastify's own client errors (bad JSON, body too large, wrong content type) in our catalogue's terms. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
};

function toApiError(error: FastifyError | ApiError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return new ApiError(mapped);
  if (error instanceof SyntaxError) return new ApiError('invalid_json');
  if (isDatabaseUnavailable(error)) return new ApiError('database_unavailable');
  if (fastifyError.statusCode === 429) return new ApiError('rate_limited');
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500)
    return new ApiError('validation_failed');
  return new ApiError('internal');
}

/** Every error becomes `{ error, message }` with the message in the request's language; only our own faults are 5xx. */
export function createErrorHandler(services: Services) {
  return (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    // The database being away is the operator's to know once (the pool's warning, /readyz), not a
    // stack per request: at info, with LOG_REQUESTS.
    if (apiError.code === 'database_unavailable') {
      request.log.info({ err: { message: error.message } }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    } else if (apiError.code === 'server_busy') {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
    } else if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    const locale = errorLocale(request, request.brand);
    return reply.code(apiError.status).send({
      error: apiError.code,
      message: services.translate(locale, `errors:${apiError.code}`, apiError.params),
      ...apiError.details,
    });
  };
}
