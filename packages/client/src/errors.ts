/**
 * Errors, one class per family of HTTP status. The gateway answers errors as
 * `{"error": {code, message, details, request_id}}` (and `/oauth/*` as RFC 6749
 * `{"error", "error_description"}`); both become a PasarelaError.
 */

export interface ErrorDetail {
  field: string;
  message: string;
}

export interface PasarelaErrorInit {
  status: number;
  code: string;
  message: string;
  details?: ErrorDetail[];
  requestId?: string | undefined;
  headers?: Headers | undefined;
  cause?: unknown;
}

/** Any error answer of the gateway, or a failure to reach it (ConnectionError). */
export class PasarelaError extends Error {
  override name = 'PasarelaError';
  /** HTTP status; 0 when no answer came (ConnectionError). */
  readonly status: number;
  /** The gateway's error code (`validation_failed`, `not_found`, `invalid_client`, ...). */
  readonly code: string;
  /** Every problem, for `validation_failed` one entry per field. */
  readonly details: ErrorDetail[];
  /** The `X-Request-Id` of the failed request: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;

  constructor(init: PasarelaErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.headers = init.headers;
  }
}

/** 401: missing, invalid, expired or revoked token, or wrong client credentials. */
export class AuthenticationError extends PasarelaError {
  override name = 'AuthenticationError';
}

/** 403: the token lacks the permission the operation needs. */
export class PermissionError extends PasarelaError {
  override name = 'PermissionError';
}

/** 400, 413 and 422: the request is invalid; `details` names every problem. Not retried. */
export class InvalidRequestError extends PasarelaError {
  override name = 'InvalidRequestError';
}

/** 404: no such resource in your organization (or no such route). */
export class NotFoundError extends PasarelaError {
  override name = 'NotFoundError';
}

/** 409: a state precondition (`payment_not_captured`, ...) or an idempotency conflict. */
export class ConflictError extends PasarelaError {
  override name = 'ConflictError';
}

/** 429: over the rate limit after every retry; `retryAfter` is the gateway's advice in seconds. */
export class RateLimitError extends PasarelaError {
  override name = 'RateLimitError';
  get retryAfter(): number | undefined {
    const value = Number(this.headers?.get('retry-after'));
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  }
}

/** 5xx: the gateway failed (500), a dependency is unavailable (503) or the request took too long (504). */
export class ServerError extends PasarelaError {
  override name = 'ServerError';
}

/** No answer: DNS, connection, TLS or timeout failure, after every retry. `status` is 0. */
export class ConnectionError extends PasarelaError {
  override name = 'ConnectionError';
  constructor(message: string, cause?: unknown, code = 'connection_error') {
    super({ status: 0, code, message, cause });
  }
}

/**
 * A list walk that cannot go on: a page with `has_more` whose edge item has no
 * `id` to continue from (`pagination_cursor_missing`), or a next cursor the walk
 * has already fetched (`pagination_cursor_repeated`), which would fetch the same
 * page forever. `status` is 0: no request was sent for it.
 */
export class PaginationError extends PasarelaError {
  override name = 'PaginationError';
  /** The cursor that was refused, if there was one. */
  readonly cursor: { starting_after?: string; ending_before?: string } | undefined;
  constructor(code: 'pagination_cursor_missing' | 'pagination_cursor_repeated', message: string, cursor?: { starting_after?: string; ending_before?: string }) {
    super({ status: 0, code, message });
    this.cursor = cursor;
  }
}

/** A webhook delivery whose signature, timestamp or body does not check out. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

/** The error class for an HTTP error status. */
export function errorFor(init: PasarelaErrorInit): PasarelaError {
  const { status } = init;
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 429) return new RateLimitError(init);
  if (status >= 500) return new ServerError(init);
  if (status === 400 || status === 413 || status === 422) return new InvalidRequestError(init);
  return new PasarelaError(init);
}

/** Reads an error answer of either shape into a PasarelaError. */
export function errorFromResponse(status: number, headers: Headers, text: string): PasarelaError {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const requestId = headers.get('x-request-id') ?? undefined;
  const error = (body as { error?: unknown } | undefined)?.error;
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; message?: unknown; details?: unknown; request_id?: unknown };
    const details = Array.isArray(e.details) ? (e.details as ErrorDetail[]) : [];
    const message = typeof e.message === 'string' ? e.message : `HTTP ${status}`;
    return errorFor({
      status,
      code: typeof e.code === 'string' ? e.code : `http_${status}`,
      // The problems in the message too, so a logged error says what to fix.
      message: details.length ? `${message} ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}` : message,
      details,
      requestId: typeof e.request_id === 'string' ? e.request_id : requestId,
      headers,
    });
  }
  if (typeof error === 'string') {
    // RFC 6749 section 5.2, from /oauth/token and /oauth/revoke.
    const description = (body as { error_description?: unknown }).error_description;
    return errorFor({ status, code: error, message: typeof description === 'string' ? description : error, requestId, headers });
  }
  return errorFor({ status, code: `http_${status}`, message: `HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`, requestId, headers });
}
