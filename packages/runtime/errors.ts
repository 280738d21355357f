/**
 * The error catalogue (spec §8) as stable codes. The server answers `{ error: code, message }` with the
 * message translated from `errors.<code>` in the locale files; clients branch on the code, never the text.
 */
export const ERRORS = {
  authentication_required: { status: 403 },
  login_failed: { status: 401 },
  login_blocked: { status: 429 },
  invalid_email: { status: 422 },
  invalid_date_of_birth: { status: 422 },
  invalid_name: { status: 422 },
  invalid_password: { status: 422 },
  passwords_differ: { status: 422 },
  terms_not_accepted: { status: 422 },
  email_taken: { status: 409 },
  email_change_invalid: { status: 422 },
  old_password_wrong: { status: 422 },
  account_pending_deletion: { status: 409 },
  /** The member is banned (or suspended, below): the client runtime shows /pages/ban. */
  account_banned: { status: 403 },
  account_suspended: { status: 403 },
  signups_closed: { status: 403 },
  activation_failed: { status: 400 },
  already_activated: { status: 409 },
  reset_limit: { status: 429 },
  activation_mail_wait: { status: 429 },
  activation_mail_limit: { status: 429 },
  reset_link_invalid: { status: 400 },
  blocked_by: { status: 403 },
  cannot_like_self: { status: 422 },
  invalid_image: { status: 422 },
  photo_limit: { status: 422 },
  swipe_limit: { status: 429 },
  insufficient_credits: { status: 402 },
  premium_required: { status: 403 },
  recipient_not_confirmed: { status: 403 },
  message_too_long: { status: 422 },
  message_empty: { status: 422 },
  validation_failed: { status: 422 },
  invalid_json: { status: 400 },
  payload_too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  client_header_required: { status: 400 },
  cross_origin_refused: { status: 403 },
  idempotency_key_reused: { status: 422 },
  idempotency_key_in_progress: { status: 409 },
  rate_limited: { status: 429 },
  payment_method_unavailable: { status: 422 },
  payment_unavailable: { status: 502 },
  discount_not_found: { status: 404 },
  discount_used: { status: 409 },
  discount_not_applicable: { status: 422 },
  iban_invalid: { status: 422 },
  directdebit_code_invalid: { status: 422 },
  directdebit_blocked: { status: 403 },
  directdebit_limit_reached: { status: 422 },
  directdebit_mandate_required: { status: 409 },
  stored_payment_failed: { status: 402 },
  stored_card_invalid: { status: 402 },
  stored_payment_method_required: { status: 409 },
  not_found: { status: 404 },
  /** Lander experiments (issue 27): managed in the console and by `datekit experiments`. */
  experiment_path_invalid: { status: 422 },
  experiment_path_taken: { status: 409 },
  experiment_arms_invalid: { status: 422 },
  experiment_not_running: { status: 409 },
  experiment_arm_unknown: { status: 422 },
  operator_forbidden: { status: 403 },
  operator_code_invalid: { status: 401 },
  /** A first sign-in whose enrolment code is wrong, used or expired (`datekit operators enrol-code` issues one). */
  operator_enrolment_invalid: { status: 401 },
  /** Another member's browser holds this push endpoint, and the keys sent are not that browser's. */
  push_endpoint_taken: { status: 409 },
  credits_below_zero: { status: 422 },
  refund_not_possible: { status: 409 },
  /** A postback URL template that is not a complete https address, or has a placeholder in its host. */
  postback_url_invalid: { status: 422 },
  postback_placeholder_unknown: { status: 422 },
  /** The template's host is not a public internet address (push/push-endpoint.ts), or does not resolve. */
  postback_host_not_public: { status: 422 },
  postback_events_invalid: { status: 422 },
  postback_network_invalid: { status: 422 },
  /** Release or reject of a postback no longer held (another operator decided first). */
  postback_not_held: { status: 409 },
  unknown_host: { status: 404 },
  /** The host's brand is out of service (its file or its build is broken), the others serve: with Retry-After. */
  site_unavailable: { status: 503 },
  /** The database cannot be reached for now (a restart, a failover): answered with Retry-After. */
  database_unavailable: { status: 503 },
  /** The server is at its capacity for password hashing, or shutting down: nothing was done; with Retry-After. */
  server_busy: { status: 503 },
  internal: { status: 500 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof ERRORS;

/** What every failed API call answers. Extra fields carry details (e.g. `suggestion`, `fields`, `minutes`). */
export interface ApiErrorBody {
  error: ErrorCode;
  message: string;
  authentication_required?: true;
  [detail: string]: unknown;
}

/** The header marking a request as made by our own client (spec §7); the server requires it on writes. */
export const CLIENT_REQUEST_HEADER = 'x-client-request';
