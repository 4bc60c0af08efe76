/**
 * What Stripe's answers become in the card port (card-network/connector.ts)
 * and for the router (routed-card-network.ts):
 *
 * - A card error (HTTP 402: `card_declined` with its `decline_code`,
 *   `expired_card`, `incorrect_cvc`, `authentication_required`, ...): a
 *   decline with the ISO 8583 code of `ISO_CODES`.
 * - A connection Stripe never accepted (refused, no such host):
 *   `ConnectorUnreachable`, the only failure the router moves to the next
 *   connector account on.
 * - A timeout or a reset after connecting, or Stripe's `api_error` (HTTP 5xx,
 *   after the connector client's retries with the same idempotency key):
 *   `ConnectorOutcomeUnknown`. Stripe may have acted; the payment waits
 *   PENDING and is looked up later (`lookup`), never sent elsewhere.
 * - Rate limited (HTTP 429, after the retries): Stripe documents that it did
 *   not process the request; an authorization is declined `91` (issuer or
 *   switch inoperative: try again), an operation fails and its recovery job
 *   asks again with the same key.
 * - Invalid credentials (401, 403): declined `91`; an invalid request (400):
 *   declined `30` (format error). Neither was processed.
 */
import Stripe from 'stripe';
import { ConnectorOutcomeUnknown, ConnectorUnreachable } from '../http.js';

/** Stripe's `decline_code` (or error `code`) to the ISO 8583 response code our API shows. */
export const ISO_CODES: Readonly<Record<string, string>> = {
  generic_decline: '05',
  do_not_honor: '05',
  call_issuer: '05',
  card_not_supported: '05',
  transaction_not_allowed: '57',
  testmode_decline: '05',
  card_declined: '05',
  insufficient_funds: '51',
  lost_card: '41',
  stolen_card: '43',
  pickup_card: '04',
  expired_card: '54',
  incorrect_cvc: '82',
  invalid_cvc: '82',
  incorrect_number: '14',
  invalid_number: '14',
  invalid_expiry_month: '54',
  invalid_expiry_year: '54',
  invalid_amount: '13',
  fraudulent: '59',
  merchant_blacklist: '59',
  card_velocity_exceeded: '61',
  withdrawal_count_limit_exceeded: '65',
  processing_error: '96',
  issuer_not_available: '91',
  try_again_later: '91',
  authentication_required: '1A',
};

/** The ISO code of a card error: its decline code first, then its error code; `05` when neither is known. */
export function isoCode(error: { decline_code?: string | undefined; code?: string | undefined }): string {
  return (error.decline_code && ISO_CODES[error.decline_code]) || (error.code && ISO_CODES[error.code]) || '05';
}

/**
 * Stripe's `failure_reason` of a refund it accepted and then failed (while
 * `pending`, or after it `succeeded`: the card's account was closed) as the
 * ISO 8583 code the refund keeps in `response_code`; `05` for any other reason
 * (`declined`, `merchant_request`, `unknown`, ...) or none.
 */
export const REFUND_FAILURE_CODES: Readonly<Record<string, string>> = {
  lost_or_stolen_card: '41',
  expired_or_canceled_card: '54',
  insufficient_funds: '51',
};

/** The response code of a failed refund, from Stripe's `failure_reason`. */
export function refundFailureCode(reason: string | null | undefined): string {
  return (reason && REFUND_FAILURE_CODES[reason]) || '05';
}

/** What a failed call to Stripe means. */
export type Failure =
  | { kind: 'declined'; responseCode: string; paymentIntent?: Stripe.PaymentIntent }
  | { kind: 'not_processed'; responseCode: string; message: string };

/**
 * Classifies an error the package threw: a decline or a request Stripe
 * documents it did not process is answered; the connector client's own
 * verdicts are thrown as they are, and anything else whose outcome is not
 * known is thrown as `ConnectorOutcomeUnknown`.
 */
export function classify(error: unknown): Failure {
  if (error instanceof ConnectorUnreachable || error instanceof ConnectorOutcomeUnknown) throw error;
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  const detail = error.detail;
  if (detail instanceof ConnectorUnreachable || detail instanceof ConnectorOutcomeUnknown) throw detail;
  if (error instanceof Stripe.errors.StripeCardError) {
    return { kind: 'declined', responseCode: isoCode(error), ...(error.payment_intent ? { paymentIntent: error.payment_intent } : {}) };
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) return { kind: 'not_processed', responseCode: '91', message: 'rate limited by Stripe' };
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    return { kind: 'not_processed', responseCode: '91', message: 'Stripe refused the secret key' };
  if (error instanceof Stripe.errors.StripeInvalidRequestError)
    return { kind: 'not_processed', responseCode: error.code === 'payment_intent_unexpected_state' ? '12' : '30', message: error.message };
  throw new ConnectorOutcomeUnknown(`stripe: ${error.message}`);
}
