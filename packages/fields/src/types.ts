/**
 * What the SDK hands the merchant page through `onResult` (docs/fields.md
 * "Results"). Declines are results, not errors: only `status: 'ERROR'` means
 * the operation did not complete.
 */

export interface ResultError {
  /** Our error code (`unauthorized`, `validation_failed`, ...) or an SDK one (`invalid_card`, `network_error`, ...). */
  code: string;
  message: string;
  /** The gateway's HTTP status, when it answered. */
  http_status?: number;
  request_id?: string;
  details?: Array<{ field: string; message: string }>;
}

export interface CardSummary {
  last_four_digits: string;
  brand: string;
}

export interface PaymentResult {
  /** The payment's status: APPROVED, REJECTED, PENDING, ... (spec section 3). */
  status: string;
  payment_id: string;
  instrument_id: string;
  order_id: string;
  /**
   * REJECTED: a generic, translated "the card was declined" for the shopper.
   * The issuer's response code is not here (it would tell a card tester why):
   * the merchant's server reads it with GET /v1/payments/{id} or a webhook.
   */
  message?: string;
  /**
   * `'new_session'` on a decline (REJECTED): the checkout session made its one
   * payment and is complete, so paying again with it is refused. To let the
   * shopper try again, create a new checkout session on your backend and mount
   * the fields with its token (docs/fields.md "After a decline"). `onDecline`
   * is called with the same result.
   */
  next_action?: 'new_session';
  approval_code?: string;
  amount: string;
  currency: string;
  card: CardSummary;
}

export interface EnrollResult {
  status: 'ENROLLED';
  user_id: string;
  instrument_id: string;
  card: CardSummary;
}

export interface ErrorResult {
  status: 'ERROR';
  error: ResultError;
  /** Set when the card was tokenized before the step that failed. */
  instrument_id?: string;
  order_id?: string;
}

export type FieldsResult = PaymentResult | EnrollResult | ErrorResult;

export type NewUser = { name: string; email: string };
export type ExistingUser = { id: string };

export function errorResult(
  code: string,
  message: string,
  extra: Partial<Omit<ErrorResult, 'status' | 'error'>> & { error?: Partial<ResultError> } = {},
): ErrorResult {
  const { error, ...rest } = extra;
  return { status: 'ERROR', error: { code, message, ...error }, ...rest };
}
