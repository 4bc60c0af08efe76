/**
 * When the card network says no to an operation on an authorization it
 * approved (the simulator's refusing test cards, docs/sandbox.md "Test
 * cards"): the merchant gets 409 naming the REJECTED transaction, and the
 * payment is exactly as it was (nothing captured, cancelled or adjusted), free
 * for the next operation. And the guard that keeps a cancel and the automatic
 * capture from both acting on one payment. Real gateway, real HTTP, both dialects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { advanceClock } from './support/clock.js';
import { PaymentLifecycle } from '../src/payments/lifecycle.js';
import { CardNetworkSimulator } from '../src/connectors/card-network/simulator.js';
import { SandboxClock } from '../src/clock/clock.js';
import { findPaymentById } from '../src/payments/store.js';

interface Transaction {
  id: string;
  type: string;
  status: string;
  amount: string;
  response_code: string | null;
}
type Payment = PaymentReply & { amount_authorized: string; cancelled_at: string | null; transaction?: Transaction };
interface ErrorReply {
  error: { code: string; message: string };
}
interface Event {
  type: string;
  data: { payment: { id: string; current_amount: number; transaction: { status: string; status_detail: string } } };
}

const CARDS = {
  capturesRejected: '4000000000000341',
  voidsRejected: '4000000000000127',
  reversalsRejected: '4000000000000101',
  adjustmentsRejected: '4000000000000622',
};

describe.each(dialects)('operations the network refuses, on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  const instruments: Record<string, string> = {};

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    for (const [name, number] of Object.entries({ ...CARDS, visa: '4242424242424242' })) instruments[name] = await tokenize(gw, token, { number });
  });
  afterAll(() => gw.close());

  const post = <T = Payment>(path: string, body?: unknown) => gw.request<T>('POST', path, { token, ...(body === undefined ? {} : { body }) });
  const get = async (id: string) => (await gw.request<Payment>('GET', `/v1/payments/${id}`, { token })).body;
  const history = async (id: string) => (await gw.request<{ data: Transaction[] }>('GET', `/v1/payments/${id}/transactions?limit=100`, { token })).body.data;
  const events = async (id: string) =>
    (await gw.request<{ data: Event[] }>('GET', '/v1/events?limit=100', { token })).body.data.filter((e) => e.data.payment?.id === id).map((e) => e.type);
  const authorized = async (card: keyof typeof instruments, amount = 100) => {
    const reply = await pay(gw, token, { instrumentId: instruments[card]!, amount, capture: false });
    expect(reply.body.status).toBe('AUTHORIZED');
    return reply.body.id;
  };

  /** 409 naming the REJECTED transaction (code 12), which the payment's history shows. */
  async function expectRefused(reply: { status: number; body: unknown }, id: string, type: string, amount: string) {
    expect(reply.status).toBe(409);
    const error = (reply.body as ErrorReply).error;
    expect(error.code).toBe('conflict');
    const rejected = (await history(id)).find((t) => t.type === type);
    expect(rejected).toMatchObject({ type, status: 'REJECTED', amount, response_code: '12' });
    expect(error.message).toContain(`response code 12`);
    expect(error.message).toContain(rejected!.id);
  }

  it('a refused capture captures nothing: still AUTHORIZED, no captured event, and it can still be cancelled', async () => {
    const id = await authorized('capturesRejected');
    await expectRefused(await post(`/v1/payments/${id}/capture`, { amount: 60 }), id, 'capture', '60.00');
    expect(await get(id)).toMatchObject({ status: 'AUTHORIZED', amount_captured: '0.00', captured_at: null, amount_authorized: '100.00' });
    expect(await events(id)).toEqual(['payment.card.authorized']);
    // Refunding what was never captured stays impossible.
    expect((await post('/v1/refunds', { payment_id: id, amount: 10, currency: 'USD' })).status).toBe(409);
    const cancelled = await post(`/v1/payments/${id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', amount_captured: '0.00' });
  });

  it('a refused automatic capture leaves the payment APPROVED and uncaptured, is not retried, and the payment can be cancelled', async () => {
    const payment = await pay(gw, token, { instrumentId: instruments.capturesRejected!, amount: 80 });
    expect(payment.body.status).toBe('APPROVED');
    const id = payment.body.id;
    // CAPTURE_DELAY_SECONDS: 180 by default.
    const ran = await advanceClock(gw, token, 181);
    // The job is done (not failed, so not retried): the refusal is the network's final answer.
    expect(ran.ran.filter((job) => job.type === 'payment.capture' && job.subject_id === id).map((job) => job.outcome)).toEqual(['completed']);
    expect(await get(id)).toMatchObject({ status: 'APPROVED', amount_captured: '0.00', captured_at: null });
    expect((await history(id)).filter((t) => t.type === 'capture').map((t) => [t.status, t.amount])).toEqual([['REJECTED', '80.00']]);
    expect(await events(id)).toEqual(['payment.card.approved']);
    // The refusal was the network's answer: no retry records a second one.
    await advanceClock(gw, token, 3600);
    expect((await history(id)).filter((t) => t.type === 'capture')).toHaveLength(1);
    expect((await post(`/v1/payments/${id}/cancel`)).body).toMatchObject({ status: 'CANCELLED' });
  });

  it('a refused cancellation cancels nothing: still AUTHORIZED, no cancelled event, and it can still be captured', async () => {
    const id = await authorized('voidsRejected');
    await expectRefused(await post(`/v1/payments/${id}/cancel`), id, 'void', '100.00');
    expect(await get(id)).toMatchObject({ status: 'AUTHORIZED', cancelled_at: null, amount_authorized: '100.00' });
    expect(await events(id)).toEqual(['payment.card.authorized']);
    const captured = await post(`/v1/payments/${id}/capture`, {});
    expect(captured.status, captured.text).toBe(200);
    expect(captured.body).toMatchObject({ status: 'APPROVED', amount_captured: '100.00' });
  });

  it('a refused reversal reverses nothing: still AUTHORIZED, and it can still be captured', async () => {
    const id = await authorized('reversalsRejected', 50);
    await expectRefused(await post(`/v1/payments/${id}/reverse`), id, 'reversal', '50.00');
    expect(await get(id)).toMatchObject({ status: 'AUTHORIZED', cancelled_at: null, amount_authorized: '50.00' });
    expect(await events(id)).toEqual(['payment.card.authorized']);
    expect((await post(`/v1/payments/${id}/capture`, {})).body).toMatchObject({ status: 'APPROVED', amount_captured: '50.00' });
  });

  it('a refused adjustment keeps the amount authorized: a capture then takes the original amount', async () => {
    const id = await authorized('adjustmentsRejected', 100);
    await expectRefused(await post(`/v1/payments/${id}/adjust`, { amount: 110 }), id, 'adjustment', '110.00');
    expect(await get(id)).toMatchObject({ status: 'AUTHORIZED', amount_authorized: '100.00' });
    expect(await events(id)).toEqual(['payment.card.authorized']);
    // Over the original amount: refused by the capture check, since the adjustment did not happen.
    expect((await post(`/v1/payments/${id}/capture`, { amount: 105 })).status).toBe(422);
    expect((await post(`/v1/payments/${id}/capture`, {})).body).toMatchObject({ status: 'APPROVED', amount_captured: '100.00' });
  });

  it("the other cards' operations are not refused: each refusing card refuses its own operation only", async () => {
    const captured = await authorized('voidsRejected');
    expect((await post(`/v1/payments/${captured}/adjust`, { amount: 90 })).body).toMatchObject({ amount_authorized: '90.00' });
    expect((await post(`/v1/payments/${captured}/capture`, {})).body).toMatchObject({ amount_captured: '90.00' });
    const reversed = await authorized('capturesRejected');
    expect((await post(`/v1/payments/${reversed}/reverse`)).body).toMatchObject({ status: 'CANCELLED' });
  });

  it("a partial capture's event carries the captured amount, not the authorized one", async () => {
    const id = await authorized('visa', 100);
    const reply = await post(`/v1/payments/${id}/capture`, { amount: 40.25 });
    expect(reply.body).toMatchObject({ amount_captured: '40.25', transaction: { type: 'capture', status: 'SUCCEEDED', amount: '40.25' } });
    const all = (await gw.request<{ data: Event[] }>('GET', '/v1/events?limit=100', { token })).body.data;
    const captured = all.find((e) => e.type === 'payment.card.captured' && e.data.payment.id === id);
    expect(captured?.data.payment).toMatchObject({ current_amount: 40.25, transaction: { status: 'APPROVED', status_detail: 'CAPTURED' } });
  });

  describe('a cancel against the automatic capture', () => {
    const lifecycle = () =>
      new PaymentLifecycle(gw.db, new CardNetworkSimulator(gw.db, gw.gateway.clock), gw.gateway.config.cards, new SandboxClock(gw.db, true));

    it('a cancel that read the payment before the automatic capture took it cannot cancel the captured payment', async () => {
      const id = (await pay(gw, token, { instrumentId: instruments.visa!, amount: 30 })).body.id;
      // What the cancel read: APPROVED, not captured, nothing in flight.
      const seenByCancel = (await findPaymentById(gw.db, id))!;
      await advanceClock(gw, token, 181);
      expect(await get(id)).toMatchObject({ status: 'APPROVED', amount_captured: '30.00' });
      await expect(lifecycle().void(seenByCancel)).rejects.toMatchObject({ code: 'payment_in_progress' });
      await expect(lifecycle().reverse(seenByCancel)).rejects.toMatchObject({ code: 'payment_in_progress' });
      expect(await get(id)).toMatchObject({ status: 'APPROVED', amount_captured: '30.00', captured_at: expect.any(String) });
      expect((await history(id)).map((t) => t.type).sort()).toEqual(['authorization', 'capture']);
    });

    it('an automatic capture that read the payment before a cancel took it captures nothing', async () => {
      const id = (await pay(gw, token, { instrumentId: instruments.visa!, amount: 30 })).body.id;
      const seenByCapture = (await findPaymentById(gw.db, id))!;
      expect((await post(`/v1/payments/${id}/cancel`)).body).toMatchObject({ status: 'CANCELLED' });
      await expect(lifecycle().capture(seenByCapture, 3000)).rejects.toMatchObject({ code: 'payment_in_progress' });
      expect(await get(id)).toMatchObject({ status: 'CANCELLED', amount_captured: '0.00', captured_at: null });
      expect((await history(id)).map((t) => t.type).sort()).toEqual(['authorization', 'void']);
    });

    it('racing: a payment ends either cancelled or captured, never both, and the losing side is told so', async () => {
      const ids = await Promise.all(Array.from({ length: 4 }, async () => (await pay(gw, token, { instrumentId: instruments.visa!, amount: 20 })).body.id));
      const [cancels] = await Promise.all([Promise.all(ids.map((id) => post(`/v1/payments/${id}/cancel`))), advanceClock(gw, token, 181)]);
      for (const [i, id] of ids.entries()) {
        const payment = await get(id);
        const types = (await history(id))
          .filter((t) => t.status === 'SUCCEEDED')
          .map((t) => t.type)
          .sort();
        if (payment.status === 'CANCELLED') {
          expect([cancels[i]!.status, payment.captured_at, types]).toEqual([200, null, ['authorization', 'void']]);
        } else {
          expect(payment).toMatchObject({ status: 'APPROVED', amount_captured: '20.00' });
          expect(types).toEqual(['authorization', 'capture']);
          expect(cancels[i]!.status).toBe(409);
        }
      }
    });
  });
});
