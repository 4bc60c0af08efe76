/**
 * The card port (card-network/connector.ts) on Stripe, through the official
 * `stripe` package: the card goes to Stripe's own tokenization
 * (`POST /v1/payment_methods`), then one PaymentIntent per payment, created
 * and confirmed with `capture_method: manual` (our authorization); the
 * gateway captures it (`/capture`, partial allowed), cancels it (`/cancel`)
 * or refunds it (`POST /v1/refunds`, partial or full); a refund Stripe left
 * `pending` is read again by its id (`GET /v1/refunds/{id}`, `refundOf`).
 *
 * Every call carries an idempotency key derived from our payment (or
 * refund) id and the operation (`idempotencyKey`), so a retry after a
 * timeout or a crash, by the connector client or a recovery job, gets
 * Stripe's first answer again and never charges twice. The PaymentIntent
 * carries our reference in `metadata.pasarela_reference`, which `lookup`
 * searches when our authorization's answer was lost.
 *
 * The card number and CVV appear only in the tokenization request's body;
 * nothing here logs a request or an answer.
 */
import Stripe from 'stripe';
import type {
  AuthorizationResult,
  AuthorizeRequest,
  CardNetworkConnector,
  OperationRequest,
  OperationResult,
  RefundLookup,
} from '../card-network/connector.js';
import { INSTALLMENTS_DECLINED_CODE } from '../card-network/connector.js';
import { ApiError } from '../../errors/api-error.js';
import { classify, isoCode, refundFailureCode } from './errors.js';

/** Stripe's idempotency key of one operation on one of our objects (at most 255 characters, as Stripe allows). */
export function idempotencyKey(operation: string, reference: string): string {
  return `pasarela:${operation}:${reference}`.slice(0, 255);
}

const APPROVED = '00';

/** Stripe did not process an operation (rate limited, key refused): 503 now; the operation's recovery job asks again with the same idempotency key. */
const notProcessed = (why: string) =>
  new ApiError('service_unavailable', `Stripe did not process the operation (${why}); it is retried with the same idempotency key.`);
/** The PaymentIntent cannot do what was asked (already captured, canceled, ...). */
const REFUSED = '12';
/** Stripe asked for the cardholder's authentication (3-D Secure): `1A` while it waits, or when no one can be sent to it. */
const AUTHENTICATION_REQUIRED = '1A';

export class StripeCardNetwork implements CardNetworkConnector {
  readonly available = true;

  constructor(
    private readonly stripe: Stripe,
    /** The gateway's page Stripe sends the cardholder back to after its 3-D Secure page (ConnectorDeps.returnUrl). */
    private readonly returnUrl?: (reference: string) => string,
  ) {}

  async authorize(request: AuthorizeRequest): Promise<AuthorizationResult> {
    // Stripe takes no Colombian installments: a payment in installments is declined before any call to
    // Stripe, rather than charged at once while the payment says otherwise.
    if ((request.installments ?? 1) > 1) return { outcome: 'declined', responseCode: INSTALLMENTS_DECLINED_CODE, networkReference: '' };
    let intent: Stripe.PaymentIntent;
    try {
      const card = request.card;
      const method = await this.stripe.paymentMethods.create(
        {
          type: 'card',
          card: {
            number: card.number.reveal(),
            exp_month: card.expMonth,
            exp_year: card.expYear,
            ...(card.cvv ? { cvc: card.cvv.reveal() } : {}),
          },
          ...(card.holderName ? { billing_details: { name: card.holderName } } : {}),
        },
        { idempotencyKey: idempotencyKey('tokenize', request.reference) },
      );
      // A cardholder at a browser can be sent to Stripe's 3-D Secure page and back through the gateway; anyone else
      // (a terminal) cannot: Stripe then declines with `authentication_required` instead of waiting.
      const back = request.channel === 'ecommerce' && this.returnUrl ? this.returnUrl(request.reference) : undefined;
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          capture_method: 'manual',
          confirm: true,
          payment_method: method.id,
          allowed_payment_method_types: ['card'],
          ...(back ? { return_url: back } : { error_on_requires_action: true }),
          metadata: { pasarela_reference: request.reference },
        },
        { idempotencyKey: idempotencyKey('authorize', request.reference) },
      );
    } catch (error) {
      const failure = classify(error);
      return { outcome: 'declined', responseCode: failure.responseCode, networkReference: (failure.kind === 'declined' && failure.paymentIntent?.id) || '' };
    }
    return authorization(intent);
  }

  async lookup(reference: string): Promise<AuthorizationResult | undefined> {
    const found = await this.stripe.paymentIntents.search({ query: `metadata['pasarela_reference']:'${reference.replace(/[^A-Za-z0-9_-]/g, '')}'`, limit: 1 });
    const intent = found.data[0];
    return intent && authorization(intent);
  }

  /** The PaymentIntent as it is now (a payment waiting for its 3-D Secure asks); undefined when Stripe has none of that id. */
  async authorizationOf(networkReference: string): Promise<AuthorizationResult | undefined> {
    try {
      return authorization(await this.stripe.paymentIntents.retrieve(networkReference));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  private async operate(run: () => Promise<unknown>): Promise<OperationResult> {
    try {
      await run();
      return { outcome: 'succeeded', responseCode: APPROVED };
    } catch (error) {
      const failure = classify(error);
      if (failure.kind === 'not_processed' && failure.responseCode === '91') throw notProcessed(failure.message);
      return { outcome: 'rejected', responseCode: failure.responseCode };
    }
  }

  capture(request: OperationRequest): Promise<OperationResult> {
    return this.operate(() =>
      this.stripe.paymentIntents.capture(
        request.networkReference,
        { amount_to_capture: request.amount },
        { idempotencyKey: idempotencyKey('capture', request.reference) },
      ),
    );
  }

  void(request: OperationRequest): Promise<OperationResult> {
    return this.operate(() =>
      this.stripe.paymentIntents.cancel(
        request.networkReference,
        { cancellation_reason: 'requested_by_customer' },
        { idempotencyKey: idempotencyKey('void', request.reference) },
      ),
    );
  }

  reverse(request: OperationRequest): Promise<OperationResult> {
    return this.operate(() =>
      this.stripe.paymentIntents.cancel(
        request.networkReference,
        { cancellation_reason: 'duplicate' },
        { idempotencyKey: idempotencyKey('reverse', request.reference) },
      ),
    );
  }

  /** Stripe changes an authorized amount only upward, and only for PaymentIntents created for it: refused. */
  adjust(): Promise<OperationResult> {
    return Promise.resolve({ outcome: 'rejected', responseCode: REFUSED });
  }

  async refund(request: OperationRequest): Promise<OperationResult> {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: request.networkReference, amount: request.amount, metadata: { pasarela_reference: request.reference } },
        { idempotencyKey: idempotencyKey('refund', request.reference) },
      );
    } catch (error) {
      const failure = classify(error);
      if (failure.kind === 'not_processed' && failure.responseCode === '91') throw notProcessed(failure.message);
      return { outcome: 'rejected', responseCode: failure.responseCode };
    }
    // A card refund Stripe accepted is `succeeded` or, for some issuers, `pending` until it settles: its `refund.updated`
    // or `refund.failed` notification ends it (payments/refunds/notified.ts), or the recovery job's `refundOf`.
    if (refund.status === 'succeeded') return { outcome: 'succeeded', responseCode: APPROVED, networkReference: refund.id };
    if (refund.status === 'pending' || refund.status === 'requires_action')
      return { outcome: 'succeeded', responseCode: APPROVED, networkReference: refund.id, pending: true };
    return { outcome: 'rejected', responseCode: '57', networkReference: refund.id };
  }

  /**
   * The refund as it is now (`GET /v1/refunds/{id}`, by Stripe's `re_...`): `succeeded`; `failed` or `canceled`
   * after Stripe accepted it (the code of its `failure_reason`, errors.ts `refundFailureCode`, as its `refund.failed`
   * notification ends it); otherwise (`pending`,
   * `requires_action`) not settled yet. Stripe's errors (a 404, a key refused, Stripe unreachable) are thrown: the
   * recovery job asks again with its backoff, and never sends the refund again for it.
   */
  async refundOf(request: RefundLookup): Promise<OperationResult> {
    const refund = await this.stripe.refunds.retrieve(request.refundReference);
    if (refund.status === 'succeeded') return { outcome: 'succeeded', responseCode: APPROVED, networkReference: refund.id };
    if (refund.status === 'failed' || refund.status === 'canceled')
      return { outcome: 'rejected', responseCode: refundFailureCode(refund.failure_reason), networkReference: refund.id };
    return { outcome: 'succeeded', responseCode: APPROVED, networkReference: refund.id, pending: true };
  }

  /** Stripe decides a dispute after the evidence it was sent; the decision arrives as `charge.dispute.closed` (notifications.ts): nothing to ask. */
  decideDispute(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
}

/** A PaymentIntent as our authorization's answer. */
export function authorization(intent: Stripe.PaymentIntent): AuthorizationResult {
  const networkReference = intent.id;
  switch (intent.status) {
    case 'requires_capture':
    case 'succeeded':
      return { outcome: 'approved', responseCode: APPROVED, networkReference };
    case 'processing':
      return { outcome: 'pending', responseCode: '09', networkReference };
    case 'requires_action': {
      // Stripe's 3-D Secure page, to send the cardholder to. `use_stripe_sdk` needs Stripe.js on the merchant's page, which
      // Pasarela's API cannot run: declined, as is any other action.
      const next = intent.next_action;
      const url = next?.type === 'redirect_to_url' ? next.redirect_to_url?.url : undefined;
      if (url) return { outcome: 'pending', responseCode: AUTHENTICATION_REQUIRED, networkReference, action: { redirectUrl: url } };
      return { outcome: 'declined', responseCode: AUTHENTICATION_REQUIRED, networkReference };
    }
    default: {
      // Canceled, or back to requires_payment_method after a decline: the last error says why.
      const error = intent.last_payment_error;
      return { outcome: 'declined', responseCode: error ? isoCode({ decline_code: error.decline_code, code: error.code }) : '05', networkReference };
    }
  }
}
