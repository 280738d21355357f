/** Seconds a client is told to wait (`Retry-After`) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: admin_shutdown (57P01, a restart or
 * `pg_terminate_backend`), crash_shutdown (57P02), cannot_connect_now (57P03, starting up or in
 * recovery), too_many_connections (53300). Every connection_exception (class 08) too.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres says when a connection ends under it or cannot be had from the pool in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client has encountered a connection error/,
];

/**
 * Whether an error means the database cannot be reached right now (rather than a fault of the query or
 * of our code): the request answers 503 `database_unavailable` with Retry-After, readiness says so, and
 * startup waits and tries again. Looks through `cause` and an AggregateError's errors (a host name with
 * several addresses fails with one error per address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** A one-line reason for the log and readiness: an AggregateError (every address refused) has no message of its own. */
export function unavailableReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  if (error instanceof AggregateError && error.errors.length) return unavailableReason(error.errors[0]);
  return String((error as { code?: unknown }).code ?? error.name);
}
