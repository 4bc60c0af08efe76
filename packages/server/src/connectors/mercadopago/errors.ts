/**
 * What Mercado Pago's answers become in the card port
 * (card-network/connector.ts) and for the router (routed-card-network.ts):
 *
 * - A payment Mercado Pago answered `rejected` (HTTP 201: a decline is an
 *   answer, not an error): a decline with the ISO 8583 code of its
 *   `status_detail` (`STATUS_DETAIL_CODES`).
 * - A card token refused (HTTP 400 with a `cause` code: bad number, security
 *   code or expiry): a decline with that field's code.
 * - A connection Mercado Pago never accepted (refused, no such host):
 *   `ConnectorUnreachable`, the only failure the router moves to the next
 *   connector account on.
 * - A timeout or a reset after connecting, or HTTP 5xx after the connector
 *   client's retries with the same `X-Idempotency-Key`:
 *   `ConnectorOutcomeUnknown`. Mercado Pago may have acted; the payment
 *   waits PENDING and is looked up later (`lookup`), never sent elsewhere.
 * - Rate limited (HTTP 429, after the retries): not processed; an
 *   authorization is declined `91` (issuer or switch inoperative: try
 *   again), an operation answers 503 and its recovery job asks again.
 * - The access token refused (401, 403): declined `91`, not processed. Any
 *   other 4xx: not processed, `30` (format error) for an authorization,
 *   `12` (invalid transaction) for an operation on a payment in another state.
 */
import { MPAuthenticationError, MPForbiddenError, MPRateLimitError } from 'mercadopago';
import { ConnectorOutcomeUnknown, ConnectorUnreachable } from '../http.js';
import { MercadoPagoAnswerError } from './api.js';

/** Mercado Pago's `status_detail` of a rejected card payment to the ISO 8583 response code our API shows. */
export const STATUS_DETAIL_CODES: Readonly<Record<string, string>> = {
  cc_rejected_insufficient_amount: '51',
  cc_rejected_bad_filled_security_code: '82',
  cc_rejected_bad_filled_date: '54',
  cc_rejected_bad_filled_card_number: '14',
  cc_rejected_bad_filled_other: '30',
  cc_rejected_call_for_authorize: '01',
  cc_rejected_card_disabled: '62',
  cc_rejected_card_type_not_allowed: '57',
  cc_rejected_duplicated_payment: '94',
  cc_rejected_high_risk: '59',
  cc_rejected_blacklist: '59',
  cc_rejected_max_attempts: '65',
  cc_rejected_invalid_installments: '12',
  cc_rejected_other_reason: '05',
  cc_rejected_3ds_mandatory: '1A',
  cc_rejected_3ds_challenge: '1A',
  cc_amount_rate_limit_exceeded: '61',
};

/** The `cause` codes of a refused card token (`POST /v1/card_tokens`) to the code of the field at fault. */
const TOKEN_CAUSE_CODES: Readonly<Record<string, string>> = {
  E301: '14',
  E302: '82',
  '205': '14',
  '208': '54',
  '209': '54',
  '325': '54',
  '326': '54',
};

export function declineCode(statusDetail: string | undefined): string {
  return (statusDetail && STATUS_DETAIL_CODES[statusDetail]) || '05';
}

/** What a failed call means: a decline, or a request Mercado Pago did not process. */
export type Failure = { kind: 'declined'; responseCode: string } | { kind: 'not_processed'; responseCode: string; message: string };

/**
 * Classifies what a call threw: the connector client's verdicts are thrown
 * as they are; a 5xx (after the retries) is `ConnectorOutcomeUnknown`; the
 * rest is answered.
 */
export function classify(error: unknown, during: 'tokenize' | 'authorize' | 'operation'): Failure {
  if (error instanceof ConnectorUnreachable || error instanceof ConnectorOutcomeUnknown) throw error;
  if (!(error instanceof MercadoPagoAnswerError)) throw error;
  const answer = error.error;
  if (answer instanceof MPRateLimitError) return { kind: 'not_processed', responseCode: '91', message: 'rate limited by Mercado Pago' };
  if (answer instanceof MPAuthenticationError || answer instanceof MPForbiddenError)
    return { kind: 'not_processed', responseCode: '91', message: 'Mercado Pago refused the access token' };
  if (answer.status >= 500) throw new ConnectorOutcomeUnknown(`mercadopago: ${answer.status} ${answer.message}`);
  if (during === 'tokenize') {
    const causes = answer.causes as Array<{ code?: string | number }>;
    const code = causes.map((c) => TOKEN_CAUSE_CODES[String(c.code)]).find(Boolean);
    return code ? { kind: 'declined', responseCode: code } : { kind: 'not_processed', responseCode: '30', message: answer.message };
  }
  return { kind: 'not_processed', responseCode: during === 'operation' ? '12' : '30', message: answer.message };
}
