import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type TestClient, type TestGateway } from './support/gateway.js';
import { encrypt, merchantKey, pay, tokenize, type PaymentReply } from './support/cards.js';
import { advanceClock } from './support/clock.js';

// `remote`: the simulator answers like an acquirer across the network (intent, call, answer),
// the path a real connector takes; `transaction`: inside the payment's transaction (the default).
const authorizationModes = dialects.flatMap((dialect) =>
  (['transaction', 'remote'] as const).map((mode) => ({ dialect, mode, name: `${dialect.name}, SIMULATOR_AUTHORIZATION=${mode}` })),
);

describe.each(authorizationModes)('card payments on $name', ({ dialect, mode }) => {
  let gw: TestGateway;
  let client: TestClient;
  let token: string;
  let visa: string;

  beforeAll(async () => {
    gw = await startGateway(dialect, { SIMULATOR_AUTHORIZATION: mode });
    client = await gw.client();
    token = await client.token();
    visa = await tokenize(gw, token, { number: '4242424242424242' });
  });
  afterAll(() => gw.close());

  const get = (id: string) => gw.request<PaymentReply>('GET', `/v1/payments/${id}`, { token });

  it('approves a test card: 201 with id, status, response_code, approval_code and the amount as a string', async () => {
    const reply = await pay(gw, token, { instrumentId: visa, amount: 15000, currency: 'COP' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'APPROVED', response_code: '00', amount: '15000.00', amount_captured: '0.00', captured_at: null });
    expect(reply.body.id).toMatch(/^pay-[0-9a-z]{26}$/);
    expect(reply.body.approval_code).toMatch(/^[A-Z0-9]{6}$/);
    expect((await get(reply.body.id)).body.status).toBe('APPROVED');
    const clp = await pay(gw, token, { instrumentId: visa, amount: 2500, currency: 'CLP' });
    expect(clp.body.amount).toBe('2500');
  });

  it('answers each declining test card with REJECTED and its ISO 8583 code', async () => {
    const cases: Array<[string, string]> = [
      ['4000000000000002', '05'],
      ['4000000000009995', '51'],
      ['4100000000000019', '59'],
      ['4000000000000069', '54'],
      ['4000000000000119', '96'],
    ];
    for (const [number, code] of cases) {
      const instrumentId = await tokenize(gw, token, { number });
      const reply = await pay(gw, token, { instrumentId });
      expect({ number, status: reply.status, payment: reply.body.status, code: reply.body.response_code, approval: reply.body.approval_code }).toEqual({
        number,
        status: 201,
        payment: 'REJECTED',
        code,
        approval: undefined,
      });
    }
    for (const number of ['5555555555554444', '4000056655665556', '4111111111111111']) {
      const reply = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number }) });
      expect(reply.body.status, number).toBe('APPROVED');
    }
    const amex = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '378282246310005' }), cvv: '1234' });
    expect(amex.body.status).toBe('APPROVED');
  });

  it('a PENDING authorization is approved after PENDING_CARD_DELAY_SECONDS', async () => {
    const reply = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4000000000003303' }) });
    expect(reply.body.status).toBe('PENDING');
    // PENDING_CARD_DELAY_SECONDS: 10 s by default; the test clock gets there.
    expect((await advanceClock(gw, token, 5)).ran.map((r) => r.type)).not.toContain('payment.resolve_pending');
    expect((await get(reply.body.id)).body.status).toBe('PENDING');
    await advanceClock(gw, token, 6);
    const later = await get(reply.body.id);
    expect(later.body.status).toBe('APPROVED');
    expect(later.body.approval_code).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('422 for card data, a clear-text CVV, missing fields, bad amounts and currencies, and unusable instruments', async () => {
    const key = await merchantKey(gw, token);
    const cvv = await encrypt(key, '123');
    const base = { amount: 10, currency: 'USD', order_id: 'o', instrument_id: visa, encrypted_cvv: cvv };
    const deleted = await tokenize(gw, token, { number: '5555555555554444', holder: 'To Delete' });
    await gw.request('DELETE', `/v1/instruments/${deleted}`, { token });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, card: { number: '4242424242424242' } }, 'card'],
      [{ ...base, encrypted_cvv: '123' }, 'encrypted_cvv'],
      [{ ...base, encrypted_cvv: 'bm90IGEgY2lwaGVydGV4dA==' }, 'encrypted_cvv'],
      [{ ...base, amount: 10.001 }, 'amount'],
      [{ ...base, amount: 0 }, 'amount'],
      [{ ...base, amount: -5 }, 'amount'],
      // A decimal string is an amount too (money-input.test.ts), but not one with a comma, or more digits than the currency has.
      [{ ...base, amount: '10,00' }, 'amount'],
      [{ ...base, amount: '10.001' }, 'amount'],
      [{ ...base, amount: true }, 'amount'],
      [{ ...base, currency: 'XYZ' }, 'currency'],
      [{ ...base, currency: 'CLP', amount: 10.5 }, 'amount'],
      [{ ...base, instrument_id: deleted }, 'instrument_id'],
      [{ ...base, instrument_id: 'ins-nope' }, 'instrument_id'],
      [{ ...base, encrypted_cvv: await encrypt(key, '12') }, 'encrypted_cvv'],
    ];
    for (const [body, field] of cases) {
      const reply = await gw.request('POST', '/v1/payments', { token, body: { ...body, order_id: `bad-${Math.random()}` } });
      const fields = (reply.body as { error?: { details: Array<{ field: string }> } }).error?.details.map((d) => d.field);
      expect({ field, status: reply.status, fields }).toEqual({ field, status: 422, fields: expect.arrayContaining([field]) });
    }
    const missing = await gw.request('POST', '/v1/payments', { token, body: {} });
    expect(missing.status).toBe(422);
    const fields = (missing.body as { error: { details: Array<{ field: string }> } }).error.details.map((d) => d.field).sort();
    expect(fields).toEqual(['amount', 'currency', 'encrypted_cvv', 'instrument_id', 'order_id']);
    const rows = await gw.db.selectFrom('payments').select('id').where('order_id', 'like', 'bad-%').execute();
    expect(rows).toEqual([]);
  });

  it('order_id is the idempotency key: a retry returns the first payment, another charge with it is 409', async () => {
    const orderId = `order-${Date.now()}`;
    const first = await pay(gw, token, { instrumentId: visa, orderId, amount: 99.99 });
    const again = await pay(gw, token, { instrumentId: visa, orderId, amount: 99.99 });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const otherAmount = await pay(gw, token, { instrumentId: visa, orderId, amount: 100 });
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.body).toMatchObject({ error: { code: 'order_id_conflict' } });
    // The same number in another currency is another charge, not a retry of the first.
    const otherCurrency = await pay(gw, token, { instrumentId: visa, orderId, amount: 99.99, currency: 'EUR' });
    expect([otherCurrency.status, otherCurrency.body]).toMatchObject([
      409,
      { error: { code: 'order_id_conflict', message: expect.stringContaining('amount or currency') } },
    ]);
    const otherCard = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '5555555555554444' }), orderId, amount: 99.99 });
    expect([otherCard.status, otherCard.body]).toMatchObject([
      409,
      { error: { code: 'order_id_conflict', message: expect.stringMatching(/another instrument\.$/) } },
    ]);
    // The same order_id in another organization is another order.
    const other = await gw.client();
    const otherToken = await other.token();
    const elsewhere = await pay(gw, otherToken, { instrumentId: await tokenize(gw, otherToken, { number: '4242424242424242' }), orderId, amount: 99.99 });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
  });

  it('a retry answers the first payment even when it could not be charged again: its instrument deleted, or a CVV of the wrong length', async () => {
    const card = await tokenize(gw, token, { number: '4000056655665556', holder: 'Deleted Later' });
    const orderId = `order-gone-${Date.now()}`;
    const first = await pay(gw, token, { instrumentId: card, orderId, amount: 12 });
    expect(first.status).toBe(201);
    expect((await gw.request('DELETE', `/v1/instruments/${card}`, { token })).status).toBe(200);
    const again = await pay(gw, token, { instrumentId: card, orderId, amount: 12 });
    expect({ status: again.status, id: again.body.id }).toEqual({ status: 201, id: first.body.id });
    const shortCvv = await pay(gw, token, { instrumentId: card, orderId, amount: 12, cvv: '12' });
    expect({ status: shortCvv.status, id: shortCvv.body.id }).toEqual({ status: 201, id: first.body.id });
    // Another charge with that order_id is still 409; a new order with the deleted instrument is 422.
    expect((await pay(gw, token, { instrumentId: card, orderId, amount: 13 })).status).toBe(409);
    const fresh = await pay(gw, token, { instrumentId: card, amount: 12 });
    expect(fresh.status).toBe(422);
    expect(JSON.stringify(fresh.body)).toContain('instrument_id');
  });

  it('racing requests with one order_id charge once', async () => {
    const orderId = `race-${Date.now()}`;
    const replies = await Promise.all(Array.from({ length: 8 }, () => pay(gw, token, { instrumentId: visa, orderId, amount: 42 })));
    expect(replies.every((r) => r.status === 201)).toBe(true);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    const rows = await gw.db.selectFrom('payments').select('id').where('order_id', '=', orderId).execute();
    expect(rows).toHaveLength(1);
    const authorizations = await gw.db.selectFrom('simulator_operations').select('reference').where('reference', '=', `auth:${rows[0]!.id}`).execute();
    expect(authorizations).toHaveLength(1);
  });

  it('deferred capture: AUTHORIZED until captured (in full or in part); not for automatic payments', async () => {
    const authorized = await pay(gw, token, { instrumentId: visa, amount: 80, capture: false });
    expect(authorized.body.status).toBe('AUTHORIZED');
    const tooMuch = await gw.request('POST', `/v1/payments/${authorized.body.id}/capture`, { token, body: { amount: 80.01 } });
    expect(tooMuch.status).toBe(422);
    const captured = await gw.request<PaymentReply>('POST', `/v1/payments/${authorized.body.id}/capture`, { token, body: { amount: 50 } });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ status: 'APPROVED', amount_captured: '50.00' });
    expect(captured.body.captured_at).not.toBeNull();
    const twice = await gw.request('POST', `/v1/payments/${authorized.body.id}/capture`, { token, body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: { code: 'payment_already_captured' } });

    const viaAuthorizations = await pay(gw, token, { instrumentId: visa, path: '/v1/payments/authorizations' });
    expect(viaAuthorizations.body.status).toBe('AUTHORIZED');
    const full = await gw.request<PaymentReply>('POST', `/v1/payments/${viaAuthorizations.body.id}/capture`, { token });
    expect(full.body.amount_captured).toBe(viaAuthorizations.body.amount);

    const automatic = await pay(gw, token, { instrumentId: visa });
    const refused = await gw.request('POST', `/v1/payments/${automatic.body.id}/capture`, { token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'payment_not_authorized' } });
  });

  it('cancel voids an uncaptured payment; a captured one is 409', async () => {
    const approved = await pay(gw, token, { instrumentId: visa });
    const cancelled = await gw.request<PaymentReply & { cancelled_at: string }>('POST', `/v1/payments/${approved.body.id}/cancel`, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect((await get(approved.body.id)).body.status).toBe('CANCELLED');
    const again = await gw.request('POST', `/v1/payments/${approved.body.id}/cancel`, { token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'payment_not_cancellable' } });

    const authorized = await pay(gw, token, { instrumentId: visa, capture: false });
    await gw.request('POST', `/v1/payments/${authorized.body.id}/capture`, { token, body: {} });
    const late = await gw.request('POST', `/v1/payments/${authorized.body.id}/cancel`, { token });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: { code: 'payment_already_captured' } });

    const rejected = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4000000000000002' }) });
    expect((await gw.request('POST', `/v1/payments/${rejected.body.id}/cancel`, { token })).status).toBe(409);
  });

  it('lists payments newest first with cursors and a status filter', async () => {
    const c = await gw.client();
    const t = await c.token();
    const card = await tokenize(gw, t, { number: '4242424242424242' });
    const declined = await tokenize(gw, t, { number: '4000000000000002' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await pay(gw, t, { instrumentId: card })).body.id);
    const rejectedId = (await pay(gw, t, { instrumentId: declined })).body.id;
    const page = await gw.request<{ data: PaymentReply[]; has_more: boolean }>('GET', '/v1/payments?limit=2', { token: t });
    expect(page.body.data.map((p) => p.id)).toEqual([rejectedId, ids[2]]);
    expect(page.body.has_more).toBe(true);
    const next = await gw.request<{ data: PaymentReply[]; has_more: boolean }>('GET', `/v1/payments?limit=2&starting_after=${ids[2]}`, { token: t });
    expect(next.body.data.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    expect(next.body.has_more).toBe(false);
    const rejected = await gw.request<{ data: PaymentReply[] }>('GET', '/v1/payments?status=REJECTED', { token: t });
    expect(rejected.body.data.map((p) => p.id)).toEqual([rejectedId]);
    expect((await gw.request('GET', '/v1/payments?status=LOST', { token: t })).status).toBe(422);
    expect((await gw.request('GET', `/v1/payments/${ids[0]}`, { token })).status).toBe(404);
  });

  it('writes an event in the same transaction as each state change', async () => {
    const approved = await pay(gw, token, { instrumentId: visa, capture: false });
    await gw.request('POST', `/v1/payments/${approved.body.id}/capture`, { token, body: {} });
    const events = await gw.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('organization_id', '=', client.organizationId)
      .where('data', 'like', `%${approved.body.id}%`)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['payment.card.authorized', 'payment.card.captured']);
    expect(JSON.parse(events[0]!.data)).toMatchObject({
      payment: { id: approved.body.id, currency: 'USD', current_amount: 150, transaction: { status: 'AUTHORIZED', status_detail: 'AUTHORIZED' } },
    });
  });
});

describe.each(dialects)('card payment background work on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;

  beforeAll(async () => {
    // The default delays (capture 180 s, authorizations 7 days): the test clock gets there.
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
  });
  afterAll(() => gw.close());

  it('captures automatically after CAPTURE_DELAY_SECONDS; a chargeback test card then gets an OPEN chargeback', async () => {
    const card = await tokenize(gw, token, { number: '4000000000000259' });
    const payment = await pay(gw, token, { instrumentId: card, amount: 75.5 });
    expect(payment.body.captured_at).toBeNull();
    await advanceClock(gw, token, 181);
    const captured = await gw.request<PaymentReply>('GET', `/v1/payments/${payment.body.id}`, { token });
    expect(captured.body).toMatchObject({ status: 'APPROVED', amount_captured: '75.50' });
    const chargebacks = await gw.request<{ data: Array<{ id: string; payment_id: string; status: string; amount: string }>; has_more: boolean }>(
      'GET',
      '/v1/chargebacks',
      { token },
    );
    expect(chargebacks.status).toBe(200);
    expect(chargebacks.body.data).toEqual([expect.objectContaining({ payment_id: payment.body.id, status: 'OPEN', amount: '75.50' })]);
    expect(chargebacks.body.data[0]!.id).toMatch(/^chb-/);
  });

  it('a cancelled payment is never captured', async () => {
    const payment = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }) });
    await gw.request('POST', `/v1/payments/${payment.body.id}/cancel`, { token });
    const advanced = await advanceClock(gw, token, 181);
    expect(advanced.ran.filter((r) => r.subject_id === payment.body.id).map((r) => [r.type, r.outcome])).toEqual([['payment.capture', 'completed']]);
    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${payment.body.id}`, { token })).body).toMatchObject({
      status: 'CANCELLED',
      captured_at: null,
    });
  });

  it('an authorization not captured in time is voided by itself', async () => {
    const payment = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), capture: false });
    await advanceClock(gw, token, 7 * 86400 - 60);
    expect((await gw.request<PaymentReply>('GET', `/v1/payments/${payment.body.id}`, { token })).body.status).toBe('AUTHORIZED');
    await advanceClock(gw, token, 120);
    const later = await gw.request<PaymentReply>('GET', `/v1/payments/${payment.body.id}`, { token });
    expect(later.body.status).toBe('CANCELLED');
  });
});

describe.each(dialects)('card payments for a merchant and point of sale on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let otherToken: string;
  let visa: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    otherToken = await (await gw.client()).token();
    visa = await tokenize(gw, token, { number: '4242424242424242' });
  });
  afterAll(() => gw.close());

  const post = async (path: string, body: Record<string, unknown>, as = token) => (await gw.request<{ id: string }>('POST', path, { token: as, body })).body.id;
  const payFor = async (place: Record<string, unknown>) => {
    const key = await merchantKey(gw, token);
    return gw.request<PaymentReply & Record<string, unknown>>('POST', '/v1/payments', {
      token,
      body: {
        amount: 20,
        currency: 'USD',
        order_id: `order-${Math.random().toString(36).slice(2)}`,
        instrument_id: visa,
        encrypted_cvv: await encrypt(key, '123'),
        ...place,
      },
    });
  };

  it('records merchant_id and point_of_sale_id, shows them, and the list filters by them', async () => {
    const merchant = await post('/v1/merchants', { name: 'Tienda' });
    const other = await post('/v1/merchants', { name: 'Otra' });
    const point = await post('/v1/points-of-sale', { merchant_id: merchant, name: 'Caja 1' });

    const plain = await payFor({});
    expect(plain.body).toMatchObject({ merchant_id: null, point_of_sale_id: null, terminal_id: null, channel: 'ecommerce' });
    const atMerchant = await payFor({ merchant_id: merchant });
    expect(atMerchant.status).toBe(201);
    expect(atMerchant.body).toMatchObject({ merchant_id: merchant, point_of_sale_id: null, channel: 'ecommerce' });
    const atPoint = await payFor({ merchant_id: merchant, point_of_sale_id: point });
    expect(atPoint.body).toMatchObject({ merchant_id: merchant, point_of_sale_id: point });
    // A point of sale alone names its merchant.
    const pointOnly = await payFor({ point_of_sale_id: point });
    expect(pointOnly.body).toMatchObject({ merchant_id: merchant, point_of_sale_id: point });
    const atOther = await payFor({ merchant_id: other });

    const ids = async (query: string) =>
      (await gw.request<{ data: Array<{ id: string }> }>('GET', `/v1/payments?${query}`, { token })).body.data.map((p) => p.id);
    expect(await ids(`merchant_id=${merchant}`)).toEqual([pointOnly.body.id, atPoint.body.id, atMerchant.body.id]);
    expect(await ids(`point_of_sale_id=${point}`)).toEqual([pointOnly.body.id, atPoint.body.id]);
    expect(await ids(`merchant_id=${other}`)).toEqual([atOther.body.id]);
    expect(await ids(`merchant_id=${merchant}&limit=1&starting_after=${pointOnly.body.id}`)).toEqual([atPoint.body.id]);
  });

  it("422 names merchant_id or point_of_sale_id when they are not the organization's, or do not match; nothing is charged", async () => {
    const merchant = await post('/v1/merchants', { name: 'Tienda' });
    const other = await post('/v1/merchants', { name: 'Otra' });
    const otherPoint = await post('/v1/points-of-sale', { merchant_id: other, name: 'Caja 9' });
    const foreign = await post('/v1/merchants', { name: 'Ajena' }, otherToken);
    const before = (await gw.request<{ data: unknown[] }>('GET', '/v1/payments?limit=100', { token })).body.data.length;

    const unknown = await payFor({ merchant_id: 'mer-nope', point_of_sale_id: 'pos-nope' });
    expect(unknown.status).toBe(422);
    expect((unknown.body as unknown as { error: { details: Array<{ field: string }> } }).error.details.map((d) => d.field).sort()).toEqual([
      'merchant_id',
      'point_of_sale_id',
    ]);
    const elsewhere = await payFor({ merchant_id: foreign });
    expect(elsewhere.status).toBe(422);
    const mismatch = await payFor({ merchant_id: merchant, point_of_sale_id: otherPoint });
    expect(mismatch.status).toBe(422);
    expect((mismatch.body as unknown as { error: { details: Array<{ field: string }> } }).error.details).toEqual([
      expect.objectContaining({ field: 'point_of_sale_id' }),
    ]);
    // Every problem at once: the amount's and the merchant's.
    const both = await payFor({ merchant_id: 'mer-nope', amount: 1.234 });
    expect((both.body as unknown as { error: { details: Array<{ field: string }> } }).error.details.map((d) => d.field).sort()).toEqual([
      'amount',
      'merchant_id',
    ]);
    expect((await gw.request<{ data: unknown[] }>('GET', '/v1/payments?limit=100', { token })).body.data.length).toBe(before);
  });
});
