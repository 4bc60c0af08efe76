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

  interface Entry {
    type: string;
    net: string;
    source: { object: string; id: string };
    postings: Array<{ debit: string; credit: string; amount: string }>;
  }
  const entriesOf = async (paymentId: string) =>
    (await gw.request<{ data: Entry[] }>('GET', `/v1/balance/transactions?payment_id=${paymentId}&limit=100`, { token })).body.data;
  const pendingBalance = async () =>
    (await gw.request<{ balances: Array<{ currency: string; pending: string }> }>('GET', '/v1/balance', { token })).body.balances.find(
      (b) => b.currency === 'USD',
    )!.pending;
  /** Every ledger account of the organization in USD (credits less debits, minor units), from the stored postings. */
  const accountsOf = async (paymentId: string) => {
    const { organization_id } = await gw.db.selectFrom('payments').select('organization_id').where('id', '=', paymentId).executeTakeFirstOrThrow();
    const rows = await gw.db.selectFrom('ledger_postings').selectAll().where('organization_id', '=', organization_id).where('currency', '=', 'USD').execute();
    const out: Record<string, number> = {};
    for (const p of rows) {
      out[p.credit_account] = (out[p.credit_account] ?? 0) + Number(p.amount);
      out[p.debit_account] = (out[p.debit_account] ?? 0) - Number(p.amount);
    }
    return out;
  };
  const refundTransaction = async (refundId: string) => {
    const refund = (await gw.request<RefundReply & { transaction_id: string }>('GET', `/v1/refunds/${refundId}`, { token })).body;
    return (await gw.request<{ type: string; status: string; response_code: string | null }>('GET', `/v1/transactions/${refund.transaction_id}`, { token }))
      .body;
  };

  it('a refund that succeeded and then failed at Stripe is REJECTED: the payment is APPROVED again with its amount back, refund.rejected, a refund_failure entry, refundable again', async () => {
    const { id } = await captured(100);
    const before = await pendingBalance();
    const refund = (await gw.request<RefundReply>('POST', `/v1/payments/${id}/refund`, { token, body: {} })).body;
    expect(refund).toMatchObject({ status: 'SUCCEEDED', amount: '100.00' });
    expect(await payment(id)).toMatchObject({ status: 'REFUNDED', amount_refunded: '100.00' });
    expect(await pendingBalance()).not.toBe(before);
    const upstream = stripeRefundOf(refund.id);
    expect((await notify(`evt_echo_${refund.id}`, 'refund.created', upstream)).body).toMatchObject({ status: 'ignored' });

    // The card's account was closed: Stripe fails the refund and the money comes back to the merchant's Stripe balance.
    const failed = await notify(`evt_failed_${refund.id}`, 'refund.failed', fake.failRefund(upstream.id, 'expired_or_canceled_card'));
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body).toMatchObject({ kind: 'refund.updated', payment_id: id, status: 'processed', replayed: false });
    expect((await gw.request<RefundReply>('GET', `/v1/refunds/${refund.id}`, { token })).body).toMatchObject({ status: 'REJECTED', response_code: '54' });
    expect(await refundTransaction(refund.id)).toMatchObject({ type: 'refund', status: 'REJECTED', response_code: '54' });
    expect(await payment(id)).toMatchObject({ status: 'APPROVED', amount_refunded: '0.00' });
    expect(await refundEvents(refund.id)).toEqual(['refund.succeeded', 'refund.rejected']);

    // The ledger books the money coming back: the refund's mirror image, and the merchant's balance is what it was.
    const entries = await entriesOf(id);
    const refunded = entries.find((e) => e.type === 'refund')!;
    const returned = entries.find((e) => e.type === 'refund_failure')!;
    expect(refunded).toMatchObject({ net: '-100.00', source: { object: 'refund', id: refund.id } });
    expect(returned).toMatchObject({
      net: '100.00',
      source: { object: 'refund', id: refund.id },
      postings: [{ debit: 'processor_clearing', credit: 'merchant_pending', amount: '100.00' }],
    });
    expect(await pendingBalance()).toBe(before);
    const accounts = await accountsOf(id);
    expect(Object.values(accounts).reduce((sum, v) => sum + v, 0)).toBe(0);

    // Nothing was given back, so all of it can be refunded again.
    const again = await gw.request<RefundReply>('POST', `/v1/payments/${id}/refund`, { token, body: {} });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toMatchObject({ status: 'SUCCEEDED', amount: '100.00' });
    expect(await payment(id)).toMatchObject({ status: 'REFUNDED', amount_refunded: '100.00' });
    expect((await gw.request('POST', `/v1/payments/${id}/refund`, { token, body: { amount: 1 } })).status).toBe(409);
  });

  it('the failure delivered twice, by another event, or followed by a stale succeeded changes nothing more: the refund stays REJECTED', async () => {
    const { id } = await captured(100);
    const refund = (await gw.request<RefundReply>('POST', `/v1/payments/${id}/refund`, { token, body: { amount: 40 } })).body;
    expect(refund.status).toBe('SUCCEEDED');
    expect(await payment(id)).toMatchObject({ status: 'APPROVED', amount_refunded: '40.00' });
    const stale = structuredClone(stripeRefundOf(refund.id));
    const failedRefund = fake.failRefund(stale.id, 'lost_or_stolen_card');

    expect((await notify(`evt_upd_failed_${refund.id}`, 'refund.updated', failedRefund)).body).toMatchObject({ status: 'processed' });
    const once = { payment: await payment(id), entries: await entriesOf(id), events: await refundEvents(refund.id) };
    expect(once.payment).toMatchObject({ status: 'APPROVED', amount_refunded: '0.00' });
    expect(once.entries.filter((e) => e.type === 'refund_failure')).toHaveLength(1);
    expect((await gw.request<RefundReply>('GET', `/v1/refunds/${refund.id}`, { token })).body).toMatchObject({ status: 'REJECTED', response_code: '41' });

    // The same event again; Stripe's other events of the same failure; a `succeeded` that was sent before the failure and arrives after it.
    expect((await notify(`evt_upd_failed_${refund.id}`, 'refund.updated', failedRefund)).body).toMatchObject({ replayed: true });
    expect((await notify(`evt_failed_${refund.id}`, 'refund.failed', failedRefund)).body).toMatchObject({ status: 'ignored' });
    expect((await notify(`evt_charge_upd_${refund.id}`, 'charge.refund.updated', failedRefund)).body).toMatchObject({ status: 'ignored' });
    expect((await notify(`evt_stale_${refund.id}`, 'refund.updated', stale)).body).toMatchObject({ status: 'ignored' });

    expect((await gw.request<RefundReply>('GET', `/v1/refunds/${refund.id}`, { token })).body).toMatchObject({ status: 'REJECTED', response_code: '41' });
    expect(await payment(id)).toEqual(once.payment);
    expect(await entriesOf(id)).toEqual(once.entries);
    expect(await refundEvents(refund.id)).toEqual(once.events);
    expect(once.events).toEqual(['refund.succeeded', 'refund.rejected']);
    expect((await gw.request<RefundReply>('POST', `/v1/payments/${id}/refund`, { token, body: {} })).body).toMatchObject({
      status: 'SUCCEEDED',
      amount: '100.00',
    });
  });

  it("a refund made in Stripe's Dashboard that fails afterwards is REJECTED the same way", async () => {
    const { id, intent } = await captured(100);
    const dashboard = fake.dashboardRefund(intent, 10000)!;
    expect((await notify(`evt_dash_${dashboard.id}`, 'refund.created', dashboard)).body).toMatchObject({ status: 'processed' });
    const [refund] = await refunds(id);
    expect(await payment(id)).toMatchObject({ status: 'REFUNDED', amount_refunded: '100.00' });
    expect((await notify(`evt_dash_failed_${dashboard.id}`, 'refund.failed', fake.failRefund(dashboard.id, 'unknown'))).body).toMatchObject({
      status: 'processed',
    });
    expect(await refunds(id)).toEqual([expect.objectContaining({ id: refund!.id, status: 'REJECTED', response_code: '05' })]);
    expect(await payment(id)).toMatchObject({ status: 'APPROVED', amount_refunded: '0.00' });
    expect(await refundEvents(refund!.id)).toEqual(['refund.succeeded', 'refund.rejected']);
    expect((await entriesOf(id)).map((e) => e.type).sort()).toEqual(['payment', 'refund', 'refund_failure']);
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
