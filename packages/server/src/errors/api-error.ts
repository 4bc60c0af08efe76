/**
 * The closed set of error codes and their one mapping to HTTP status
 * (spec section 7, docs/api-conventions.md "Errors"). Throw an ApiError; the error
 * handler (errors/handler.ts) renders every error as
 * `{"error": {code, message, details, request_id}}`.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_idempotency_key: 400,
  unauthorized: 401,
  forbidden: 403,
  https_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  idempotency_key_mismatch: 409,
  idempotency_conflict: 409,
  order_id_conflict: 409,
  payment_not_captured: 409,
  payment_already_captured: 409,
  payment_not_authorized: 409,
  payment_in_progress: 409,
  payment_not_cancellable: 409,
  payment_not_pending: 409,
  refund_exceeds_captured: 409,
  payment_disputed: 409,
  payment_finished: 409,
  payment_not_confirmable: 409,
  cash_reference_paid: 409,
  cashout_exceeds_paid: 409,
  balance_insufficient: 409,
  merchant_in_use: 409,
  point_of_sale_in_use: 409,
  terminal_serial_taken: 409,
  chargeback_not_open: 409,
  attachment_limit_reached: 409,
  breb_key_limit_reached: 409,
  breb_key_already_registered: 409,
  breb_key_moved: 409,
  breb_key_not_active: 409,
  checkout_session_complete: 409,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
  timeout: 504,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  field: string;
  message: string;
}

/**
 * A payment processor failed an operation in a way only a later try can settle: it was never
 * reached, or its answer is unknown (connectors/http.ts `ConnectorUnreachable`,
 * `ConnectorOutcomeUnknown`). The error handler answers it 503 `service_unavailable` with
 * Retry-After, never 500: what the request recorded before the call (a PENDING refund, a claimed
 * capture) stays, and its recovery job asks the processor again.
 */
export class ProcessorFailure extends Error {}

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  static validation(details: ErrorDetail[], message = 'The request is invalid.'): ApiError {
    return new ApiError('validation_failed', message, details);
  }

  static notFound(what = 'resource'): ApiError {
    return new ApiError('not_found', `No such ${what}.`);
  }
}

/**
 * OAuth endpoints answer errors the RFC 6749 section 5.2 way:
 * `{"error": "invalid_client", "error_description": "..."}`.
 */
export const OAUTH_ERROR_STATUS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  rate_limited: 429,
} as const satisfies Record<string, number>;

export type OAuthErrorCode = keyof typeof OAUTH_ERROR_STATUS;

export class OAuthError extends Error {
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
    this.status = OAUTH_ERROR_STATUS[code];
  }
}
