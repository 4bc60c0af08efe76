/**
 * The recovery job of a refund the processor accepted as pending
 * (payments/refunds/recovery.ts): Stripe answers `pending`, Mercado Pago
 * `in_process`; the processor's notification never comes (Stripe's
 * `refund.updated` lost for good; Mercado Pago sends none the gateway reads);
 * the processor settles the refund later. Sending the refund again under its
 * idempotency key would only replay `pending`, so the job reads the refund by
 * the processor's own id (`GET /v1/refunds/{id}`,
 * `GET /v1/payments/{id}/refunds/{refund_id}`), through the account the
 * payment was routed to, and ends it: SUCCEEDED (the payment's refunded
 * amount counts it) or REJECTED `05` (its amount refundable again); while the
 * processor still has it pending, the job looks again later. Time moves on
 * the gateway's injected clock; the due jobs run at once (`runDue`). Against
 * the fake Stripe and the fake Mercado Pago, real gateway, real HTTP, both
 * dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercadoPagoConnector } from '../src/connectors/mercadopago/index.js';
import { stripeConnector } from '../src/connectors/stripe/index.js';
import { REFUND_CONFIRM_AFTER_SECONDS } from '../src/payments/refunds/confirm.js';
import { nextLookSeconds } from '../src/payments/refunds/recovery.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { MovableTime } from './support/clock.js';
import { routeCardsTo } from './support/connector-accounts.js';
import { dialects } from './support/dialects.js';
import { FakeMercadoPago } from './support/fake-mercadopago.js';
import { FakeStripe, routeCardsToStripe } from './support/fake-stripe.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const STRIPE_WEBHOOK_SECRET = 'whsec_test0123456789abcdefABCDEF';
const MERCADOPAGO_WEBHOOK_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

interface RefundReply {
  id: string;
  status: string;
  amount: string;
  response_code: string | null;
}
interface ErrorReply {
  error: { code: string };
}

/** One processor as the tests use it: its organization's token, a captured payment, and the fake's side of a refund. */
interface Processor {
  /** Its organization's token; `renewToken` gets another after the time moved past its expiry. */
  token: string;
  renewToken(): Promise<void>;
  /** A captured payment of `amount`, routed to the processor: its id. */
  captured(amount: number): Promise<string>;
  /** Refunds from now on answer pending (`true`) or settle at once. */
  answerPending(pending: boolean): void;
  /** The processor answers 429 to everything, processing nothing (`true`), or answers again. */
  rateLimited(on: boolean): void;
  /** The issuer settles the refund the processor left pending. */
  settle(refundId: string, outcome: 'succeeded' | 'failed'): void;
  /** The processor's requests that sent this refund (POST, its idempotency key) and that read it (GET by the processor's id). */
  sends(refundId: string): number;
  reads(refundId: string): number;
  /** The refund's id at the processor. */
  upstreamId(refundId: string): string;
  /** The response code a refund `settle(…, 'failed')` failed is REJECTED with. */
  failedCode: string;
  /** A payment amount, and a part of it to refund. */
  amount: number;
  part: number;
}

describe.each(dialects)('the recovery of a refund the processor left pending, on $name', (dialect) => {
  let stripe: FakeStripe;
  let mercadopago: FakeMercadoPago;
  let gw: TestGateway;
  const time = new MovableTime();
  const processors = {} as Record<'Stripe' | 'Mercado Pago', Processor>;

  beforeAll(async () => {
    stripe = await FakeStripe.start();
    mercadopago = await FakeMercadoPago.start();
    gw = await startGateway(dialect, {}, { connectors: [stripeConnector(stripe.endpoint()), mercadoPagoConnector(mercadopago.endpoint())], time });

    const stripeClient = await gw.client();
    const stripeToken = await stripeClient.token();
    await routeCardsToStripe(gw, stripeToken, stripe, STRIPE_WEBHOOK_SECRET);
    const stripeCard = await tokenize(gw, stripeToken, { number: '4242424242424242' });
    const stripeRefund = (refundId: string) => [...stripe.refunds.values()].find((r) => r.metadata?.['pasarela_reference'] === refundId)!;
    processors.Stripe = {
      token: stripeToken,
      renewToken: async () => {
        processors.Stripe.token = await stripeClient.token();
      },
      amount: 100,
      part: 40,
      captured: (amount) => captured(processors.Stripe.token, stripeCard, amount, 'USD'),
      answerPending: (pending) => {
        stripe.refundStatus = pending ? 'pending' : 'succeeded';
      },
      rateLimited: (on) => {
        stripe.mode = on ? 'rate_limited' : 'normal';
      },
      settle: (refundId, outcome) => void stripe.settleRefund(stripeRefund(refundId).id, outcome),
      sends: (refundId) => stripe.requests.filter((r) => r.method === 'POST' && r.idempotencyKey === `pasarela:refund:${refundId}`).length,
      reads: (refundId) => stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/refunds/${stripeRefund(refundId).id}`).length,
      upstreamId: (refundId) => stripeRefund(refundId).id,
      // The fake fails a refund with `failure_reason: expired_or_canceled_card`.
      failedCode: '54',
    };

    const mercadopagoClient = await gw.client();
    const mercadopagoToken = await mercadopagoClient.token();
    await routeCardsTo(gw, mercadopagoToken, 'mercadopago', {
      access_token: mercadopago.accessToken,
      webhook_secret: MERCADOPAGO_WEBHOOK_SECRET,
      payer_email: 'pagos@tienda.example',
    });
    const mercadopagoCard = await tokenize(gw, mercadopagoToken, { number: '4013540682746260', holder: 'APRO' });
    // The refund Mercado Pago made for our refund: the one its first answer under the refund's idempotency key named.
    const mercadopagoRefund = (refundId: string) => {
      const answer = mercadopago.firstAnswer(`pasarela:refund:${refundId}`) as { id?: number } | undefined;
      return mercadopago.refunds.find((r) => r.id === answer?.id)!;
    };
    processors['Mercado Pago'] = {
      token: mercadopagoToken,
      renewToken: async () => {
        processors['Mercado Pago'].token = await mercadopagoClient.token();
      },
      amount: 150000,
      part: 20000,
      captured: (amount) => captured(processors['Mercado Pago'].token, mercadopagoCard, amount, 'COP'),
      answerPending: (pending) => {
        mercadopago.refundStatus = pending ? 'in_process' : 'approved';
      },
      rateLimited: (on) => {
        mercadopago.mode = on ? 'rate_limited' : 'normal';
      },
      settle: (refundId, outcome) => void mercadopago.settleRefund(mercadopagoRefund(refundId).id!, outcome === 'succeeded' ? 'approved' : 'rejected'),
      sends: (refundId) => mercadopago.requests.filter((r) => r.method === 'POST' && r.idempotencyKey === `pasarela:refund:${refundId}`).length,
      reads: (refundId) => {
        const refund = mercadopagoRefund(refundId);
        return mercadopago.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payments/${refund.payment_id}/refunds/${refund.id}`).length;
      },
      upstreamId: (refundId) => String(mercadopagoRefund(refundId).id),
      failedCode: '05',
    };
  });
  afterAll(async () => {
    await gw.close();
    await stripe.close();
    await mercadopago.close();
  });

  async function captured(token: string, instrumentId: string, amount: number, currency: string): Promise<string> {
    const paid = await pay(gw, token, { instrumentId, amount, currency, capture: false });
    expect(paid.body.status, paid.text).toBe('AUTHORIZED');
    const capture = await gw.request<PaymentReply>('POST', `/v1/payments/${paid.body.id}/capture`, { token, body: {} });
    expect(capture.body.captured_at, capture.text).not.toBeNull();
    return paid.body.id;
  }

  /** A refund of `amount` the processor answers pending: PENDING, holding its amount. */
  async function pendingRefund(processor: Processor, paymentId: string, amount: number): Promise<RefundReply> {
    processor.answerPending(true);
    const reply = await gw
      .request<RefundReply>('POST', `/v1/payments/${paymentId}/refund`, { token: processor.token, body: { amount } })
      .finally(() => processor.answerPending(false));
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ status: 'PENDING', response_code: null });
    expect(await storedReference(reply.body.id)).toBe(processor.upstreamId(reply.body.id));
    return reply.body;
  }

  /** Moves the gateway's time `seconds` on and runs every job due then. */
  async function later(seconds: number): Promise<void> {
    time.advance(seconds);
    await gw.gateway.jobs.runDue();
  }

  const getRefund = async (processor: Processor, id: string) => (await gw.request<RefundReply>('GET', `/v1/refunds/${id}`, { token: processor.token })).body;
  const getPayment = async (processor: Processor, id: string) => (await gw.request<PaymentReply>('GET', `/v1/payments/${id}`, { token: processor.token })).body;
  const refundEvents = async (refundId: string) =>
    (await gw.db.selectFrom('events').select(['type', 'data']).where('type', 'like', 'refund.%').orderBy('id').execute())
      .filter((e) => String(e.data).includes(refundId))
      .map((e) => e.type);
  const storedReference = async (refundId: string) =>
    (await gw.db.selectFrom('refunds').select('network_reference').where('id', '=', refundId).executeTakeFirstOrThrow()).network_reference;
  const refundTransaction = async (refundId: string) =>
    gw.db.selectFrom('transactions').select(['status', 'response_code']).where('refund_id', '=', refundId).executeTakeFirstOrThrow();

  describe.each(['Stripe', 'Mercado Pago'] as const)('%s', (name) => {
    it('answered pending, its notification never delivered, settled later: the recovery job reads it by the processor id and it is SUCCEEDED', async () => {
      const processor = processors[name];
      const paymentId = await processor.captured(processor.amount);
      const refund = await pendingRefund(processor, paymentId, processor.part);
      expect((await getPayment(processor, paymentId)).amount_refunded).toMatch(/^0(\.00)?$/);

      processor.settle(refund.id, 'succeeded');
      await later(61);

      expect(await getRefund(processor, refund.id)).toMatchObject({ status: 'SUCCEEDED', response_code: '00', amount: refund.amount });
      expect(await refundTransaction(refund.id)).toEqual({ status: 'SUCCEEDED', response_code: '00' });
      expect((await getPayment(processor, paymentId)).amount_refunded).toBe(refund.amount);
      expect(await refundEvents(refund.id)).toEqual(['refund.succeeded']);
      // Read once by the processor's id; never sent again (a send again would only replay `pending`).
      expect(processor.reads(refund.id)).toBe(1);
      expect(processor.sends(refund.id)).toBe(1);

      // Ended: the job looks no more.
      await later(nextLookSeconds(1) + 1);
      expect(processor.reads(refund.id)).toBe(1);
    });

    it('answered pending, failed later: the recovery job ends it REJECTED and its amount can be refunded again', async () => {
      const processor = processors[name];
      const paymentId = await processor.captured(processor.amount);
      const refund = await pendingRefund(processor, paymentId, processor.amount);
      // The whole amount is held while the refund is pending.
      expect((await gw.request('POST', `/v1/payments/${paymentId}/refund`, { token: processor.token, body: { amount: 1 } })).status).toBe(409);

      processor.settle(refund.id, 'failed');
      await later(61);

      expect(await getRefund(processor, refund.id)).toMatchObject({ status: 'REJECTED', response_code: processor.failedCode });
      expect(await refundTransaction(refund.id)).toEqual({ status: 'REJECTED', response_code: processor.failedCode });
      expect(await refundEvents(refund.id)).toEqual(['refund.rejected']);
      expect(processor.sends(refund.id)).toBe(1);
      expect((await getPayment(processor, paymentId)).amount_refunded).toMatch(/^0(\.00)?$/);
      // The amount is free again: a refund of all of it goes through.
      const again = await gw.request<RefundReply>('POST', `/v1/payments/${paymentId}/refund`, { token: processor.token, body: {} });
      expect(again.status, again.text).toBe(201);
      expect(again.body).toMatchObject({ status: 'SUCCEEDED', amount: refund.amount });
      expect(await getPayment(processor, paymentId)).toMatchObject({ status: 'REFUNDED', amount_refunded: refund.amount });
    });

    it('still pending at the processor: the job looks again, two minutes later, then four, until it is settled', async () => {
      const processor = processors[name];
      const paymentId = await processor.captured(processor.amount);
      const refund = await pendingRefund(processor, paymentId, processor.part);

      await later(61);
      expect(processor.reads(refund.id)).toBe(1);
      expect(await getRefund(processor, refund.id)).toMatchObject({ status: 'PENDING' });
      // Not before the next look is due.
      await later(nextLookSeconds(1) - 10);
      expect(processor.reads(refund.id)).toBe(1);
      await later(11);
      expect(processor.reads(refund.id)).toBe(2);
      expect(await getRefund(processor, refund.id)).toMatchObject({ status: 'PENDING' });

      processor.settle(refund.id, 'succeeded');
      await later(nextLookSeconds(2) + 1);
      expect(processor.reads(refund.id)).toBe(3);
      expect(await getRefund(processor, refund.id)).toMatchObject({ status: 'SUCCEEDED' });
      expect((await getPayment(processor, paymentId)).amount_refunded).toBe(refund.amount);
      expect(processor.sends(refund.id)).toBe(1);
    });

    it('the processor unreachable for a day: the job keeps sending it, at most about an hour apart, and ends it once the processor answers', async () => {
      const processor = processors[name];
      const paymentId = await processor.captured(processor.amount);
      processor.rateLimited(true);
      try {
        const reply = await gw.request<ErrorReply>('POST', `/v1/payments/${paymentId}/refund`, { token: processor.token, body: { amount: processor.part } });
        expect(reply.status, JSON.stringify(reply.body)).toBe(503);
        const [refund] = (await gw.request<{ data: RefundReply[] }>('GET', `/v1/refunds?payment_id=${paymentId}`, { token: processor.token })).body.data;
        // A day of refused sends: far past the 10 attempts (about 17 minutes) a job gets by default.
        for (let hour = 0; hour < 24; hour++) await later(3600);
        // The organizations' tokens expired meanwhile.
        for (const each of Object.values(processors)) await each.renewToken();
        expect(await getRefund(processor, refund!.id)).toMatchObject({ status: 'PENDING' });
        const sent = processor.sends(refund!.id);
        // The first send and 10 attempts was all a job got before; about one an hour since.
        expect(sent).toBeGreaterThan(11);

        processor.rateLimited(false);
        // The backoff's longest wait: an hour, with up to 20% jitter.
        await later(3600 * 1.2 + 1);
        expect(processor.sends(refund!.id)).toBe(sent + 1);
        expect(await getRefund(processor, refund!.id)).toMatchObject({ status: 'SUCCEEDED', response_code: '00', amount: refund!.amount });
        expect((await getPayment(processor, paymentId)).amount_refunded).toBe(refund!.amount);
      } finally {
        processor.rateLimited(false);
      }
    });

    it('its first send unanswered (rate limited): the job sends it again under the same key, then reads it by the id that answer gave', async () => {
      const processor = processors[name];
      const paymentId = await processor.captured(processor.amount);
      processor.rateLimited(true);
      const reply = await gw
        .request<ErrorReply>('POST', `/v1/payments/${paymentId}/refund`, { token: processor.token, body: { amount: processor.part } })
        .finally(() => processor.rateLimited(false));
      expect(reply.status, JSON.stringify(reply.body)).toBe(503);
      const [refund, ...others] = (await gw.request<{ data: RefundReply[] }>('GET', `/v1/refunds?payment_id=${paymentId}`, { token: processor.token })).body
        .data;
      expect(others).toEqual([]);
      expect(refund).toMatchObject({ status: 'PENDING' });
      // No answer, no processor id: the job can only send it again.
      expect(await storedReference(refund!.id)).toBeNull();

      processor.answerPending(true);
      await later(61).finally(() => processor.answerPending(false));
      expect(processor.sends(refund!.id)).toBe(2);
      expect(await getRefund(processor, refund!.id)).toMatchObject({ status: 'PENDING' });
      expect(await storedReference(refund!.id)).toBe(processor.upstreamId(refund!.id));

      processor.settle(refund!.id, 'succeeded');
      await later(nextLookSeconds(1) + 1);
      expect(processor.reads(refund!.id)).toBe(1);
      expect(await getRefund(processor, refund!.id)).toMatchObject({ status: 'SUCCEEDED', response_code: '00' });
      expect((await getPayment(processor, paymentId)).amount_refunded).toBe(refund!.amount);
      expect(processor.sends(refund!.id)).toBe(2);
    });
  });

  it('a SUCCEEDED refund Stripe failed afterwards, its notification lost: read again four days on, it ends REJECTED and its amount is refundable again', async () => {
    const stripeSide = processors.Stripe;
    const paymentId = await stripeSide.captured(stripeSide.amount);
    const refund = await gw.request<RefundReply>('POST', `/v1/payments/${paymentId}/refund`, { token: stripeSide.token, body: { amount: stripeSide.part } });
    expect(refund.body).toMatchObject({ status: 'SUCCEEDED', response_code: '00' });
    // Another refund of the same payment, which stays SUCCEEDED at Stripe.
    const kept = await gw.request<RefundReply>('POST', `/v1/payments/${paymentId}/refund`, { token: stripeSide.token, body: { amount: 10 } });
    expect(kept.body.status, kept.text).toBe('SUCCEEDED');
    // The issuer sends the money back; Stripe's refund.failed never reaches the gateway.
    stripe.failRefund(stripeSide.upstreamId(refund.body.id));

    await later(REFUND_CONFIRM_AFTER_SECONDS[0] - 60);
    expect(stripeSide.reads(refund.body.id)).toBe(0);
    await later(61);
    for (const each of Object.values(processors)) await each.renewToken();
    expect(stripeSide.reads(refund.body.id)).toBe(1);
    expect(stripeSide.reads(kept.body.id)).toBe(1);
    expect(await getRefund(stripeSide, refund.body.id)).toMatchObject({ status: 'REJECTED', response_code: stripeSide.failedCode });
    expect(await getRefund(stripeSide, kept.body.id)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await refundEvents(refund.body.id)).toEqual(['refund.succeeded', 'refund.rejected']);
    // Only the kept refund counts; the failed one's amount can be refunded again.
    expect((await getPayment(stripeSide, paymentId)).amount_refunded).toBe(kept.body.amount);
    const again = await gw.request<RefundReply>('POST', `/v1/payments/${paymentId}/refund`, { token: stripeSide.token, body: { amount: stripeSide.part } });
    expect(again.body.status, again.text).toBe('SUCCEEDED');

    // The kept refund is read once more, thirty days after it succeeded; the failed one never again.
    await later(REFUND_CONFIRM_AFTER_SECONDS[1] - REFUND_CONFIRM_AFTER_SECONDS[0] + 1);
    for (const each of Object.values(processors)) await each.renewToken();
    expect(stripeSide.reads(kept.body.id)).toBe(2);
    expect(stripeSide.reads(refund.body.id)).toBe(1);
    await later(REFUND_CONFIRM_AFTER_SECONDS[1]);
    expect(stripeSide.reads(kept.body.id)).toBe(2);
  });
});
