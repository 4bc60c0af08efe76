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
