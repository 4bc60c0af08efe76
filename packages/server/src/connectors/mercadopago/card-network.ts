/**
 * The card port (card-network/connector.ts) on Mercado Pago's Checkout API:
 * the card from our vault goes to Mercado Pago's card token endpoint
 * (`POST /v1/card_tokens`), then one payment per authorization
 * (`POST /v1/payments` with `capture: false`, our reference as
 * `external_reference`, `binary_mode` so the answer is approved or rejected
 * at once). The gateway captures it (`PUT /v1/payments/{id}` with
 * `capture: true` and the amount; the gateway's automatic capture does the
 * same right after the authorization), cancels it (`status: cancelled`) or
 * refunds it (`POST /v1/payments/{id}/refunds` with the amount, partial or full);
 * a refund it left `in_process` is read again by its id
 * (`GET /v1/payments/{id}/refunds/{refund_id}`, `refundOf`).
 *
 * Every write carries an `X-Idempotency-Key` derived from our payment (or
 * refund) id and the operation (`idempotencyKey`): a retry after a timeout or
 * a crash, by the connector client or a recovery job, gets Mercado Pago's
 * first answer again and never charges twice. `lookup` searches payments by
 * `external_reference` when our authorization's answer was lost.
 *
 * Mercado Pago's accounts in Colombia charge in COP, whole pesos: another
 * currency or an amount with cents is declined here without calling it.
 * The card number and security code appear only in the token request's
 * body; nothing here logs a request or an answer.
 */
import type { CardTokenCreateBody } from 'mercadopago/dist/clients/cardToken/create/types.js';
import type { CardTokenResponse } from 'mercadopago/dist/clients/cardToken/commonTypes.js';
import type { PaymentResponse } from 'mercadopago/dist/clients/payment/commonTypes.js';
import type { PaymentCreateRequest } from 'mercadopago/dist/clients/payment/create/types.js';
import type { PaymentSearch } from 'mercadopago/dist/clients/payment/search/types.js';
import type { RefundResponse } from 'mercadopago/dist/clients/paymentRefund/commonTypes.js';
import { brandOf, type CardBrand } from '../../cards/rules.js';
import { ApiError } from '../../errors/api-error.js';
import { minorToNumber } from '../../lib/money.js';
import type {
  AuthorizationResult,
  AuthorizeRequest,
  CardNetworkConnector,
  OperationRequest,
  OperationResult,
  RefundLookup,
} from '../card-network/connector.js';
import { idempotencyKey, type MercadoPagoApi } from './api.js';
import { classify, declineCode } from './errors.js';

const APPROVED = '00';
/** The payment cannot do what was asked (already captured, cancelled, ...). */
const REFUSED = '12';
/** A refund Mercado Pago accepted (`in_process`), then rejected or cancelled. */
const REFUND_FAILED = '05';

/** Mercado Pago's `payment_method_id` of each card brand it takes in Colombia. */
const PAYMENT_METHODS: Partial<Record<CardBrand, string>> = { visa: 'visa', mastercard: 'master', amex: 'amex', diners: 'diners' };

/** The one currency of a Colombian Mercado Pago account. */
export const MERCADOPAGO_CURRENCY = 'COP';

/** Mercado Pago did not process an operation (rate limited, token refused): 503 now; the recovery job asks again with the same key. */
const notProcessed = (why: string) =>
  new ApiError('service_unavailable', `Mercado Pago did not process the operation (${why}); it is retried with the same idempotency key.`);

/** What an authorization carries beyond the port's request: the payer's email Mercado Pago requires, the installments. */
export interface MercadoPagoPayer {
  email: string;
}

export class MercadoPagoCardNetwork implements CardNetworkConnector {
  readonly available = true;

  constructor(
    private readonly api: MercadoPagoApi,
    private readonly payer: MercadoPagoPayer,
  ) {}

  async authorize(request: AuthorizeRequest & { installments?: number }): Promise<AuthorizationResult> {
    if (request.currency !== MERCADOPAGO_CURRENCY) return { outcome: 'declined', responseCode: '57', networkReference: '' };
    if (request.amount % 100 !== 0) return { outcome: 'declined', responseCode: '13', networkReference: '' };
    const card = request.card;
    const method = PAYMENT_METHODS[brandOf(card.number.reveal())];
    if (!method) return { outcome: 'declined', responseCode: '57', networkReference: '' };
    let token: CardTokenResponse;
    try {
      const body: CardTokenCreateBody & { cardholder: { name: string } } = {
        card_number: card.number.reveal(),
        expiration_month: String(card.expMonth).padStart(2, '0'),
        expiration_year: String(card.expYear),
        ...(card.cvv ? { security_code: card.cvv.reveal() } : {}),
        cardholder: { name: card.holderName },
      };
      token = await this.api.call<CardTokenResponse>('POST', '/v1/card_tokens', { body, idempotencyKey: idempotencyKey('tokenize', request.reference) });
    } catch (error) {
      const failure = classify(error, 'tokenize');
      return { outcome: 'declined', responseCode: failure.responseCode, networkReference: '' };
    }
    let payment: PaymentResponse;
    try {
      const body: PaymentCreateRequest = {
        transaction_amount: minorToNumber(request.amount, request.currency),
        token: token.id!,
        installments: request.installments ?? 1,
        payment_method_id: method,
        capture: false,
        binary_mode: true,
        external_reference: request.reference,
        metadata: { pasarela_reference: request.reference },
        payer: { email: this.payer.email },
      };
      payment = await this.api.call<PaymentResponse>('POST', '/v1/payments', { body, idempotencyKey: idempotencyKey('authorize', request.reference) });
    } catch (error) {
      const failure = classify(error, 'authorize');
      return { outcome: 'declined', responseCode: failure.responseCode, networkReference: '' };
    }
    return authorization(payment);
  }

  async lookup(reference: string): Promise<AuthorizationResult | undefined> {
    const found = await this.api.call<PaymentSearch>('GET', '/v1/payments/search', {
      query: { external_reference: reference, sort: 'date_created', criteria: 'desc' },
    });
    const payment = found.results?.[0];
    return payment && authorization({ ...payment, id: Number(payment.id) } as PaymentResponse);
  }

  private async operate(run: () => Promise<boolean>): Promise<OperationResult> {
    try {
      return (await run()) ? { outcome: 'succeeded', responseCode: APPROVED } : { outcome: 'rejected', responseCode: REFUSED };
    } catch (error) {
      const failure = classify(error, 'operation');
      if (failure.kind === 'not_processed' && failure.responseCode === '91') throw notProcessed(failure.message);
      return { outcome: 'rejected', responseCode: failure.responseCode };
    }
  }

  capture(request: OperationRequest): Promise<OperationResult> {
    return this.operate(async () => {
      const payment = await this.api.call<PaymentResponse>('PUT', `/v1/payments/${encodeURIComponent(request.networkReference)}`, {
        body: { capture: true, transaction_amount: minorToNumber(request.amount, request.currency) },
        idempotencyKey: idempotencyKey('capture', request.reference),
      });
      return payment.status === 'approved' && payment.captured === true;
    });
  }

  private cancel(request: OperationRequest, operation: 'void' | 'reverse'): Promise<OperationResult> {
    return this.operate(async () => {
      const payment = await this.api.call<PaymentResponse>('PUT', `/v1/payments/${encodeURIComponent(request.networkReference)}`, {
        body: { status: 'cancelled' },
        idempotencyKey: idempotencyKey(operation, request.reference),
      });
      return payment.status === 'cancelled';
    });
  }

  void(request: OperationRequest): Promise<OperationResult> {
    return this.cancel(request, 'void');
  }

  reverse(request: OperationRequest): Promise<OperationResult> {
    return this.cancel(request, 'reverse');
  }

  /** Mercado Pago does not change an authorized amount: refused. */
  adjust(): Promise<OperationResult> {
    return Promise.resolve({ outcome: 'rejected', responseCode: REFUSED });
  }

  async refund(request: OperationRequest): Promise<OperationResult> {
    let refund: RefundResponse;
    try {
      refund = await this.api.call<RefundResponse>('POST', `/v1/payments/${encodeURIComponent(request.networkReference)}/refunds`, {
        body: { amount: minorToNumber(request.amount, request.currency) },
        idempotencyKey: idempotencyKey('refund', request.reference),
      });
    } catch (error) {
      const failure = classify(error, 'operation');
      if (failure.kind === 'not_processed' && failure.responseCode === '91') throw notProcessed(failure.message);
      return { outcome: 'rejected', responseCode: failure.responseCode };
    }
    // A card refund Mercado Pago accepted is `approved`, or `in_process` until the issuer settles it: the refund stays
    // PENDING, with Mercado Pago's id of it, until the recovery job reads it settled (`refundOf`).
    return refundResult(refund, REFUSED);
  }

  /**
   * The refund as it is now (`GET /v1/payments/{payment_id}/refunds/{refund_id}`, the package's `PaymentRefund.get`):
   * `approved`; `in_process` (or `pending`) not settled yet; anything else (`rejected`, `cancelled`) failed after
   * Mercado Pago accepted it, `05`. Its errors (a 404, a token refused, Mercado Pago unreachable) are thrown: the
   * recovery job asks again with its backoff, and never sends the refund again for it.
   */
  async refundOf(request: RefundLookup): Promise<OperationResult> {
    const refund = await this.api.call<RefundResponse>(
      'GET',
      `/v1/payments/${encodeURIComponent(request.networkReference)}/refunds/${encodeURIComponent(request.refundReference)}`,
    );
    return refundResult(refund, REFUND_FAILED);
  }

  /** Mercado Pago decides a chargeback after the documentation it was sent; the decision arrives as a chargebacks notification: nothing to ask. */
  decideDispute(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
}

/** A Mercado Pago refund as the refund's outcome; `failedCode` for any status but `approved`, `in_process` and `pending`. */
function refundResult(refund: RefundResponse, failedCode: string): OperationResult {
  const networkReference = refund.id === undefined ? {} : { networkReference: String(refund.id) };
  if (refund.status === 'approved') return { outcome: 'succeeded', responseCode: APPROVED, ...networkReference };
  if (refund.status === 'in_process' || refund.status === 'pending')
    return { outcome: 'succeeded', responseCode: APPROVED, pending: true, ...networkReference };
  return { outcome: 'rejected', responseCode: failedCode, ...networkReference };
}

/** A Mercado Pago payment as our authorization's answer. */
export function authorization(payment: PaymentResponse): AuthorizationResult {
  const networkReference = String(payment.id ?? '');
  switch (payment.status) {
    case 'authorized':
    case 'approved':
      return {
        outcome: 'approved',
        responseCode: APPROVED,
        networkReference,
        ...(payment.authorization_code ? { approvalCode: payment.authorization_code } : {}),
      };
    case 'pending':
    case 'in_process':
      return { outcome: 'pending', responseCode: '09', networkReference };
    default:
      return { outcome: 'declined', responseCode: payment.status === 'rejected' ? declineCode(payment.status_detail) : '05', networkReference };
  }
}
