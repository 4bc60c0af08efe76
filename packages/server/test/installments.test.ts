/**
 * Card installments ("cuotas"): a credit card payment in 1 to 36 monthly
 * installments, a debit or prepaid card in one; the BIN lookup says which; the
 * sandbox card whose issuer takes none; the number on the payment, its list,
 * search and events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize } from './support/cards.js';

interface Problem {
  error: { code: string; details: Array<{ field: string; message: string }> };
}
interface EventList {
  data: Array<{ type: string; data: { payment: { id: string; installments?: number } } }>;
}

describe.each(dialects)('card installments on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let credit: string;
  let debit: string;
  let prepaid: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    [credit, debit, prepaid] = await Promise.all([
      tokenize(gw, token, { number: '4242424242424242' }),
      tokenize(gw, token, { number: '4000056655665556' }),
      tokenize(gw, token, { number: '4575620000000002' }),
    ]);
  });
  afterAll(() => gw.close());

  const paymentsOfOrder = async (orderId: string) =>
    (await gw.request<{ data: Array<{ id: string }> }>('GET', `/v1/payments/search?order_id=${orderId}`, { token })).body.data;
  const eventsOf = async (paymentId: string) => (await gw.request<EventList>('GET', `/v1/events?payment_id=${paymentId}`, { token })).body.data;

  it('a credit card pays in 12 installments: on the answer, GET, the list, the search and the event', async () => {
    const orderId = `cuotas-${Date.now()}`;
    const reply = await pay(gw, token, { instrumentId: credit, amount: 1_200_000, currency: 'COP', orderId, installments: 12 });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'APPROVED', installments: 12 });
    const id = reply.body.id;
    expect((await gw.request<{ installments: number }>('GET', `/v1/payments/${id}`, { token })).body.installments).toBe(12);
    const list = await gw.request<{ data: Array<{ id: string; installments?: number }> }>('GET', '/v1/payments?kind=card&limit=100', { token });
    expect(list.body.data.find((p) => p.id === id)?.installments).toBe(12);
    expect(await paymentsOfOrder(orderId)).toMatchObject([{ id, installments: 12 }]);
    const events = await eventsOf(id);
    expect(events.map((e) => [e.type, e.data.payment.installments])).toContainEqual(['payment.card.approved', 12]);
  });

  it('without installments a payment is in one: 1 on the payment and its event; 36 is the most a credit card takes', async () => {
    const one = await pay(gw, token, { instrumentId: credit, amount: 50_000, currency: 'COP' });
    expect(one.body).toMatchObject({ status: 'APPROVED', installments: 1 });
    expect((await eventsOf(one.body.id))[0]?.data.payment.installments).toBe(1);
    const most = await pay(gw, token, { instrumentId: credit, amount: 3_600_000, currency: 'COP', installments: 36 });
    expect(most.body).toMatchObject({ status: 'APPROVED', installments: 36 });
  });

  it('a debit or prepaid card in more than one installment is 422 naming installments, and nothing is written', async () => {
    for (const [instrumentId, type] of [
      [debit, 'debit'],
      [prepaid, 'prepaid'],
    ] as const) {
      const orderId = `cuotas-${type}-${Date.now()}`;
      const reply = await pay(gw, token, { instrumentId, amount: 80_000, currency: 'COP', orderId, installments: 3 });
      expect(reply.status, type).toBe(422);
      expect((reply.body as unknown as Problem).error.details).toEqual([
        { field: 'installments', message: `a ${type} card is charged in one payment: installments must be 1` },
      ]);
      expect(await paymentsOfOrder(orderId)).toEqual([]);
      // In one installment the same card pays.
      const once = await pay(gw, token, { instrumentId, amount: 80_000, currency: 'COP', orderId, installments: 1 });
      expect(once.body, type).toMatchObject({ status: 'APPROVED', installments: 1 });
    }
  });

  it('outside 1 to 36, or not an integer, is 422 naming installments, with the other problems of the request', async () => {
    for (const installments of [0, 37, -2, 2.5, '3', null]) {
      const orderId = `cuotas-bad-${String(installments)}-${Date.now()}`;
      const reply = await pay(gw, token, { instrumentId: credit, amount: 10_000, currency: 'COP', orderId, installments });
      expect(reply.status, String(installments)).toBe(422);
      expect((reply.body as unknown as Problem).error.details.map((d) => d.field)).toEqual(['installments']);
      expect(await paymentsOfOrder(orderId)).toEqual([]);
    }
    const both = await pay(gw, token, { instrumentId: credit, amount: 10_000, currency: 'PESOS', installments: 40 });
    expect(both.status).toBe(422);
    expect((both.body as unknown as Problem).error.details.map((d) => d.field).sort()).toEqual(['currency', 'installments']);
  });

  it('the sandbox card whose issuer takes no installments: declined with 58 in installments, approved in one', async () => {
    const card = await tokenize(gw, token, { number: '4000000000000358' });
    const declined = await pay(gw, token, { instrumentId: card, amount: 600_000, currency: 'COP', installments: 6 });
    expect(declined.status).toBe(201);
    expect(declined.body).toMatchObject({ status: 'REJECTED', response_code: '58', installments: 6 });
    expect(declined.body.approval_code).toBeUndefined();
    const approved = await pay(gw, token, { instrumentId: card, amount: 600_000, currency: 'COP', installments: 1 });
    expect(approved.body).toMatchObject({ status: 'APPROVED', response_code: '00', installments: 1 });
  });

  it('a retry of an order repeats its installments: the same payment, or 409 with another number', async () => {
    const orderId = `cuotas-retry-${Date.now()}`;
    const first = await pay(gw, token, { instrumentId: credit, amount: 90_000, currency: 'COP', orderId, installments: 3 });
    const again = await pay(gw, token, { instrumentId: credit, amount: 90_000, currency: 'COP', orderId, installments: 3 });
    expect(again.body.id).toBe(first.body.id);
    const other = await pay(gw, token, { instrumentId: credit, amount: 90_000, currency: 'COP', orderId, installments: 6 });
    expect(other.status).toBe(409);
    expect((other.body as unknown as Problem).error.code).toBe('order_id_conflict');
    expect(await paymentsOfOrder(orderId)).toMatchObject([{ id: first.body.id, installments: 3 }]);
  });

  it('a retry of an order repeats its capture setting too: 409 with the other one, nothing charged again', async () => {
    const orderId = `capture-retry-${Date.now()}`;
    const first = await pay(gw, token, { instrumentId: credit, amount: 90_000, currency: 'COP', orderId, capture: false });
    expect(first.body).toMatchObject({ status: 'AUTHORIZED', capture: false });
    const other = await pay(gw, token, { instrumentId: credit, amount: 90_000, currency: 'COP', orderId, capture: true });
    expect(other.status).toBe(409);
    expect((other.body as unknown as Problem).error).toMatchObject({
      code: 'order_id_conflict',
      message: `order_id ${orderId} was already used for a payment with another capture setting.`,
    });
    const again = await pay(gw, token, { instrumentId: credit, amount: 90_000, currency: 'COP', orderId, capture: false });
    expect(again.body.id).toBe(first.body.id);
    expect(await paymentsOfOrder(orderId)).toMatchObject([{ id: first.body.id, status: 'AUTHORIZED' }]);
  });

  it('GET /v1/bins/{bin} says whether the card takes installments and in what range', async () => {
    const terms = async (bin: string) => (await gw.request<{ card_type: string; installments: unknown }>('GET', `/v1/bins/${bin}`, { token })).body;
    expect(await terms('424242')).toMatchObject({ card_type: 'credit', installments: { allowed: true, min: 1, max: 36 } });
    expect(await terms('40000566')).toMatchObject({ card_type: 'debit', installments: { allowed: false, min: 1, max: 1 } });
    expect(await terms('457562')).toMatchObject({ card_type: 'prepaid', installments: { allowed: false, min: 1, max: 1 } });
  });

  it("a payment link's checkout asks the same of its own look-up, and only a payment link's", async () => {
    const link = await gw.request<{ url: string }>('POST', '/v1/links', {
      token,
      body: { type: 'payment', data: { amount: { value: 90_000, currency: 'COP' } } },
    });
    const path = new URL(link.body.url).pathname;
    expect((await gw.request('GET', `${path}/installments?bin=424242`)).body).toEqual({ allowed: true, min: 1, max: 36 });
    expect((await gw.request('GET', `${path}/installments?bin=400005`)).body).toEqual({ allowed: false, min: 1, max: 1 });
    expect((await gw.request('GET', `${path}/installments?bin=4242`)).status).toBe(422);
    expect((await gw.request('GET', `/l/${'x'.repeat(24)}/installments?bin=424242`)).status).toBe(404);
  });
});
