/**
 * Stripe's webhook events, checked with the package's own signature check
 * (`stripe.webhooks.constructEvent`: the `Stripe-Signature` header's HMAC of
 * the raw body with the endpoint's `whsec_` secret, and its timestamp within
 * five minutes of our clock) and reduced to the few kinds that move our
 * payments, refunds and chargebacks. The inbound route
 * (connectors/notifications.ts) finds our payment by the PaymentIntent id
 * (its network reference) or by `reference`, our payment id that every
 * PaymentIntent carries in its metadata.
 */
import Stripe from 'stripe';
import type { SandboxClock } from '../../clock/clock.js';
import type { ErrorDetail } from '../../errors/api-error.js';
import type { ReadNotification } from '../notifications.js';
import { isoCode, refundFailureCode } from './errors.js';

/** The events the gateway reads: the endpoint's subscription (docs/connectors.md "Stripe"). */
export const SUBSCRIBED_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

/** Seconds an event's signature stays acceptable (Stripe's own default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

interface About {
  /** Stripe's event id: the same event may be delivered more than once. */
  eventId: string;
  livemode: boolean;
  /** The PaymentIntent the event is about (our payment's network reference, without the account prefix). */
  paymentIntent: string | null;
  /** Our payment id, from the PaymentIntent's metadata when the event carries it. */
  reference: string | null;
}

export type StripeNotification =
  | (About & { kind: 'payment_captured'; amountReceived: number; currency: string })
  | (About & { kind: 'payment_canceled'; reason: string | null })
  | (About & { kind: 'payment_authorized' })
  | (About & {
      kind: 'refund';
      refundId: string;
      refundReference: string | null;
      status: 'pending' | 'succeeded' | 'failed';
      /** Stripe's `failure_reason` of a failed refund. */
      failureReason: string | null;
      amount: number;
      currency: string;
    })
  | (About & { kind: 'payment_failed'; responseCode: string })
  | (About & { kind: 'payment_refunded'; amountRefunded: number; fullyRefunded: boolean; currency: string })
  | (About & { kind: 'dispute_opened'; disputeId: string; amount: number; currency: string; reason: string })
  | (About & { kind: 'dispute_closed'; disputeId: string; outcome: 'won' | 'lost'; status: string })
  | { kind: 'ignored'; eventId: string; type: string };

interface Request {
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** The event, when its signature is Stripe's for this secret and recent; undefined otherwise. */
export function verifiedEvent(webhookSecret: string, request: Request, clock: Pick<SandboxClock, 'realNow'>): Stripe.Event | undefined {
  const header = request.headers['stripe-signature'];
  if (typeof header !== 'string') return undefined;
  try {
    return Stripe.webhooks.constructEvent(request.body, header, webhookSecret, SIGNATURE_TOLERANCE_SECONDS, undefined, clock.realNow());
  } catch {
    return undefined;
  }
}

const idOf = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === 'string' ? value : value.id);
const referenceOf = (value: string | Stripe.PaymentIntent | null): string | null =>
  value !== null && typeof value === 'object' ? (value.metadata['pasarela_reference'] ?? null) : null;

/** What a verified event means to us. */
export function stripeNotification(event: Stripe.Event): StripeNotification {
  const base = { eventId: event.id, livemode: event.livemode };
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        ...base,
        kind: 'payment_captured',
        paymentIntent: intent.id,
        reference: intent.metadata['pasarela_reference'] ?? null,
        amountReceived: intent.amount_received,
        currency: intent.currency.toUpperCase(),
      };
    }
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      return {
        ...base,
        kind: 'payment_canceled',
        paymentIntent: intent.id,
        reference: intent.metadata['pasarela_reference'] ?? null,
        reason: intent.cancellation_reason,
      };
    }
    case 'payment_intent.amount_capturable_updated': {
      // The authorization held (after the cardholder's 3-D Secure, too); sent for every manual-capture PaymentIntent.
      const intent = event.data.object;
      if (intent.status !== 'requires_capture') return { kind: 'ignored', eventId: event.id, type: event.type };
      return { ...base, kind: 'payment_authorized', paymentIntent: intent.id, reference: intent.metadata['pasarela_reference'] ?? null };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const error = intent.last_payment_error;
      return {
        ...base,
        kind: 'payment_failed',
        paymentIntent: intent.id,
        reference: intent.metadata['pasarela_reference'] ?? null,
        responseCode: error ? isoCode({ decline_code: error.decline_code, code: error.code }) : '05',
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      const refund = event.data.object;
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return {
        ...base,
        kind: 'refund',
        paymentIntent: idOf(refund.payment_intent),
        reference: referenceOf(refund.payment_intent),
        refundId: refund.id,
        // Our refund id, which the connector sends with every refund it makes; none on a refund made in Stripe's dashboard.
        refundReference: refund.metadata?.['pasarela_reference'] ?? null,
        status,
        failureReason: status === 'failed' ? (refund.failure_reason ?? null) : null,
        amount: refund.amount,
        currency: refund.currency.toUpperCase(),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        kind: 'payment_refunded',
        paymentIntent: idOf(charge.payment_intent),
        reference: charge.metadata['pasarela_reference'] ?? referenceOf(charge.payment_intent),
        amountRefunded: charge.amount_refunded,
        fullyRefunded: charge.refunded,
        currency: charge.currency.toUpperCase(),
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        ...base,
        kind: 'dispute_opened',
        paymentIntent: idOf(dispute.payment_intent),
        reference: referenceOf(dispute.payment_intent),
        disputeId: dispute.id,
        amount: dispute.amount,
        currency: dispute.currency.toUpperCase(),
        reason: dispute.reason,
      };
    }
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      return {
        ...base,
        kind: 'dispute_closed',
        paymentIntent: idOf(dispute.payment_intent),
        reference: referenceOf(dispute.payment_intent),
        disputeId: dispute.id,
        // `won` returns the funds to the merchant; `lost` and `warning_closed`... leave them with the cardholder or were never taken.
        outcome: dispute.status === 'won' ? 'won' : 'lost',
        status: dispute.status,
      };
    }
    default:
      return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}

/**
 * The inbound path's reading of a verified body (registry.ts `readNotification`):
 * a PaymentIntent succeeded or canceled becomes `payment.captured` /
 * `payment.cancelled`, a dispute opened or closed `dispute.opened` /
 * `dispute.decided`, on the payment of its PaymentIntent. The other events answer
 * 400 naming the type, so the endpoint is subscribed to those four only
 * (docs/connectors.md "Stripe").
 */
/**
 * Stripe's dispute reasons as the card networks' reason codes a chargeback keeps
 * (Visa's, which the sandbox uses too); Stripe's own word stays in `reason`.
 */
const REASON_CODES: Record<string, string> = {
  fraudulent: '10.4',
  unrecognized: '10.4',
  duplicate: '12.6.1',
  product_not_received: '13.1',
  subscription_canceled: '13.2',
  product_unacceptable: '13.3',
  credit_not_processed: '13.6',
};

export function readStripeNotification(body: Buffer): ReadNotification | ErrorDetail[] {
  let event: Stripe.Event;
  try {
    event = JSON.parse(body.toString('utf8')) as Stripe.Event;
  } catch {
    return [{ field: '(body)', message: 'is not valid JSON' }];
  }
  if (!event || typeof event !== 'object' || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data)
    return [{ field: '(body)', message: 'is not a Stripe event' }];
  let read: StripeNotification;
  try {
    read = stripeNotification(event);
  } catch {
    // Signed with the account's secret, yet not the shape Stripe sends for its type.
    return [{ field: 'data.object', message: `is not a ${event.type} object` }];
  }
  // charge.refunded names no refund (its list is not sent since Stripe's 2022-11-15 API version): the refund.* events do.
  if (read.kind === 'ignored' || read.kind === 'payment_refunded')
    return [
      {
        field: 'type',
        message: `${event.type} is not handled: subscribe the endpoint to ${SUBSCRIBED_EVENTS.join(', ')}`,
      },
    ];
  const payment = {
    ...(read.reference ? { reference: read.reference } : {}),
    ...(read.paymentIntent ? { network_reference: read.paymentIntent } : {}),
  };
  if (!read.reference && !read.paymentIntent) return [{ field: 'data.object.payment_intent', message: 'is required' }];
  // Captured or cancelled at Stripe: by Pasarela's own call (then the payment is already so, and nothing changes), or in Stripe's dashboard.
  if (read.kind === 'payment_captured')
    return { id: read.eventId, notification: { kind: 'payment.captured', payment, amount: read.amountReceived, currency: read.currency } };
  if (read.kind === 'payment_canceled') return { id: read.eventId, notification: { kind: 'payment.cancelled', payment } };
  // Decided after Stripe's 3-D Secure page; for any other payment (the echo of its own authorization) nothing changes.
  if (read.kind === 'payment_authorized')
    return { id: read.eventId, notification: { kind: 'payment.authorization_decided', payment, outcome: 'approved', response_code: '00' } };
  if (read.kind === 'payment_failed')
    return { id: read.eventId, notification: { kind: 'payment.authorization_decided', payment, outcome: 'declined', response_code: read.responseCode } };
  if (read.kind === 'refund')
    return {
      id: read.eventId,
      notification: {
        kind: 'refund.updated',
        payment,
        refund: { ...(read.refundReference ? { reference: read.refundReference } : {}), network_reference: read.refundId },
        status: read.status,
        amount: read.amount,
        currency: read.currency,
        ...(read.status === 'failed' ? { response_code: refundFailureCode(read.failureReason) } : {}),
      },
    };
  if (read.kind === 'dispute_opened')
    return {
      id: read.eventId,
      notification: {
        kind: 'dispute.opened',
        payment,
        amount: read.amount,
        currency: read.currency,
        reason_code: REASON_CODES[read.reason] ?? 'general',
        reason: `Stripe dispute: ${read.reason}`,
      },
    };
  return { id: read.eventId, notification: { kind: 'dispute.decided', payment, outcome: read.outcome, reason: `Stripe closed the dispute: ${read.status}` } };
}
