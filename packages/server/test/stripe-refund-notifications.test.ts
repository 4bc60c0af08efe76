/**
 * Stripe's refund notifications (payments/refunds/notified.ts, connectors/stripe/
 * notifications.ts): a refund Stripe accepted as `pending` stays PENDING until
 * its `refund.updated` (succeeded) or `refund.failed` ends it, with its
 * webhook event; a refund made in Stripe's Dashboard is recorded once as a
 * SUCCEEDED refund of the payment; the echoes of our own refunds change
 * nothing; `charge.refunded`, which names no refund, is 400. Against the fake
 * Stripe, real gateway, real HTTP, both dialects.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeConnector } from '../src/connectors/stripe/index.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { dialects } from './support/dialects.js';
import { FakeStripe, routeCardsToStripe } from './support/fake-stripe.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const WEBHOOK_SECRET = 'whsec_test0123456789abcdefABCDEF';

interface RefundReply {
  id: string;
  status: string;
  amount: string;
  response_code: string | null;
  payment_id: string;
}

describe.each(dialects)("Stripe's refund notifications on $name", (dialect) => {
  let fake: FakeStripe;
  let gw: TestGateway;
  let token: string;
  let account: string;

  beforeAll(async () => {
    fake = await FakeStripe.start();
    gw = await startGateway(dialect, {}, { connectors: [stripeConnector(fake.endpoint())] });
    token = await (await gw.client()).token();
    account = await routeCardsToStripe(gw, token, fake, WEBHOOK_SECRET);
  });
  afterAll(async () => {
    await gw.close();
    await fake.close();
  });

  async function captured(amount = 100) {
    const instrumentId = await tokenize(gw, token, { number: '4242424242424242' });
    const reply = await pay(gw, token, { instrumentId, amount, capture: false });
    expect(reply.body.status, reply.text).toBe('AUTHORIZED');
    const capture = await gw.request<PaymentReply>('POST', `/v1/payments/${reply.body.id}/capture`, { token, body: {} });
    expect(capture.status, capture.text).toBe(200);
    const intent = [...fake.intents.values()].find((i) => i.metadata['pasarela_reference'] === reply.body.id)!;
    return { id: reply.body.id, intent: intent.id };
  }
  const notify = async (id: string, type: string, object: Stripe.Refund | Record<string, unknown>) => {
    const signed = FakeStripe.signed({ id, type, data: { object } }, WEBHOOK_SECRET);
    return gw.request<{ kind: string; status: string; replayed: boolean; payment_id: string }>('POST', `/v1/connector-accounts/${account}/notifications`, {
      rawBody: signed.body.toString('utf8'),
      headers: signed.headers,
    });
  };
  const payment = async (id: string) => (await gw.request<PaymentReply & { amount_refunded: string }>('GET', `/v1/payments/${id}`, { token })).body;
  const refunds = async (paymentId: string) => (await gw.request<{ data: RefundReply[] }>('GET', `/v1/refunds?payment_id=${paymentId}`, { token })).body.data;
  const refundEvents = async (refundId: string) =>
    (await gw.db.selectFrom('events').select(['type', 'data']).where('type', 'like', 'refund.%').orderBy('id').execute())
      .filter((e) => String(e.data).includes(refundId))
      .map((e) => e.type);
  const stripeRefundOf = (refundId: string) => [...fake.refunds.values()].find((r) => r.metadata?.['pasarela_reference'] === refundId)!;

  it('a refund Stripe accepted as pending stays PENDING until refund.updated says it succeeded; its event follows; the echoes change nothing', async () => {
    const { id } = await captured();
    fake.refundStatus = 'pending';
    let refund: RefundReply;
    try {
      const reply = await gw.request<RefundReply>('POST', `/v1/payments/${id}/refund`, { token, body: { amount: 40 } });
      expect(reply.status, reply.text).toBe(201);
      refund = reply.body;
    } finally {
      fake.refundStatus = 'succeeded';
    }
    expect(refund.status).toBe('PENDING');
    expect((await payment(id)).amount_refunded).toBe('0.00');
    expect(await refundEvents(refund.id)).toEqual([]);
    const upstream = stripeRefundOf(refund.id);
    // refund.created of our own pending refund: nothing changes yet.
    expect((await notify(`evt_created_${refund.id}`, 'refund.created', upstream)).body).toMatchObject({ kind: 'refund.updated', status: 'ignored' });

    const settled = await notify(`evt_updated_${refund.id}`, 'refund.updated', fake.settleRefund(upstream.id, 'succeeded'));
    expect(settled.status, settled.text).toBe(200);
    expect(settled.body).toMatchObject({ kind: 'refund.updated', payment_id: id, status: 'processed', replayed: false });
    expect((await gw.request<RefundReply>('GET', `/v1/refunds/${refund.id}`, { token })).body).toMatchObject({ status: 'SUCCEEDED', response_code: '00' });
    expect((await payment(id)).amount_refunded).toBe('40.00');
    expect(await refundEvents(refund.id)).toEqual(['refund.succeeded']);
    // The same event again, and another event of the same refund: nothing more.
    expect((await notify(`evt_updated_${refund.id}`, 'refund.updated', upstream)).body).toMatchObject({ replayed: true });
    expect((await notify(`evt_again_${refund.id}`, 'charge.refund.updated', upstream)).body).toMatchObject({ status: 'ignored' });
    expect((await payment(id)).amount_refunded).toBe('40.00');
    expect(await refundEvents(refund.id)).toEqual(['refund.succeeded']);
  });

  it('refund.failed ends a pending refund REJECTED and frees its amount; the echo of a refund that succeeded at once is ignored', async () => {
    const { id } = await captured();
    fake.refundStatus = 'pending';
    const pending = await gw.request<RefundReply>('POST', `/v1/payments/${id}/refund`, { token, body: {} }).finally(() => {
      fake.refundStatus = 'succeeded';
    });
    expect(pending.body.status).toBe('PENDING');
    // Nothing is left to refund while the whole amount is in flight.
    expect((await gw.request('POST', `/v1/payments/${id}/refund`, { token, body: { amount: 1 } })).status).toBe(409);
    const failed = await notify(`evt_failed_${pending.body.id}`, 'refund.failed', fake.settleRefund(stripeRefundOf(pending.body.id).id, 'failed'));
    expect(failed.body).toMatchObject({ status: 'processed' });
    // Stripe's failure_reason (the fake's expired_or_canceled_card) as its ISO code.
    expect((await gw.request<RefundReply>('GET', `/v1/refunds/${pending.body.id}`, { token })).body).toMatchObject({ status: 'REJECTED', response_code: '54' });
    expect(await refundEvents(pending.body.id)).toEqual(['refund.rejected']);
    // The amount is free again: a refund that succeeds at once, whose refund.created echo changes nothing.
    const again = await gw.request<RefundReply>('POST', `/v1/payments/${id}/refund`, { token, body: { amount: 30 } });
    expect(again.body.status, again.text).toBe('SUCCEEDED');
    expect((await notify(`evt_echo_${again.body.id}`, 'refund.created', stripeRefundOf(again.body.id))).body).toMatchObject({ status: 'ignored' });
    expect((await payment(id)).amount_refunded).toBe('30.00');
    expect(await refundEvents(again.body.id)).toEqual(['refund.succeeded']);
  });

  it("a refund made in Stripe's Dashboard is recorded once as a SUCCEEDED refund of the payment, with refund.succeeded", async () => {
    const { id, intent } = await captured(100);
    const dashboard = fake.dashboardRefund(intent, 2500)!;
    expect(dashboard.metadata).toEqual({});
    const recorded = await notify(`evt_dash_${dashboard.id}`, 'refund.created', dashboard);
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.body).toMatchObject({ kind: 'refund.updated', payment_id: id, status: 'processed' });
    const [refund, ...others] = await refunds(id);
    expect(others).toEqual([]);
    expect(refund).toMatchObject({ status: 'SUCCEEDED', amount: '25.00', response_code: '00' });
    expect((await payment(id)).amount_refunded).toBe('25.00');
    expect(await refundEvents(refund!.id)).toEqual(['refund.succeeded']);
    // Stripe's other events of the same refund: recorded already.
    expect((await notify(`evt_dash_upd_${dashboard.id}`, 'refund.updated', dashboard)).body).toMatchObject({ status: 'ignored' });
    expect(await refunds(id)).toHaveLength(1);
    expect((await payment(id)).amount_refunded).toBe('25.00');
    // The rest is still refundable through the gateway, and no more.
    expect((await gw.request<RefundReply>('POST', `/v1/payments/${id}/refund`, { token, body: {} })).body).toMatchObject({
      status: 'SUCCEEDED',
      amount: '75.00',
    });
  });

  it('charge.refunded names no refund: 400 naming the type, nothing stored', async () => {
    const { intent } = await captured();
    const charge = {
      id: 'ch_x',
      object: 'charge',
      amount: 10000,
      amount_refunded: 10000,
      refunded: true,
      currency: 'usd',
      metadata: {},
      payment_intent: intent,
    };
    const reply = await gw.request<{ error: { details: Array<{ field: string; message: string }> } }>(
      'POST',
      `/v1/connector-accounts/${account}/notifications`,
      (() => {
        const signed = FakeStripe.signed({ id: 'evt_charge_refunded', type: 'charge.refunded', data: { object: charge } }, WEBHOOK_SECRET);
        return { rawBody: signed.body.toString('utf8'), headers: signed.headers };
      })(),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error.details).toEqual([{ field: 'type', message: expect.stringContaining('refund.updated') }]);
  });
});
