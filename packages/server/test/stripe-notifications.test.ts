/**
 * Stripe's webhook events for the Stripe connector
 * (src/connectors/stripe/notifications.ts): the signature checked with the
 * `stripe` package's own `webhooks.constructEvent` against the account's
 * `whsec_` secret and our clock, and each event the gateway acts on reduced
 * to its notification kind. Payloads are signed as Stripe signs them
 * (`webhooks.generateTestHeaderString`); the objects are typed with the
 * package's types (the fields the mapping reads, `Pick`ed), so a field
 * Stripe does not send fails to compile.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeConnector } from '../src/connectors/stripe/index.js';
import { stripeNotification, verifiedEvent } from '../src/connectors/stripe/notifications.js';
import { FakeStripe, paymentIntent } from './support/fake-stripe.js';

const SECRET = 'whsec_test0123456789abcdefABCDEF';
const credentials = { secret_key: 'sk_test_0123456789abcdef', webhook_secret: SECRET };
const definition = stripeConnector();
const now = Math.floor(Date.now() / 1000);
const clock = { realNow: () => now * 1000 };

function intent(status: Stripe.PaymentIntent.Status, changes: Partial<Stripe.PaymentIntent> = {}): Stripe.PaymentIntent {
  return {
    ...paymentIntent({ amount: '15000', currency: 'usd', capture_method: 'manual', metadata: { pasarela_reference: 'pay_123' } }, 'pm_1'),
    status,
    ...changes,
  };
}

type ChargeFields = Pick<Stripe.Charge, 'id' | 'object' | 'amount' | 'amount_refunded' | 'refunded' | 'currency' | 'metadata' | 'payment_intent'>;
type DisputeFields = Pick<Stripe.Dispute, 'id' | 'object' | 'amount' | 'currency' | 'reason' | 'status' | 'payment_intent' | 'charge'>;

const event = (type: string, object: Stripe.PaymentIntent | ChargeFields | DisputeFields) => ({
  id: `evt_${type.replace(/\W/g, '_')}`,
  type,
  data: { object },
});

describe('Stripe notifications', () => {
  it("accepts a payload signed with the account's secret, and nothing else", () => {
    const signed = FakeStripe.signed(event('payment_intent.succeeded', intent('succeeded')), SECRET, now);
    expect(definition.verifyNotification!(credentials, signed, clock as never)).toBe(true);
    const tampered = { ...signed, body: Buffer.from(signed.body.toString('utf8').replace('15000', '15001')) };
    expect(definition.verifyNotification!(credentials, tampered, clock as never)).toBe(false);
    const otherSecret = FakeStripe.signed(event('payment_intent.succeeded', intent('succeeded')), 'whsec_another0123456789abcdef', now);
    expect(definition.verifyNotification!(credentials, otherSecret, clock as never)).toBe(false);
    expect(definition.verifyNotification!(credentials, { body: signed.body, headers: {} }, clock as never)).toBe(false);
    // Older than five minutes by our clock: a replay.
    const old = FakeStripe.signed(event('payment_intent.succeeded', intent('succeeded')), SECRET, now - 301);
    expect(definition.verifyNotification!(credentials, old, clock as never)).toBe(false);
    expect(verifiedEvent(SECRET, FakeStripe.signed(event('payment_intent.succeeded', intent('succeeded')), SECRET, now - 299), clock)).toBeDefined();
  });

  const mapped = (type: string, object: Stripe.PaymentIntent | ChargeFields | DisputeFields) => {
    const verified = verifiedEvent(SECRET, FakeStripe.signed(event(type, object), SECRET, now), clock);
    expect(verified).toBeDefined();
    return stripeNotification(verified!);
  };

  it('maps payment_intent.succeeded and payment_intent.canceled to the payment they are about', () => {
    const succeeded = intent('succeeded', { amount_received: 12000 });
    expect(mapped('payment_intent.succeeded', succeeded)).toEqual({
      kind: 'payment_captured',
      eventId: 'evt_payment_intent_succeeded',
      livemode: false,
      paymentIntent: succeeded.id,
      reference: 'pay_123',
      amountReceived: 12000,
      currency: 'USD',
    });
    const canceled = intent('canceled', { cancellation_reason: 'abandoned' });
    expect(mapped('payment_intent.canceled', canceled)).toMatchObject({
      kind: 'payment_canceled',
      paymentIntent: canceled.id,
      reference: 'pay_123',
      reason: 'abandoned',
    });
  });

  it('maps charge.refunded with the amount refunded so far', () => {
    const charge: ChargeFields = {
      id: 'ch_1',
      object: 'charge',
      amount: 15000,
      amount_refunded: 5000,
      refunded: false,
      currency: 'usd',
      metadata: {},
      payment_intent: 'pi_1',
    };
    expect(mapped('charge.refunded', charge)).toMatchObject({
      kind: 'payment_refunded',
      paymentIntent: 'pi_1',
      amountRefunded: 5000,
      fullyRefunded: false,
      currency: 'USD',
    });
  });

  it('maps charge.dispute.created and charge.dispute.closed (won, lost)', () => {
    const dispute: DisputeFields = {
      id: 'dp_1',
      object: 'dispute',
      amount: 15000,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
      payment_intent: 'pi_1',
      charge: 'ch_1',
    };
    expect(mapped('charge.dispute.created', dispute)).toMatchObject({
      kind: 'dispute_opened',
      paymentIntent: 'pi_1',
      disputeId: 'dp_1',
      amount: 15000,
      currency: 'USD',
      reason: 'fraudulent',
    });
    expect(mapped('charge.dispute.closed', { ...dispute, status: 'won' })).toMatchObject({ kind: 'dispute_closed', disputeId: 'dp_1', outcome: 'won' });
    expect(mapped('charge.dispute.closed', { ...dispute, status: 'lost' })).toMatchObject({ kind: 'dispute_closed', outcome: 'lost' });
  });

  it('ignores the events the gateway does not act on', () => {
    expect(mapped('payment_intent.created', intent('requires_confirmation'))).toEqual({
      kind: 'ignored',
      eventId: 'evt_payment_intent_created',
      type: 'payment_intent.created',
    });
  });
});
