/**
 * The rules of refunds (payments/refunds/service.ts) the simulator never
 * takes, against a processor whose refund answers each test decides (a
 * connector registered as a real processor's folder registers one, routed to
 * by the organization's routing): a refund the processor accepts as pending
 * (Stripe's asynchronous refunds) keeps the processor's id and stays PENDING;
 * a refund whose process failed before it settled is finished by the same
 * request run again under its Idempotency-Key, or by the recovery job; an
 * alternative payment is refunded with a cashout (422 naming payment_id); the
 * 404 bodies; the webhook events' status; the list's date filters. Real
 * gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import type { CardNetworkConnector, OperationRequest, OperationResult } from '../src/connectors/card-network/connector.js';
import type { ConnectorDefinition } from '../src/connectors/registry.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { MovableTime } from './support/clock.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { eventually } from './support/wait.js';
import { withCommitGuard, type CommitGuard } from '../src/db/commit-guard.js';
import { formatMinor } from '../src/lib/money.js';
import { RefundService } from '../src/payments/refunds/service.js';

interface Refund {
  id: string;
  payment_id: string;
  amount: string;
  currency: string;
  status: string;
  response_code: string | null;
  transaction_id: string | null;
  created_at: string;
}
interface Transaction {
  id: string;
  type: string;
  status: string;
  amount: string;
}
interface ErrorReply {
  error: { code: string; message: string; details: Array<{ field: string; message: string }> };
}

/** What the processor answers to the next refunds (the tests set it); by default it refunds at once. */
let refundAnswer: (request: OperationRequest) => Promise<OperationResult>;
const refundsAtOnce = async (r: OperationRequest): Promise<OperationResult> => ({
  outcome: 'succeeded',
  responseCode: '00',
  networkReference: `re_${r.reference}`,
});
const refundRequests: OperationRequest[] = [];

const scriptedProcessor: ConnectorDefinition = {
  id: 'scripted-refunds',
  description: 'A processor whose refund answers the test decides (tests only).',
  families: ['card'],
  credentials: Type.Object({ label: Type.String() }, { additionalProperties: false }),
  card: (): CardNetworkConnector => ({
    available: true,
    authorize: async (request) => ({ outcome: 'approved', responseCode: '00', networkReference: `net_${request.reference}` }),
    lookup: async () => undefined,
    capture: async () => ({ outcome: 'succeeded', responseCode: '00' }),
    void: async () => ({ outcome: 'succeeded', responseCode: '00' }),
    reverse: async () => ({ outcome: 'succeeded', responseCode: '00' }),
    adjust: async () => ({ outcome: 'succeeded', responseCode: '00' }),
    refund: (request) => {
      refundRequests.push(request);
      return refundAnswer(request);
    },
    decideDispute: async () => ({ outcome: 'lost', reason: 'scripted processor' }),
  }),
};

describe.each(dialects)('refund rules on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let client: TestClient;
  let visa: string;
  const time = new MovableTime();

  beforeAll(async () => {
    gw = await startGateway(dialect, {}, { connectors: [scriptedProcessor], time });
    client = await gw.client();
    token = await client.token();
    const account = await gw.request<{ id: string }>('POST', '/v1/connector-accounts', {
      token,
      body: { connector: 'scripted-refunds', credentials: { label: 'refund rules' } },
    });
    expect(account.status, account.text).toBe(201);
    const routed = await gw.request('PUT', '/v1/routing', { token, body: { rules: [{ method_family: 'card', connector_accounts: [account.body.id] }] } });
    expect(routed.status, routed.text).toBe(200);
    visa = await tokenize(gw, token, { number: '4242424242424242' });
  });
  afterAll(() => gw.close());

  async function captured(amount = 100): Promise<string> {
    refundAnswer = refundsAtOnce;
    const payment = await pay(gw, token, { instrumentId: visa, amount, capture: false });
    expect(payment.body.status, payment.text).toBe('AUTHORIZED');
    const reply = await gw.request<PaymentReply>('POST', `/v1/payments/${payment.body.id}/capture`, { token, body: {} });
    expect(reply.body.captured_at, reply.text).not.toBeNull();
    return payment.body.id;
  }
  const refund = (body: Record<string, unknown>, key?: string) =>
    gw.request<Refund>('POST', '/v1/refunds', { token, body: { currency: 'USD', ...body }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  /** The payment's refund action without amount: everything still refundable. */
  const refundRest = (paymentId: string) => gw.request<Refund>('POST', `/v1/payments/${paymentId}/refund`, { token, body: {} });
  const getRefund = async (id: string) => (await gw.request<Refund>('GET', `/v1/refunds/${id}`, { token })).body;
  const payment = async (id: string) => (await gw.request<PaymentReply & { amount_refund_pending?: string }>('GET', `/v1/payments/${id}`, { token })).body;
  const history = async (id: string) => (await gw.request<{ data: Transaction[] }>('GET', `/v1/payments/${id}/transactions?limit=100`, { token })).body.data;
  const refundsOf = async (paymentId: string) => (await gw.request<{ data: Refund[] }>('GET', `/v1/refunds?payment_id=${paymentId}`, { token })).body.data;
  const stored = async (id: string) => gw.db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const refundEvents = async (id: string) =>
    (await gw.request<{ data: Array<{ type: string; data: { refund?: { id: string; status: string } } }> }>('GET', '/v1/events?limit=100', { token })).body.data
      .filter((e) => e.data.refund?.id === id)
      .map((e) => ({ type: e.type, status: e.data.refund!.status }));

  it("a refund the processor settles at once: SUCCEEDED, its transaction SUCCEEDED, the processor's id kept, refund.succeeded saying SUCCEEDED", async () => {
    const id = await captured();
    const reply = await refund({ payment_id: id, amount: 40 });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ payment_id: id, amount: '40.00', status: 'SUCCEEDED', response_code: '00' });
    expect(refundRequests.at(-1)).toEqual({ reference: reply.body.id, networkReference: `net_${id}`, amount: 4000, currency: 'USD' });
    expect((await stored(reply.body.id)).network_reference).toBe(`re_${reply.body.id}`);
    expect((await history(id)).filter((t) => t.type === 'refund')).toEqual([
      expect.objectContaining({ id: reply.body.transaction_id, status: 'SUCCEEDED', amount: '40.00' }),
    ]);
    expect(await refundEvents(reply.body.id)).toEqual([{ type: 'refund.succeeded', status: 'SUCCEEDED' }]);
  });

  it('a refund the processor rejects: REJECTED with its code, its transaction REJECTED, refund.rejected saying REJECTED', async () => {
    const id = await captured();
    refundAnswer = async () => ({ outcome: 'rejected', responseCode: '05' });
    const reply = await refundRest(id);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ amount: '100.00', status: 'REJECTED', response_code: '05' });
    expect((await history(id)).filter((t) => t.type === 'refund')).toEqual([expect.objectContaining({ status: 'REJECTED', amount: '100.00' })]);
    expect(await refundEvents(reply.body.id)).toEqual([{ type: 'refund.rejected', status: 'REJECTED' }]);
    expect(await payment(id)).toMatchObject({ amount_refunded: '0.00' });
  });

  it("a refund the processor accepts as pending stays PENDING with the processor's id, holds its amount, and the rest is what a refund without amount takes", async () => {
    const id = await captured();
    refundAnswer = async (r) => ({ outcome: 'succeeded', responseCode: '00', pending: true, networkReference: `re_pending_${r.reference}` });
    const pending = await refund({ payment_id: id, amount: 30 });
    expect(pending.status, pending.text).toBe(201);
    expect(pending.body).toMatchObject({ amount: '30.00', status: 'PENDING', response_code: null });
    expect(await stored(pending.body.id)).toMatchObject({ status: 'PENDING', network_reference: `re_pending_${pending.body.id}` });
    expect((await history(id)).filter((t) => t.type === 'refund')).toEqual([expect.objectContaining({ status: 'PENDING', amount: '30.00' })]);
    expect(await refundEvents(pending.body.id)).toEqual([]);
    expect(await payment(id)).toMatchObject({ amount_refunded: '0.00' });

    // Without amount: what is left beside the pending refund, no more.
    refundAnswer = refundsAtOnce;
    const rest = await refundRest(id);
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body).toMatchObject({ amount: '70.00', status: 'SUCCEEDED' });
    const none = await refundRest(id);
    expect(none.status).toBe(409);
    expect((none.body as unknown as ErrorReply).error.code).toBe('refund_exceeds_captured');
    expect(await getRefund(pending.body.id)).toMatchObject({ status: 'PENDING' });
  });

  /** The Idempotency-Key layer's guard of a request under `key` (idempotency/plugin.ts), its fence not checked. */
  const guardOf = (key: string): CommitGuard => ({
    work: `${client.clientId}:${key}`,
    active: false,
    statement: () => {
      throw new Error('not checked: the guard is not active');
    },
    lost: () => new Error('lost'),
  });

  /**
   * A refund whose process died after it reserved the amount and recorded the refund, before the
   * processor answered (and, under an Idempotency-Key, before its answer was stored): left PENDING.
   */
  async function leftPending(paymentId: string, amount: number, key?: string): Promise<Refund> {
    const dying = new RefundService(
      gw.db,
      { ...scriptedProcessor.card!({ label: 'dying' }, undefined as never), refund: () => Promise.reject(new Error('the process died')) },
      gw.gateway.clock,
    );
    const create = () => dying.create(client.organizationId, { payment_id: paymentId, amount, currency: 'USD' });
    await expect(key === undefined ? create() : withCommitGuard(guardOf(key), create)).rejects.toThrow('the process died');
    const [left] = await refundsOf(paymentId);
    expect(left).toMatchObject({ amount: formatMinor(amount * 100, 'USD'), status: 'PENDING' });
    return left!;
  }

  it('a refund whose process died before it settled: the same request under its Idempotency-Key finishes that refund, never a second one', async () => {
    const id = await captured();
    const key = `refund-rules-${id}`;
    const left = await leftPending(id, 60, key);
    expect(left.transaction_id).not.toBeNull();

    const again = await refund({ payment_id: id, amount: 60 }, key);
    expect(again.status, again.text).toBe(201);
    expect(again.body).toMatchObject({ id: left.id, amount: '60.00', status: 'SUCCEEDED', transaction_id: left.transaction_id });
    expect((await refundsOf(id)).map((r) => r.id)).toEqual([left.id]);
    expect(await payment(id)).toMatchObject({ amount_refunded: '60.00' });
    // Run once more: the same refund as it is, the processor not asked again.
    const asked = refundRequests.length;
    const thrice = await refund({ payment_id: id, amount: 60 }, key);
    expect(thrice.body).toMatchObject({ id: left.id, status: 'SUCCEEDED' });
    expect(refundRequests.length).toBe(asked);
    // Another key is another refund.
    const other = await refund({ payment_id: id, amount: 10 }, `${key}-other`);
    expect(other.body).toMatchObject({ amount: '10.00', status: 'SUCCEEDED' });
    expect(other.body.id).not.toBe(left.id);
  });

  it('a refund whose process died after it settled, before its answer was stored: the same request answers it as it ended, the processor not asked again', async () => {
    const id = await captured();
    const key = `refund-rules-settled-${id}`;
    refundAnswer = async () => ({ outcome: 'rejected', responseCode: '05' });
    const service = new RefundService(gw.db, scriptedProcessor.card!({ label: 'settled' }, undefined as never), gw.gateway.clock);
    const ended = await withCommitGuard(guardOf(key), () => service.create(client.organizationId, { payment_id: id, amount: 20, currency: 'USD' }));
    expect(ended).toMatchObject({ status: 'REJECTED', response_code: '05' });
    const asked = refundRequests.length;
    refundAnswer = refundsAtOnce;
    const again = await refund({ payment_id: id, amount: 20 }, key);
    expect(again.status, again.text).toBe(201);
    expect(again.body).toMatchObject({ id: ended.id, status: 'REJECTED', response_code: '05' });
    expect(refundRequests.length).toBe(asked);
    expect((await refundsOf(id)).map((r) => r.id)).toEqual([ended.id]);
    expect(await refundEvents(ended.id)).toEqual([{ type: 'refund.rejected', status: 'REJECTED' }]);
  });

  it('a refund whose process died before it settled is finished by the recovery job', async () => {
    const id = await captured();
    const left = await leftPending(id, 25);
    time.advance(61);
    const settled = await eventually(
      () => getRefund(left.id),
      (r) => r.status !== 'PENDING',
    );
    expect(settled).toMatchObject({ status: 'SUCCEEDED', amount: '25.00' });
    // The job asks the processor for it by the refund's id (the processor's idempotency key).
    expect(refundRequests.filter((r) => r.reference === left.id).map((r) => r.amount)).toEqual([2500]);
    expect(await payment(id)).toMatchObject({ amount_refunded: '25.00' });
  });

  it('an alternative payment is refunded with a cashout: 422 naming payment_id; an unknown payment or refund is 404 naming it', async () => {
    const apm = await gw.request<{ id: string }>('POST', '/v1/payments/intents', {
      token,
      body: {
        order_id: `rules-apm-${Math.random().toString(36).slice(2)}`,
        amount: 15050,
        currency: 'COP',
        rail_id: 'WALLET_OTP',
        rail_type: 'WALLET',
        customer: { phone_number: '3001112233' },
      },
    });
    expect(apm.status, apm.text).toBeLessThan(300);
    const reply = await refund({ payment_id: apm.body.id, amount: 1000, currency: 'COP' });
    expect(reply.status).toBe(422);
    expect((reply.body as unknown as ErrorReply).error.details).toEqual([
      { field: 'payment_id', message: 'alternative payments are refunded with POST /v1/cashouts' },
    ]);
    expect(await refundsOf(apm.body.id)).toEqual([]);

    const unknown = await refund({ payment_id: 'pay-doesnotexist', amount: 1 });
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as ErrorReply).error).toMatchObject({ code: 'not_found', message: 'No such payment.' });
    const noRefund = await gw.request<ErrorReply>('GET', '/v1/refunds/ref-doesnotexist', { token });
    expect(noRefund.status).toBe(404);
    expect(noRefund.body.error).toMatchObject({ code: 'not_found', message: 'No such refund.' });
  });

  it('the list filters by created_gte and created_lte', async () => {
    const id = await captured();
    const first = await refund({ payment_id: id, amount: 10 });
    time.advance(3600);
    const second = await refund({ payment_id: id, amount: 10 });
    const list = async (query: string) =>
      (await gw.request<{ data: Refund[] }>('GET', `/v1/refunds?payment_id=${id}&${query}`, { token })).body.data.map((r) => r.id);
    expect(await list(`created_gte=${encodeURIComponent(second.body.created_at)}`)).toEqual([second.body.id]);
    expect(await list(`created_lte=${encodeURIComponent(first.body.created_at)}`)).toEqual([first.body.id]);
  });
});
