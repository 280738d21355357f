import { type ErrorCode, ERRORS } from '@datekit/runtime/errors';

/**
 * The one error type of the API. `code` names an entry of the spec's error catalogue; `params`
 * fill the translated message; `details` travel in the JSON body (e.g. `suggestion`, `fields`).
 */
export class ApiError extends Error {
  readonly status: number;

  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, details: Record<string, unknown> = {}) {
    super(code);
    this.code = code;
    this.params = params;
    this.details = details;
    this.name = 'ApiError';
    this.status = ERRORS[code].status;
  }
}

/** No signed-in member (or operator) where the route needs one: the client shows its login. */
export function authenticationRequired(): ApiError {
  return new ApiError('authentication_required', {}, { authentication_required: true });
}
