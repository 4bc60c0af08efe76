/**
 * The payment core actions (authorize, capture, cancel, reverse, adjust,
 * refund, cancel-or-refund) by payment id and by transaction id, the
 * transactions (`trx-`) they record, a payment's history, and the payments
 * search. Real gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type Reply, type TestGateway } from './support/gateway.js';
import { encrypt, merchantKey, pay, pendingWalletIntent, tokenize, type PaymentReply } from './support/cards.js';
import { enqueueJob } from '../src/jobs/store.js';
import { PAYMENT_JOBS } from '../src/payments/lifecycle.js';
import { newId } from '../src/lib/ids.js';
import { eventually } from './support/wait.js';

interface Transaction {
  id: string;
  payment_id: string;
  type: string;
  status: string;
  amount: string;
  currency: string;
  response_code: string | null;
  network_reference: string | null;
  refund_id: string | null;
}

type Payment = PaymentReply & { amount_authorized: string; cancelled_at: string | null; transaction?: Transaction; merchant_id: string | null };
interface ErrorReply {
  error: { code: string; details: Array<{ field: string; message: string }> };
}

describe.each(dialects)('payment core actions and transactions on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let otherToken: string;
  let visa: string;

  beforeAll(async () => {
    // A PENDING authorization stays pending until someone asks (the background check waits an hour).
    gw = await startGateway(dialect, { PENDING_CARD_DELAY_SECONDS: '3600' });
    token = await (await gw.client()).token();
    otherToken = await (await gw.client()).token();
    visa = await tokenize(gw, token, { number: '4242424242424242' });
  });
  afterAll(() => gw.close());

  const post = <T = Payment>(path: string, body?: unknown, as = token) => gw.request<T>('POST', path, { token: as, ...(body === undefined ? {} : { body }) });
  const get = <T = Payment>(path: string, as = token) => gw.request<T>('GET', path, { token: as });
  const history = async (paymentId: string) =>
    (await get<{ data: Transaction[]; has_more: boolean }>(`/v1/payments/${paymentId}/transactions?limit=100`)).body.data;
  const authorized = async (amount = 100, instrumentId = visa) => (await pay(gw, token, { instrumentId, amount, capture: false })).body.id;
  const approved = async (amount = 100) => (await pay(gw, token, { instrumentId: visa, amount })).body.id;
  const firstTransaction = async (paymentId: string) => (await history(paymentId)).at(-1)!;
  const captured = async (amount = 100) => {
    const id = await authorized(amount);
    expect((await post(`/v1/payments/${id}/capture`, {})).status).toBe(200);
    return id;
  };
  const code = (reply: Reply<unknown>) => `${reply.status} ${(reply.body as ErrorReply).error?.code}`;
  const fields = (reply: Reply<unknown>) => (reply.body as ErrorReply).error.details.map((d) => d.field);

  describe('by payment id', () => {
    it('every payment starts with its authorization transaction, written with the payment', async () => {
      const id = await approved(42.5);
      const [authorization] = await history(id);
      expect(authorization).toMatchObject({
        payment_id: id,
        type: 'authorization',
        status: 'SUCCEEDED',
        amount: '42.50',
        currency: 'USD',
        response_code: '00',
        refund_id: null,
      });
      expect(authorization!.id).toMatch(/^trx-/);
      expect(authorization!.network_reference).toMatch(/^sim_/);
      expect((await get<Transaction>(`/v1/transactions/${authorization!.id}`)).body).toEqual(authorization);

      const declined = (await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4000000000009995' }) })).body.id;
      expect(await history(declined)).toEqual([expect.objectContaining({ type: 'authorization', status: 'REJECTED', response_code: '51' })]);
    });

    it('capture answers the payment with its capture transaction', async () => {
      const id = await authorized(80);
      const reply = await post(`/v1/payments/${id}/capture`, { amount: 60 });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        id,
        status: 'APPROVED',
        amount_captured: '60.00',
        transaction: { type: 'capture', status: 'SUCCEEDED', amount: '60.00', payment_id: id },
      });
      expect((await history(id)).map((t) => t.type)).toEqual(['capture', 'authorization']);
    });

    it('cancel voids: CANCELLED with a void transaction', async () => {
      const id = await authorized(30);
      const reply = await post(`/v1/payments/${id}/cancel`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ status: 'CANCELLED', transaction: { type: 'void', status: 'SUCCEEDED', amount: '30.00' } });
    });

    it('reverse undoes an AUTHORIZED or an APPROVED-not-yet-captured authorization: CANCELLED with a reversal transaction', async () => {
      for (const id of [await authorized(25), await approved(25)]) {
        const reply = await post(`/v1/payments/${id}/reverse`);
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({ status: 'CANCELLED', captured_at: null, transaction: { type: 'reversal', status: 'SUCCEEDED', amount: '25.00' } });
        expect((await history(id)).map((t) => t.type)).toEqual(['reversal', 'authorization']);
      }
    });

    it('adjust changes the authorized amount through the network; capture then takes the adjusted amount', async () => {
      const id = await authorized(100);
      const up = await post(`/v1/payments/${id}/adjust`, { amount: 115 });
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({
        status: 'AUTHORIZED',
        amount: '100.00',
        amount_authorized: '115.00',
        transaction: { type: 'adjustment', status: 'SUCCEEDED', amount: '115.00' },
      });
      const down = await post(`/v1/payments/${id}/adjust`, { amount: 90.5 });
      expect(down.body).toMatchObject({ amount_authorized: '90.50' });
      const capture = await post(`/v1/payments/${id}/capture`, {});
      expect(capture.body).toMatchObject({ amount_captured: '90.50' });
      const events = await get<{
        data: Array<{ type: string; data: { payment: { id: string; current_amount: number }; adjustment?: { amount_authorized: number } } }>;
      }>('/v1/events?limit=100');
      const adjusted = events.body.data.filter((e) => e.type === 'payment.card.adjusted' && e.data.payment.id === id);
      expect(adjusted.map((e) => [e.data.adjustment?.amount_authorized, e.data.payment.current_amount])).toEqual([
        [90.5, 90.5],
        [115, 115],
      ]);
      const capturedEvent = events.body.data.find((e) => e.type === 'payment.card.captured' && e.data.payment.id === id);
      expect(capturedEvent?.data.payment.current_amount).toBe(90.5);
    });

    it('refund is POST /v1/refunds for the payment: 201 with the refund and its transaction; without amount, everything left', async () => {
      const id = await captured(50);
      const part = await post<{ id: string; status: string; amount: string; transaction_id: string }>(`/v1/payments/${id}/refund`, { amount: 20 });
      expect(part.status).toBe(201);
      expect(part.body).toMatchObject({ payment_id: id, status: 'SUCCEEDED', amount: '20.00' });
      const transaction = await get<Transaction>(`/v1/transactions/${part.body.transaction_id}`);
      expect(transaction.body).toMatchObject({ type: 'refund', status: 'SUCCEEDED', amount: '20.00', refund_id: part.body.id, payment_id: id });
      expect((await get<{ transaction_id: string }>(`/v1/refunds/${part.body.id}`)).body.transaction_id).toBe(part.body.transaction_id);

      const rest = await post<{ amount: string }>(`/v1/payments/${id}/refund`);
      expect(rest.status).toBe(201);
      expect(rest.body.amount).toBe('30.00');
      expect((await get(`/v1/payments/${id}`)).body).toMatchObject({ status: 'REFUNDED', amount_refunded: '50.00' });
      expect(code(await post(`/v1/payments/${id}/refund`))).toBe('409 refund_exceeds_captured');
    });

    it('a refund the network rejects is a REJECTED refund transaction', async () => {
      const id = await authorized(10, await tokenize(gw, token, { number: '4000000000005126' }));
      await post(`/v1/payments/${id}/capture`, {});
      const reply = await post<{ status: string; transaction_id: string }>(`/v1/payments/${id}/refund`);
      expect(reply.body.status).toBe('REJECTED');
      expect((await get<Transaction>(`/v1/transactions/${reply.body.transaction_id}`)).body).toMatchObject({ status: 'REJECTED', response_code: '57' });
    });

    it('cancel-or-refund cancels before capture and refunds after', async () => {
      const open = await authorized(40);
      const cancelled = await post(`/v1/payments/${open}/cancel-or-refund`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'CANCELLED', transaction: { type: 'void' } });

      const done = await captured(40);
      const refunded = await post(`/v1/payments/${done}/cancel-or-refund`);
      expect(refunded.status).toBe(200);
      expect(refunded.body).toMatchObject({
        status: 'REFUNDED',
        amount_refunded: '40.00',
        transaction: { type: 'refund', status: 'SUCCEEDED', amount: '40.00' },
      });
      expect(refunded.body.transaction!.refund_id).toMatch(/^ref-/);
    });

    it('cancel-or-refund needs payments:refund only when it refunds', async () => {
      const client = await gw.client({ scopes: ['payments:write', 'payments:read', 'instruments:write', 'instruments:read', 'compliance:write'] });
      const writer = await client.token();
      const card = await tokenize(gw, writer, { number: '4242424242424242' });
      const open = (await pay(gw, writer, { instrumentId: card, capture: false })).body.id;
      expect((await post(`/v1/payments/${open}/cancel-or-refund`, undefined, writer)).body.status).toBe('CANCELLED');
      const done = (await pay(gw, writer, { instrumentId: card, capture: false })).body.id;
      await post(`/v1/payments/${done}/capture`, {}, writer);
      expect(code(await post(`/v1/payments/${done}/cancel-or-refund`, undefined, writer))).toBe('403 forbidden');
      expect((await get(`/v1/payments/${done}`, writer)).body.amount_refunded).toBe('0.00');
    });

    it('authorize asks the issuer now for a PENDING authorization and records the answer', async () => {
      const pending = await tokenize(gw, token, { number: '4000000000003303' });
      const auto = (await pay(gw, token, { instrumentId: pending })).body;
      expect(auto.status).toBe('PENDING');
      expect(await history(auto.id)).toEqual([expect.objectContaining({ type: 'authorization', status: 'PENDING' })]);
      const reply = await post(`/v1/payments/${auto.id}/authorize`);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        status: 'APPROVED',
        response_code: '00',
        transaction: { type: 'authorization', status: 'SUCCEEDED', response_code: '00' },
      });
      expect(reply.body.approval_code).toBeTruthy();
      expect(await history(auto.id)).toHaveLength(1);

      const manual = (await pay(gw, token, { instrumentId: pending, capture: false })).body.id;
      expect((await post(`/v1/payments/${manual}/authorize`)).body.status).toBe('AUTHORIZED');
      expect(code(await post(`/v1/payments/${manual}/authorize`))).toBe('409 payment_not_pending');
    });
  });

  describe('by transaction id', () => {
    it('capture, adjust, cancel, reverse and authorize act on the payment of an authorization transaction', async () => {
      const forCapture = await authorized(70);
      const auth = await firstTransaction(forCapture);
      const adjusted = await post(`/v1/transactions/${auth.id}/adjust`, { amount: 75 });
      expect(adjusted.body).toMatchObject({ id: forCapture, amount_authorized: '75.00', transaction: { type: 'adjustment' } });
      // The adjustment transaction addresses the same authorization.
      const capture = await post(`/v1/transactions/${adjusted.body.transaction!.id}/capture`, { amount: 70 });
      expect(capture.status).toBe(200);
      expect(capture.body).toMatchObject({ id: forCapture, amount_captured: '70.00', transaction: { type: 'capture' } });

      const forCancel = await authorized(10);
      expect((await post(`/v1/transactions/${(await firstTransaction(forCancel)).id}/cancel`)).body).toMatchObject({ id: forCancel, status: 'CANCELLED' });
      const forReverse = await approved(10);
      expect((await post(`/v1/transactions/${(await firstTransaction(forReverse)).id}/reverse`)).body).toMatchObject({
        id: forReverse,
        status: 'CANCELLED',
        transaction: { type: 'reversal' },
      });

      const pending = (await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4000000000003303' }) })).body.id;
      expect((await post(`/v1/transactions/${(await firstTransaction(pending)).id}/authorize`)).body).toMatchObject({ id: pending, status: 'APPROVED' });
    });

    it('refund and cancel-or-refund act on the payment of a capture transaction', async () => {
      const id = await captured(60);
      const captureTrx = (await history(id))[0]!;
      expect(captureTrx.type).toBe('capture');
      const refund = await post<{ payment_id: string; amount: string }>(`/v1/transactions/${captureTrx.id}/refund`, { amount: 15, currency: 'USD' });
      expect(refund.status).toBe(201);
      expect(refund.body).toMatchObject({ payment_id: id, amount: '15.00' });
      const rest = await post(`/v1/transactions/${captureTrx.id}/cancel-or-refund`);
      expect(rest.body).toMatchObject({ id, status: 'REFUNDED', transaction: { type: 'refund', amount: '45.00' } });

      const open = await authorized(5);
      expect((await post(`/v1/transactions/${(await firstTransaction(open)).id}/cancel-or-refund`)).body).toMatchObject({ status: 'CANCELLED' });
    });

    it('a transaction of the wrong type for the action is 422 on id, and nothing changes', async () => {
      const id = await captured(20);
      const [captureTrx, auth] = await history(id);
      const refunded = await post<{ transaction_id: string }>(`/v1/payments/${id}/refund`, { amount: 1 });
      for (const [trx, action, body] of [
        [auth!, 'refund', { amount: 1 }],
        [captureTrx!, 'capture', {}],
        [captureTrx!, 'adjust', { amount: 5 }],
        [captureTrx!, 'authorize', undefined],
        [{ id: refunded.body.transaction_id }, 'cancel-or-refund', undefined],
        [{ id: refunded.body.transaction_id }, 'reverse', undefined],
      ] as const) {
        const reply = await post(`/v1/transactions/${trx.id}/${action}`, body);
        expect(`${action}: ${code(reply)} ${fields(reply)}`).toBe(`${action}: 422 validation_failed id`);
      }
      expect((await get(`/v1/payments/${id}`)).body).toMatchObject({ status: 'APPROVED', amount_refunded: '1.00' });
    });

    it("another organization's transaction or payment is 404, for reads and actions", async () => {
      const id = await authorized(10);
      const trx = await firstTransaction(id);
      expect((await get(`/v1/transactions/${trx.id}`, otherToken)).status).toBe(404);
      expect((await get(`/v1/payments/${id}/transactions`, otherToken)).status).toBe(404);
      for (const action of ['capture', 'cancel', 'reverse', 'authorize', 'cancel-or-refund']) {
        expect((await post(`/v1/transactions/${trx.id}/${action}`, {}, otherToken)).status).toBe(404);
        expect((await post(`/v1/payments/${id}/${action}`, {}, otherToken)).status).toBe(404);
      }
      expect((await post(`/v1/transactions/${trx.id}/adjust`, { amount: 10 }, otherToken)).status).toBe(404);
      expect((await get(`/v1/payments/${id}`)).body.status).toBe('AUTHORIZED');
      expect((await get(`/v1/transactions/trx-doesnotexist`)).status).toBe(404);
    });

    it("an alternative payment's purchase transaction reads as a transaction; card actions on it are 422", async () => {
      const intent = await post<{ payment_id: string; transaction: { id: string } }>('/v1/payments/intents', pendingWalletIntent('apm'));
      expect(intent.status).toBe(201);
      const trx = await get<Transaction>(`/v1/transactions/${intent.body.transaction.id}`);
      expect(trx.body).toMatchObject({
        id: intent.body.transaction.id,
        payment_id: intent.body.payment_id,
        type: 'purchase',
        status: 'PENDING',
        amount: '15050.00',
        currency: 'COP',
      });
      expect((await history(intent.body.payment_id)).map((t) => t.id)).toEqual([intent.body.transaction.id]);
      expect(code(await post(`/v1/transactions/${intent.body.transaction.id}/cancel`))).toBe('422 validation_failed');
      expect(code(await post(`/v1/payments/${intent.body.payment_id}/reverse`))).toBe('422 validation_failed');
    });
  });

  describe('preconditions', () => {
    it('409 with a code for each action in the wrong state', async () => {
      const done = await captured(20);
      expect(code(await post(`/v1/payments/${done}/capture`, {}))).toBe('409 payment_already_captured');
      expect(code(await post(`/v1/payments/${done}/cancel`))).toBe('409 payment_already_captured');
      expect(code(await post(`/v1/payments/${done}/reverse`))).toBe('409 payment_already_captured');
      expect(code(await post(`/v1/payments/${done}/adjust`, { amount: 10 }))).toBe('409 payment_already_captured');
      expect(code(await post(`/v1/payments/${done}/authorize`))).toBe('409 payment_not_pending');

      const auto = await approved(20);
      expect(code(await post(`/v1/payments/${auto}/adjust`, { amount: 10 }))).toBe('409 payment_not_authorized');
      expect(code(await post(`/v1/payments/${auto}/refund`, { amount: 1 }))).toBe('409 payment_not_captured');

      const rejected = (await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4000000000000002' }) })).body.id;
      expect(code(await post(`/v1/payments/${rejected}/reverse`))).toBe('409 payment_not_cancellable');
      expect(code(await post(`/v1/payments/${rejected}/cancel-or-refund`))).toBe('409 payment_not_cancellable');
      expect(code(await post(`/v1/payments/${rejected}/adjust`, { amount: 1 }))).toBe('409 payment_not_authorized');

      const cancelled = await authorized(20);
      await post(`/v1/payments/${cancelled}/cancel`);
      expect(code(await post(`/v1/payments/${cancelled}/reverse`))).toBe('409 payment_not_cancellable');
      expect(code(await post(`/v1/payments/${cancelled}/capture`, {}))).toBe('409 payment_not_authorized');
      // Nothing was recorded by the refused actions.
      expect((await history(cancelled)).map((t) => t.type)).toEqual(['void', 'authorization']);
    });

    it('422 for an adjustment out of bounds, naming amount; nothing is held differently', async () => {
      const id = await authorized(100);
      const over = await post<ErrorReply>(`/v1/payments/${id}/adjust`, { amount: 115.01 });
      expect(code(over)).toBe('422 validation_failed');
      expect(over.body.error.details).toEqual([{ field: 'amount', message: expect.stringContaining('115%') }]);
      for (const amount of [0, -5, 1.234]) expect(fields(await post(`/v1/payments/${id}/adjust`, { amount }))).toEqual(['amount']);
      expect(fields(await post(`/v1/payments/${id}/adjust`, {}))).toEqual(['amount']);
      expect(fields(await post(`/v1/payments/${id}/refund`, { amount: 1, currency: 'EUR' }))).toEqual(['currency']);
      expect((await get(`/v1/payments/${id}`)).body.amount_authorized).toBe('100.00');
      expect(await history(id)).toHaveLength(1);
    });
  });

  describe('under concurrency', () => {
    it('concurrent captures capture once', async () => {
      const id = await authorized(90);
      const replies = await Promise.all(Array.from({ length: 5 }, () => post(`/v1/payments/${id}/capture`, {})));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(4);
      expect((await get(`/v1/payments/${id}`)).body.amount_captured).toBe('90.00');
      expect((await history(id)).filter((t) => t.type === 'capture')).toHaveLength(1);
    });

    it('concurrent refunds never refund more than was captured', async () => {
      const id = await captured(100);
      const replies = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 ? post(`/v1/payments/${id}/refund`, { amount: 40 }) : post('/v1/refunds', { payment_id: id, amount: 40, currency: 'USD' }),
        ),
      );
      const created = replies.filter((r) => r.status === 201);
      expect(created.length).toBeLessThanOrEqual(2);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(replies.filter((r) => r.status !== 201).every((r) => code(r) === '409 refund_exceeds_captured')).toBe(true);
      const payment = (await get(`/v1/payments/${id}`)).body;
      expect(payment.amount_refunded).toBe(`${created.length * 40}.00`);
      expect((await history(id)).filter((t) => t.type === 'refund' && t.status === 'SUCCEEDED')).toHaveLength(created.length);
    });

    it('concurrent cancel-or-refund on a captured payment refunds once; on an uncaptured one cancels once', async () => {
      const done = await captured(30);
      const refunds = await Promise.all(Array.from({ length: 4 }, () => post(`/v1/payments/${done}/cancel-or-refund`)));
      expect(refunds.filter((r) => r.status === 200)).toHaveLength(1);
      expect((await get(`/v1/payments/${done}`)).body).toMatchObject({ status: 'REFUNDED', amount_refunded: '30.00' });
      expect((await history(done)).filter((t) => t.type === 'refund')).toHaveLength(1);

      const open = await authorized(30);
      const cancels = await Promise.all(Array.from({ length: 4 }, () => post(`/v1/payments/${open}/cancel-or-refund`)));
      expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
      expect((await history(open)).map((t) => t.type)).toEqual(['void', 'authorization']);
    });

    it('capture racing cancel, reverse, adjust and cancel-or-refund: one story, never captured and cancelled', async () => {
      for (let round = 0; round < 3; round++) {
        const id = await authorized(50);
        await Promise.all([
          post(`/v1/payments/${id}/capture`, {}),
          post(`/v1/payments/${id}/cancel`),
          post(`/v1/payments/${id}/reverse`),
          post(`/v1/payments/${id}/adjust`, { amount: 55 }),
          post(`/v1/payments/${id}/cancel-or-refund`),
        ]);
        const payment = (await get(`/v1/payments/${id}`)).body;
        const types = (await history(id)).map((t) => t.type);
        expect(types.filter((t) => t === 'capture').length + types.filter((t) => t === 'void' || t === 'reversal').length).toBeLessThanOrEqual(1);
        if (payment.captured_at) expect(payment.cancelled_at).toBeNull();
        if (payment.status === 'CANCELLED') expect(payment.amount_captured).toBe('0.00');
        expect(Number(payment.amount_refunded)).toBeLessThanOrEqual(Number(payment.amount_captured));
      }
    });
  });

  it('a reversal or adjustment claimed by a process that died is finished by the recovery job', async () => {
    // What a crash between the claim and the network's answer leaves: the claim, and its recovery job.
    const crash = async (id: string, action: 'reverse' | 'adjust', amount: number, transactionId?: string) => {
      await gw.db
        .updateTable('payments')
        .set({ pending_action: action, updated_at: new Date(Date.now() - 120_000).toISOString() })
        .where('id', '=', id)
        .execute();
      await enqueueJob(
        gw.db,
        { type: PAYMENT_JOBS.recoverAction, payload: { payment_id: id, action, amount, ...(transactionId ? { transaction_id: transactionId } : {}) } },
        gw.gateway.clock,
      );
    };
    const reversed = await authorized(20);
    await crash(reversed, 'reverse', 2000);
    const afterReverse = await eventually(
      () => get(`/v1/payments/${reversed}`),
      (r) => r.body.status === 'CANCELLED',
    );
    expect(afterReverse.body.status).toBe('CANCELLED');
    expect((await history(reversed)).map((t) => t.type)).toEqual(['reversal', 'authorization']);

    const adjusted = await authorized(20);
    const adjustment = newId('transaction');
    await crash(adjusted, 'adjust', 2200, adjustment);
    const afterAdjust = await eventually(
      () => get(`/v1/payments/${adjusted}`),
      (r) => r.body.amount_authorized === '22.00',
    );
    expect(afterAdjust.body).toMatchObject({ status: 'AUTHORIZED', amount_authorized: '22.00' });
    expect((await history(adjusted))[0]).toMatchObject({ id: adjustment, type: 'adjustment', status: 'SUCCEEDED', amount: '22.00' });
    // The claim is released: the payment takes actions again.
    expect((await post(`/v1/payments/${adjusted}/capture`, {})).body).toMatchObject({ amount_captured: '22.00' });
  });

  it('the history lists every transaction, newest first, with cursors', async () => {
    const id = await authorized(100);
    await post(`/v1/payments/${id}/adjust`, { amount: 110 });
    await post(`/v1/payments/${id}/capture`, { amount: 100 });
    await post(`/v1/payments/${id}/refund`, { amount: 10 });
    await post(`/v1/payments/${id}/refund`, { amount: 20 });
    const all = await history(id);
    expect(all.map((t) => `${t.type} ${t.amount}`)).toEqual(['refund 20.00', 'refund 10.00', 'capture 100.00', 'adjustment 110.00', 'authorization 100.00']);
    const first = await get<{ data: Transaction[]; has_more: boolean }>(`/v1/payments/${id}/transactions?limit=2`);
    expect(first.body).toMatchObject({ has_more: true, data: all.slice(0, 2) });
    const next = await get<{ data: Transaction[]; has_more: boolean }>(`/v1/payments/${id}/transactions?limit=2&starting_after=${all[1]!.id}`);
    expect(next.body.data).toEqual(all.slice(2, 4));
    const back = await get<{ data: Transaction[] }>(`/v1/payments/${id}/transactions?ending_before=${all[2]!.id}`);
    expect(back.body.data).toEqual(all.slice(0, 2));
  });
});

describe.each(dialects)('payments search on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let visa: string;
  let master: string;
  const made: Record<string, PaymentReply & { created_at: string }> = {};
  let merchantId: string;
  let pointId: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    visa = await tokenize(gw, token, { number: '4242424242424242' });
    master = await tokenize(gw, token, { number: '5555555555554444' });
    const merchant = (await gw.request<{ id: string }>('POST', '/v1/merchants', { token, body: { name: 'Tienda' } })).body.id;
    const point = (await gw.request<{ id: string }>('POST', '/v1/points-of-sale', { token, body: { merchant_id: merchant, name: 'Caja' } })).body.id;
    const key = await merchantKey(gw, token);
    const create = async (name: string, body: Record<string, unknown>) => {
      const reply = await gw.request<PaymentReply & { created_at: string }>('POST', '/v1/payments', {
        token,
        body: { currency: 'USD', order_id: `search-${name}`, instrument_id: visa, encrypted_cvv: await encrypt(key, '123'), ...body },
      });
      expect(reply.status).toBe(201);
      made[name] = reply.body;
    };
    await create('small', { amount: 10 });
    await create('medium', { amount: 50.5, instrument_id: master });
    await create('large', { amount: 120, capture: false });
    await create('cop', { amount: 50000, currency: 'COP' });
    await create('clp', { amount: 5000, currency: 'CLP', merchant_id: merchant });
    await create('pos', { amount: 75, merchant_id: merchant, point_of_sale_id: point });
    merchantId = merchant;
    pointId = point;
  });
  afterAll(() => gw.close());

  const search = async (query: string) => {
    const reply = await gw.request<{ data: Array<{ id: string }>; has_more: boolean }>('GET', `/v1/payments/search?${query}`, { token });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.map((p) => Object.entries(made).find(([, m]) => m.id === p.id)?.[0]);
  };

  it('filters by status, currency, order_id and instrument_id', async () => {
    expect(await search('')).toEqual(['pos', 'clp', 'cop', 'large', 'medium', 'small']);
    expect(await search('status=AUTHORIZED')).toEqual(['large']);
    expect(await search('currency=COP')).toEqual(['cop']);
    expect(await search('order_id=search-medium')).toEqual(['medium']);
    expect(await search(`instrument_id=${master}`)).toEqual(['medium']);
    expect(await search(`instrument_id=${visa}&status=APPROVED&currency=USD`)).toEqual(['pos', 'small']);
  });

  it('an amount range in major units of the currency it needs', async () => {
    expect(await search('currency=USD&amount_gte=50.5&amount_lte=120')).toEqual(['pos', 'large', 'medium']);
    expect(await search('currency=USD&amount_gte=50.51')).toEqual(['pos', 'large']);
    expect(await search('currency=USD&amount_lte=10')).toEqual(['small']);
    expect(await search('currency=CLP&amount_gte=5000')).toEqual(['clp']);
    const noCurrency = await gw.request<ErrorReply>('GET', '/v1/payments/search?amount_gte=1&amount_lte=2', { token });
    expect(noCurrency.status).toBe(422);
    expect(noCurrency.body.error.details.map((d) => d.field).sort()).toEqual(['amount_gte', 'amount_lte']);
    const tooPrecise = await gw.request<ErrorReply>('GET', '/v1/payments/search?currency=CLP&amount_gte=1.5', { token });
    expect(tooPrecise.body.error.details.map((d) => d.field)).toEqual(['amount_gte']);
  });

  it('filters by merchant_id, point_of_sale_id and the created range; keyset pages', async () => {
    expect(await search(`merchant_id=${merchantId}`)).toEqual(['pos', 'clp']);
    expect(await search(`point_of_sale_id=${pointId}`)).toEqual(['pos']);
    expect(await search(`created_gte=${encodeURIComponent(made.large!.created_at)}&created_lte=${encodeURIComponent(made.cop!.created_at)}`)).toEqual([
      'cop',
      'large',
    ]);
    expect(await search('limit=2')).toEqual(['pos', 'clp']);
    expect(await search(`limit=2&starting_after=${made.clp!.id}`)).toEqual(['cop', 'large']);
    expect(await search(`currency=USD&limit=2&ending_before=${made.medium!.id}`)).toEqual(['pos', 'large']);
    expect((await gw.request('GET', '/v1/payments/search?limit=101', { token })).status).toBe(422);
  });
});
