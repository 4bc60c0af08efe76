import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';
import { RefundService } from '../src/payments/refunds/service.js';
import { CardNetworkSimulator } from '../src/connectors/card-network/simulator.js';

interface Refund {
  id: string;
  payment_id: string;
  amount: string;
  currency: string;
  status: string;
}

describe.each(dialects)('refunds on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let visa: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    visa = await tokenize(gw, token, { number: '4242424242424242' });
  });
  afterAll(() => gw.close());

  /** A payment captured now (deferred capture), of `amount` USD. */
  async function captured(amount: number, instrumentId = visa): Promise<string> {
    const payment = await pay(gw, token, { instrumentId, amount, capture: false });
    const reply = await gw.request<PaymentReply>('POST', `/v1/payments/${payment.body.id}/capture`, { token, body: {} });
    expect(reply.body.captured_at).not.toBeNull();
    return payment.body.id;
  }

  const refund = (paymentId: string, amount: number, currency = 'USD') =>
    gw.request<Refund>('POST', '/v1/refunds', { token, body: { payment_id: paymentId, amount, currency } });
  const payment = async (id: string) => (await gw.request<PaymentReply>('GET', `/v1/payments/${id}`, { token })).body;

  it('refuses a payment not yet captured with 409 payment_not_captured, and creates nothing', async () => {
    const approved = await pay(gw, token, { instrumentId: visa, amount: 20 });
    const reply = await refund(approved.body.id, 5);
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ error: { code: 'payment_not_captured' } });
    const list = await gw.request<{ data: Refund[] }>('GET', `/v1/refunds?payment_id=${approved.body.id}`, { token });
    expect(list.body.data).toEqual([]);
  });

  it('partial refunds until the captured amount is used up; then REFUNDED', async () => {
    const id = await captured(100);
    const first = await refund(id, 30.25);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ payment_id: id, amount: '30.25', currency: 'USD', status: 'SUCCEEDED' });
    expect(first.body.id).toMatch(/^ref-/);
    expect(await payment(id)).toMatchObject({ status: 'APPROVED', amount_refunded: '30.25' });

    const tooMuch = await refund(id, 69.76);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ error: { code: 'refund_exceeds_captured' } });

    const rest = await refund(id, 69.75);
    expect(rest.body.status).toBe('SUCCEEDED');
    expect(await payment(id)).toMatchObject({ status: 'REFUNDED', amount_refunded: '100.00' });
    expect((await refund(id, 0.01)).status).toBe(409);

    const got = await gw.request<Refund>('GET', `/v1/refunds/${first.body.id}`, { token });
    expect(got.body).toEqual(first.body);
    const list = await gw.request<{ data: Refund[] }>('GET', `/v1/refunds?payment_id=${id}`, { token });
    expect(list.body.data.map((r) => r.id)).toEqual([rest.body.id, first.body.id]);
  });

  it('refunds are bounded by the amount captured, not authorized', async () => {
    const authorized = await pay(gw, token, { instrumentId: visa, amount: 100, capture: false });
    await gw.request('POST', `/v1/payments/${authorized.body.id}/capture`, { token, body: { amount: 40 } });
    expect((await refund(authorized.body.id, 40.01)).status).toBe(409);
    expect((await refund(authorized.body.id, 40)).body.status).toBe('SUCCEEDED');
    expect((await payment(authorized.body.id)).status).toBe('REFUNDED');
  });

  it('concurrent refunds never add up to more than was captured', async () => {
    const id = await captured(100);
    const replies = await Promise.all(Array.from({ length: 10 }, () => refund(id, 30)));
    const succeeded = replies.filter((r) => r.status === 201 && r.body.status === 'SUCCEEDED');
    const refused = replies.filter((r) => r.status === 409);
    expect(succeeded).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.body).toMatchObject({ error: { code: 'refund_exceeds_captured' } });
    expect(await payment(id)).toMatchObject({ status: 'APPROVED', amount_refunded: '90.00' });
  });

  it('422 for another currency or a bad amount; 404 for an unknown payment', async () => {
    const id = await captured(10);
    const currency = await refund(id, 5, 'COP');
    expect(currency.status).toBe(422);
    expect((currency.body as unknown as { error: { details: Array<{ field: string }> } }).error.details[0]!.field).toBe('currency');
    for (const amount of [0, -1, 1.005]) expect((await refund(id, amount)).status, String(amount)).toBe(422);
    expect((await refund('pay-nope', 1)).status).toBe(404);
  });

  it('a refund the network rejects is still created: 201 REJECTED, and the amount stays refundable', async () => {
    const debit = await tokenize(gw, token, { number: '4000000000005126' });
    const id = await captured(50, debit);
    const reply = await refund(id, 50);
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('REJECTED');
    expect(await payment(id)).toMatchObject({ status: 'APPROVED', amount_refunded: '0.00' });
    const events = await gw.db.selectFrom('events').select('type').where('data', 'like', `%${reply.body.id}%`).execute();
    expect(events.map((e) => e.type)).toEqual(['refund.rejected']);
  });

  it('after a rejected refund the whole amount can be refunded again: the rejected refund holds nothing back', async () => {
    const debit = await tokenize(gw, token, { number: '4000000000005126' });
    const id = await captured(50, debit);
    expect((await refund(id, 30)).body.status).toBe('REJECTED');
    // All 50 again, not just the 20 a reservation never given back would leave.
    const again = await refund(id, 50);
    expect(again.status, again.text).toBe(201);
    expect(again.body).toMatchObject({ amount: '50.00', status: 'REJECTED' });
    expect(await payment(id)).toMatchObject({ status: 'APPROVED', amount_refunded: '0.00' });
    const row = await gw.db.selectFrom('payments').select(['amount_refund_pending', 'amount_refunded']).where('id', '=', id).executeTakeFirstOrThrow();
    expect([Number(row.amount_refund_pending), Number(row.amount_refunded)]).toEqual([0, 0]);
  });

  it('the merchant is told why a refund is refused and how much is left; a refund is settled once; lists filter by payment and metadata', async () => {
    const id = await captured(40);
    const other = await captured(15);
    const first = await gw.request<Refund>('POST', '/v1/refunds', {
      token,
      body: { payment_id: id, amount: 25, currency: 'USD', metadata: { ref: `r-${id}` } },
    });
    expect(first.status, first.text).toBe(201);
    // The error names what is left, in the currency's format.
    const tooMuch = await refund(id, 20);
    expect(tooMuch.body).toMatchObject({
      error: { code: 'refund_exceeds_captured', message: 'The refunds would exceed the captured amount; at most 15.00 can be refunded now.' },
    });
    const wrongCurrency = await refund(id, 1, 'EUR');
    expect(wrongCurrency.body).toMatchObject({
      error: { code: 'validation_failed', details: [{ field: 'currency', message: "must be the payment's currency, USD" }] },
    });
    const rest = await gw.request<Refund>('POST', `/v1/payments/${id}/refund`, { token, body: {} });
    expect(rest.body).toMatchObject({ amount: '15.00', status: 'SUCCEEDED' });
    const nothingLeft = await gw.request<Refund>('POST', `/v1/payments/${id}/refund`, { token, body: {} });
    expect(nothingLeft.body).toMatchObject({ error: { code: 'refund_exceeds_captured', message: 'Nothing is left to refund on this payment.' } });
    // Not captured: what the merchant can do instead, by the payment's status.
    const uncaptured = await pay(gw, token, { instrumentId: visa, amount: 5, capture: false });
    expect((await refund(uncaptured.body.id, 1)).body).toMatchObject({
      error: {
        code: 'payment_not_captured',
        message: expect.stringMatching(new RegExp(`^This payment is authorized but not captured: .*POST /v1/payments/${uncaptured.body.id}/capture`)),
      },
    });
    await gw.request('POST', `/v1/payments/${uncaptured.body.id}/cancel`, { token });
    expect((await refund(uncaptured.body.id, 1)).body).toMatchObject({
      error: {
        code: 'payment_not_captured',
        message: 'This payment was cancelled before it was captured: nothing was charged, so there is nothing to refund.',
      },
    });
    const awaitingCapture = await pay(gw, token, { instrumentId: visa, amount: 5 });
    expect(awaitingCapture.body.status).toBe('APPROVED');
    expect((await refund(awaitingCapture.body.id, 1)).body).toMatchObject({
      error: {
        code: 'payment_not_captured',
        message: expect.stringMatching(/^This payment is approved but not captured yet: .*once the automatic capture has run\.$/),
      },
    });

    // The request and the recovery job both settling one refund: the second finds it settled and changes nothing.
    const row = await gw.db.selectFrom('refunds').selectAll().where('id', '=', first.body.id).executeTakeFirstOrThrow();
    const service = new RefundService(gw.db, new CardNetworkSimulator(gw.db, gw.gateway.clock), gw.gateway.clock);
    expect(await service.settle({ ...row, status: 'PENDING' })).toMatchObject({ id: row.id, status: 'SUCCEEDED' });
    expect(await payment(id)).toMatchObject({ status: 'REFUNDED', amount_refunded: '40.00' });
    const amounts = await gw.db.selectFrom('payments').select(['amount_refunded', 'amount_refund_pending']).where('id', '=', id).executeTakeFirstOrThrow();
    expect([Number(amounts.amount_refunded), Number(amounts.amount_refund_pending)]).toEqual([4000, 0]);
    const events = await gw.db.selectFrom('events').select('type').where('data', 'like', `%${first.body.id}%`).execute();
    expect(events.map((e) => e.type)).toEqual(['refund.succeeded']);

    const otherRefund = await refund(other, 5);
    expect(otherRefund.status).toBe(201);
    const list = async (query: string) => (await gw.request<{ data: Refund[] }>('GET', `/v1/refunds?${query}`, { token })).body.data.map((r) => r.id);
    expect(await list(`payment_id=${id}`)).toEqual([rest.body.id, first.body.id]);
    expect(await list(`payment_id=${other}`)).toEqual([otherRefund.body.id]);
    expect(await list(`metadata[ref]=r-${id}`)).toEqual([first.body.id]);
    expect(await list('limit=100')).toEqual(expect.arrayContaining([otherRefund.body.id, rest.body.id, first.body.id]));
    // Pages: a refund's id is a position; another kind of id (a payment's) is 422 naming the parameter.
    expect(await list(`payment_id=${id}&starting_after=${rest.body.id}`)).toEqual([first.body.id]);
    const wrongKind = await gw.request<{ error: { details: Array<{ field: string }> } }>('GET', `/v1/refunds?starting_after=${id}`, { token });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.error.details.map((d) => d.field)).toEqual(['starting_after']);
    expect((await gw.request('GET', '/v1/refunds/ref-unknown', { token })).status).toBe(404);
  });
});
