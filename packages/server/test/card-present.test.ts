/**
 * Card-present payments (/v1/card-present/payments): created from a card read
 * at a terminal of a point of sale, authorized at the card-network simulator,
 * listed and fetched apart from e-commerce payments, and captured, cancelled
 * and refunded with the payments' own actions; screened by the fraud rules
 * before authorization like every card payment. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { webcrypto } from 'node:crypto';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { merchantKey, pay, tokenize } from './support/cards.js';
import { cardRead, placeTerminal } from './support/terminal.js';

interface Payment {
  id: string;
  status: string;
  response_code: string | null;
  amount: string;
  order_id: string;
  channel: string;
  entry_mode: string | null;
  terminal_id: string | null;
  point_of_sale_id: string | null;
  merchant_id: string | null;
  captured_at: string | null;
  amount_captured: string;
  amount_refunded: string;
  instrument: { id: string; card_brand: string; last_four_digits: string };
}
type ErrorBody = { error: { code: string; details: Array<{ field: string; message: string }> } };

const orderId = () => `cp-${Math.random().toString(36).slice(2)}`;

describe.each(dialects)('card-present payments on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let key: webcrypto.CryptoKey;
  let place: Awaited<ReturnType<typeof placeTerminal>>;

  const create = async (body: Record<string, unknown> = {}, number = '4242424242424242') =>
    gw.request<Payment>('POST', '/v1/card-present/payments', {
      token,
      body: {
        amount: 25000,
        currency: 'COP',
        order_id: orderId(),
        point_of_sale_id: place.pointOfSaleId,
        terminal_id: place.terminalId,
        entry_mode: 'contactless',
        card: await cardRead(key, number),
        ...body,
      },
    });

  beforeAll(async () => {
    gw = await startGateway(dialect, { CAPTURE_DELAY_SECONDS: '3600' });
    const client = await gw.client();
    token = await client.token();
    key = await merchantKey(gw, token);
    place = await placeTerminal(gw, token);
  });
  afterAll(() => gw.close());

  it('creates a card-present payment from a card read, decided by the test cards', async () => {
    const order = orderId();
    const approved = await create({ order_id: order, description: 'Caja 1' });
    expect(approved.status).toBe(201);
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      response_code: '00',
      amount: '25000.00',
      order_id: order,
      channel: 'card_present',
      entry_mode: 'contactless',
      terminal_id: place.terminalId,
      point_of_sale_id: place.pointOfSaleId,
      merchant_id: place.merchantId,
      instrument: { card_brand: 'visa', last_four_digits: '4242' },
    });
    // The same order again is the same payment; with another terminal it is a conflict.
    const again = await create({ order_id: order });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(approved.body.id);
    const other = await placeTerminal(gw, token);
    const conflict = await create({ order_id: order, point_of_sale_id: other.pointOfSaleId, terminal_id: other.terminalId });
    expect(conflict.status).toBe(409);
    expect((conflict.body as unknown as ErrorBody).error.code).toBe('order_id_conflict');

    const declined = await create({ entry_mode: 'swipe' }, '4000000000000002');
    expect(declined.status).toBe(201);
    expect(declined.body).toMatchObject({ status: 'REJECTED', response_code: '05', channel: 'card_present', entry_mode: 'swipe' });
    const funds = await create({}, '4000000000009995');
    expect(funds.body).toMatchObject({ status: 'REJECTED', response_code: '51' });

    // A read with a CVV is accepted too (a manually keyed card), and the CVV is checked.
    const keyed = await create({ card: await cardRead(key, '5555555555554444', { cvv: '123' }) });
    expect(keyed.body).toMatchObject({ status: 'APPROVED', instrument: { card_brand: 'mastercard' } });
    const badCvv = await create({ card: await cardRead(key, '5555555555554444', { cvv: '12' }) });
    expect(badCvv.status).toBe(422);
    expect((badCvv.body as unknown as ErrorBody).error.details).toEqual([expect.objectContaining({ field: 'card.encrypted_cvv' })]);
  });

  it('names every problem of a bad request in one 422 and writes nothing', async () => {
    const empty = await gw.request<ErrorBody>('POST', '/v1/card-present/payments', { token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.map((d) => d.field).sort()).toEqual([
      'amount',
      'card',
      'currency',
      'entry_mode',
      'order_id',
      'point_of_sale_id',
      'terminal_id',
    ]);

    const before = await gw.request<{ data: Payment[] }>('GET', '/v1/card-present/payments?limit=100', { token });
    const detached = await placeTerminal(gw, token, { attach: false });
    const bad = await create({
      amount: 10.001,
      terminal_id: detached.terminalId,
      card: { ...(await cardRead(key, '4242424242424241')), encrypted_holder_name: 'bm90IGVuY3J5cHRlZA==' },
    });
    expect(bad.status).toBe(422);
    expect((bad.body as unknown as ErrorBody).error.details.map((d) => d.field).sort()).toEqual(['amount', 'card.encrypted_holder_name', 'terminal_id']);
    const luhn = await create({}, '4242424242424241');
    expect((luhn.body as unknown as ErrorBody).error.details).toEqual([expect.objectContaining({ field: 'card.encrypted_number' })]);

    const other = await placeTerminal(gw, token);
    const wrongPoint = await create({ point_of_sale_id: other.pointOfSaleId });
    expect((wrongPoint.body as unknown as ErrorBody).error.details).toEqual([
      { field: 'terminal_id', message: `the terminal is not attached to point of sale ${other.pointOfSaleId}` },
    ]);
    const unknownPoint = await create({ point_of_sale_id: 'pos-01nosuchpoint000000000000000' });
    expect((unknownPoint.body as unknown as ErrorBody).error.details).toEqual([expect.objectContaining({ field: 'point_of_sale_id' })]);
    const inactive = await placeTerminal(gw, token, { status: 'inactive' });
    const inactiveReply = await create({ point_of_sale_id: inactive.pointOfSaleId, terminal_id: inactive.terminalId });
    expect((inactiveReply.body as unknown as ErrorBody).error.details).toEqual([{ field: 'terminal_id', message: 'the terminal is inactive' }]);
    const clearCvv = await create({ card: { ...(await cardRead(key, '4242424242424242')), encrypted_cvv: '123' } });
    expect((clearCvv.body as unknown as ErrorBody).error.details).toEqual([expect.objectContaining({ field: 'card.encrypted_cvv' })]);

    // Another organization's point of sale and terminal are unknown here.
    const stranger = await gw.client();
    const theirs = await placeTerminal(gw, await stranger.token());
    const foreign = await create({ point_of_sale_id: theirs.pointOfSaleId, terminal_id: theirs.terminalId });
    expect((foreign.body as unknown as ErrorBody).error.details).toEqual([expect.objectContaining({ field: 'point_of_sale_id' })]);

    const after = await gw.request<{ data: Payment[] }>('GET', '/v1/card-present/payments?limit=100', { token });
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  it('lists and gets only card-present payments; an e-commerce payment is 404 here', async () => {
    const mine = await placeTerminal(gw, token);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ point_of_sale_id: mine.pointOfSaleId, terminal_id: mine.terminalId })).body.id);
    const online = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }) });
    expect(online.status).toBe(201);

    const page1 = await gw.request<{ data: Payment[]; has_more: boolean }>('GET', `/v1/card-present/payments?terminal_id=${mine.terminalId}&limit=2`, {
      token,
    });
    expect(page1.body.data.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await gw.request<{ data: Payment[]; has_more: boolean }>(
      'GET',
      `/v1/card-present/payments?terminal_id=${mine.terminalId}&starting_after=${ids[1]}`,
      { token },
    );
    expect(page2.body).toEqual({ data: [expect.objectContaining({ id: ids[0], channel: 'card_present' })], has_more: false });
    const byPoint = await gw.request<{ data: Payment[] }>('GET', `/v1/card-present/payments?point_of_sale_id=${mine.pointOfSaleId}`, { token });
    expect(byPoint.body.data.length).toBe(3);
    const all = await gw.request<{ data: Payment[] }>('GET', '/v1/card-present/payments?limit=100', { token });
    expect(all.body.data.every((p) => p.channel === 'card_present')).toBe(true);
    expect(all.body.data.map((p) => p.id)).not.toContain(online.body.id);
    const rejected = await gw.request<{ data: Payment[] }>('GET', '/v1/card-present/payments?status=REJECTED&limit=100', { token });
    expect(rejected.body.data.every((p) => p.status === 'REJECTED')).toBe(true);
    expect((await gw.request('GET', '/v1/card-present/payments?limit=101', { token })).status).toBe(422);

    expect((await gw.request<Payment>('GET', `/v1/card-present/payments/${ids[0]}`, { token })).body).toMatchObject({
      id: ids[0],
      channel: 'card_present',
      entry_mode: 'contactless',
    });
    expect((await gw.request('GET', `/v1/card-present/payments/${online.body.id}`, { token })).status).toBe(404);
    expect((await gw.request('POST', `/v1/card-present/payments/${online.body.id}/cancel`, { token })).status).toBe(404);
    // The e-commerce list shows card-present payments too, with their channel.
    expect((await gw.request<Payment>('GET', `/v1/payments/${ids[0]}`, { token })).body.channel).toBe('card_present');

    const stranger = await gw.client();
    expect((await gw.request('GET', `/v1/card-present/payments/${ids[0]}`, { token: await stranger.token() })).status).toBe(404);
  });

  it("captures, cancels, refunds, reverses, adjusts, authorizes and cancels-or-refunds with the payments' own actions", async () => {
    const authorized = await create({ capture: false });
    expect(authorized.body.status).toBe('AUTHORIZED');
    const adjusted = await gw.request<Payment & { transaction: { type: string; status: string } }>(
      'POST',
      `/v1/card-present/payments/${authorized.body.id}/adjust`,
      { token, body: { amount: 28000 } },
    );
    expect(adjusted.status).toBe(200);
    expect(adjusted.body).toMatchObject({
      status: 'AUTHORIZED',
      channel: 'card_present',
      entry_mode: 'contactless',
      transaction: { type: 'adjustment', status: 'SUCCEEDED' },
    });
    const tooMuch = await gw.request<ErrorBody>('POST', `/v1/card-present/payments/${authorized.body.id}/adjust`, { token, body: { amount: 1_000_000 } });
    expect(tooMuch.status).toBe(422);
    const captured = await gw.request<Payment>('POST', `/v1/card-present/payments/${authorized.body.id}/capture`, { token, body: { amount: 20000 } });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ status: 'APPROVED', amount_captured: '20000.00', channel: 'card_present', transaction: { type: 'capture' } });
    expect(captured.body.captured_at).not.toBeNull();

    const partial = await gw.request<{ status: string; amount: string }>('POST', `/v1/card-present/payments/${authorized.body.id}/refund`, {
      token,
      body: { amount: 5000 },
    });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ status: 'SUCCEEDED', amount: '5000.00' });
    const rest = await gw.request<Payment & { transaction: { type: string } }>('POST', `/v1/card-present/payments/${authorized.body.id}/cancel-or-refund`, {
      token,
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'REFUNDED', amount_refunded: '20000.00', transaction: { type: 'refund' } });
    const nothingLeft = await gw.request<ErrorBody>('POST', `/v1/card-present/payments/${authorized.body.id}/refund`, { token, body: {} });
    expect(nothingLeft.status).toBe(409);

    const toCancel = await create({ capture: false });
    const notCaptured = await gw.request<ErrorBody>('POST', `/v1/card-present/payments/${toCancel.body.id}/refund`, { token, body: {} });
    expect(notCaptured.body.error.code).toBe('payment_not_captured');
    const cancelled = await gw.request<Payment>('POST', `/v1/card-present/payments/${toCancel.body.id}/cancel`, { token });
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', transaction: { type: 'void' } });
    const captureCancelled = await gw.request<ErrorBody>('POST', `/v1/card-present/payments/${toCancel.body.id}/capture`, { token, body: {} });
    expect(captureCancelled.status).toBe(409);

    const toReverse = await create({});
    const reversed = await gw.request<Payment>('POST', `/v1/card-present/payments/${toReverse.body.id}/reverse`, { token });
    expect(reversed.body).toMatchObject({ status: 'CANCELLED', transaction: { type: 'reversal' } });
    const voided = await gw.request<Payment>('POST', `/v1/card-present/payments/${(await create({ capture: false })).body.id}/cancel-or-refund`, { token });
    expect(voided.body).toMatchObject({ status: 'CANCELLED', transaction: { type: 'void' } });

    // A PENDING authorization, asked again at once instead of after PENDING_CARD_DELAY_SECONDS.
    const pending = await create({}, '4000000000003303');
    expect(pending.body.status).toBe('PENDING');
    const decided = await gw.request<Payment>('POST', `/v1/card-present/payments/${pending.body.id}/authorize`, { token });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'APPROVED', channel: 'card_present' });

    const events = await gw.request<{ data: Array<{ type: string; data: { payment?: { id: string } } }> }>('GET', '/v1/events?limit=100', { token });
    const types = events.body.data.filter((e) => e.data.payment?.id === toCancel.body.id).map((e) => e.type);
    expect(types.sort()).toEqual(['payment.card.authorized', 'payment.card.cancelled']);
  });

  it('lets card-present:write act on card-present payments only', async () => {
    const client = await gw.client({ scopes: ['card-present:read', 'card-present:write'] });
    const cpToken = await client.token();
    // An administrator of the same organization sets up the terminal and the encryption key.
    const admin = await gw.client({ organizationId: client.organizationId });
    const adminToken = await admin.token();
    const own = await placeTerminal(gw, adminToken);
    const orgKey = await merchantKey(gw, adminToken);
    const body = {
      amount: 100,
      currency: 'USD',
      order_id: orderId(),
      point_of_sale_id: own.pointOfSaleId,
      terminal_id: own.terminalId,
      entry_mode: 'chip',
      card: await cardRead(orgKey, '4242424242424242'),
      capture: false,
    };
    const created = await gw.request<Payment>('POST', '/v1/card-present/payments', { token: cpToken, body });
    expect(created.status).toBe(201);
    expect((await gw.request('POST', `/v1/card-present/payments/${created.body.id}/cancel-or-refund`, { token: cpToken })).status).toBe(200);
    // The same payment through /v1/payments needs the payments permissions.
    expect((await gw.request('POST', `/v1/payments/${created.body.id}/refund`, { token: cpToken, body: {} })).status).toBe(403);
  });

  it('refunds a card-present payment only with payments:refund, as under /v1/payments', async () => {
    const client = await gw.client({ scopes: ['card-present:read', 'card-present:write'] });
    const cpToken = await client.token();
    const admin = await gw.client({ organizationId: client.organizationId });
    const adminToken = await admin.token();
    const refunder = await gw.client({ organizationId: client.organizationId, scopes: ['card-present:write', 'payments:refund'] });
    const refunderToken = await refunder.token();
    const own = await placeTerminal(gw, adminToken);
    const orgKey = await merchantKey(gw, adminToken);
    const body = {
      amount: 100,
      currency: 'USD',
      order_id: orderId(),
      point_of_sale_id: own.pointOfSaleId,
      terminal_id: own.terminalId,
      entry_mode: 'chip',
      card: await cardRead(orgKey, '4242424242424242'),
      capture: false,
    };
    const created = await gw.request<Payment>('POST', '/v1/card-present/payments', { token: cpToken, body });
    expect(created.status).toBe(201);
    expect((await gw.request<Payment>('POST', `/v1/card-present/payments/${created.body.id}/capture`, { token: cpToken })).body.status).toBe('APPROVED');

    const refund = await gw.request<ErrorBody>('POST', `/v1/card-present/payments/${created.body.id}/refund`, { token: cpToken, body: {} });
    expect(refund.status).toBe(403);
    expect(refund.body.error.code).toBe('forbidden');
    const cancelOrRefund = await gw.request<ErrorBody>('POST', `/v1/card-present/payments/${created.body.id}/cancel-or-refund`, { token: cpToken });
    expect(cancelOrRefund.status).toBe(403);
    expect((await gw.request<Payment>('GET', `/v1/card-present/payments/${created.body.id}`, { token: cpToken })).body).toMatchObject({
      status: 'APPROVED',
      amount_refunded: '0.00',
    });

    // card-present:write with payments:refund refunds.
    const refunded = await gw.request('POST', `/v1/card-present/payments/${created.body.id}/refund`, { token: refunderToken, body: { amount: 40 } });
    expect(refunded.status).toBe(201);
    expect((await gw.request('POST', `/v1/card-present/payments/${created.body.id}/cancel-or-refund`, { token: refunderToken })).status).toBe(200);
  });

  it('never stores the card read in clear: the number is in the vault, no CVV anywhere', async () => {
    const reply = await create({ card: await cardRead(key, '378282246310005', { cvv: '1234' }) });
    expect(reply.body).toMatchObject({ status: 'APPROVED', instrument: { card_brand: 'amex', last_four_digits: '0005' } });
    const row = await gw.db.selectFrom('instruments').selectAll().where('id', '=', reply.body.instrument.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('378282246310005');
    const payment = await gw.db.selectFrom('payments').selectAll().where('id', '=', reply.body.id).executeTakeFirstOrThrow();
    expect(Object.keys(payment).filter((k) => /cvv|number/.test(k))).toEqual([]);
    expect(JSON.stringify(reply.body)).not.toContain('encrypted_');
  });

  it('screens every card-present payment with the fraud rules: a decline is REJECTED 59 and the network is never called', async () => {
    // An organization of its own, so its rules touch no other test.
    const client = await gw.client();
    const own = await client.token();
    const orgKey = await merchantKey(gw, own);
    const at = await placeTerminal(gw, own);
    const rules = await gw.request('PUT', '/v1/fraud/rules', {
      token: own,
      body: { amount_thresholds: [{ currency: 'COP', review_above: 50000, decline_above: 100000 }] },
    });
    expect(rules.status, rules.text).toBe(200);
    const charge = async (amount: number) => {
      const reply = await gw.request<Payment>('POST', '/v1/card-present/payments', {
        token: own,
        body: {
          amount,
          currency: 'COP',
          order_id: orderId(),
          point_of_sale_id: at.pointOfSaleId,
          terminal_id: at.terminalId,
          entry_mode: 'chip',
          card: await cardRead(orgKey, '4242424242424242'),
        },
      });
      expect(reply.status, reply.text).toBe(201);
      return reply.body;
    };
    const evaluation = async (id: string) => {
      const reply = await gw.request<{ payment_id: string; score: number; decision: string; rules_hit: Array<Record<string, unknown>> }>(
        'GET',
        `/v1/payments/${id}/fraud-evaluation`,
        { token: own },
      );
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };

    const approved = await charge(25000);
    expect(approved).toMatchObject({ status: 'APPROVED', response_code: '00', channel: 'card_present' });
    expect(await evaluation(approved.id)).toMatchObject({ payment_id: approved.id, score: 0, decision: 'approve', rules_hit: [] });
    const reviewed = await charge(75000);
    expect(reviewed).toMatchObject({ status: 'APPROVED', response_code: '00' });
    expect(await evaluation(reviewed.id)).toMatchObject({ decision: 'review', rules_hit: [{ rule: 'amount_threshold', action: 'review', currency: 'COP' }] });

    const declined = await charge(150000);
    expect(declined).toMatchObject({ status: 'REJECTED', response_code: '59', channel: 'card_present', entry_mode: 'chip', terminal_id: at.terminalId });
    expect(await evaluation(declined.id)).toMatchObject({
      payment_id: declined.id,
      score: 100,
      decision: 'decline',
      rules_hit: [{ rule: 'amount_threshold', action: 'decline', amount: '150000.00', threshold: '100000.00', currency: 'COP' }],
    });
    // The network was never asked: no simulator ledger entry, no authorization, no recovery job.
    expect(await gw.db.selectFrom('simulator_operations').select('reference').where('reference', 'like', `%${declined.id}%`).execute()).toEqual([]);
    expect(await gw.db.selectFrom('jobs').select('type').where('payload', 'like', `%${declined.id}%`).execute()).toEqual([]);
    const row = await gw.db
      .selectFrom('payments')
      .select(['network_reference', 'pending_action', 'authorized_at'])
      .where('id', '=', declined.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ network_reference: null, pending_action: null, authorized_at: null });
    const events = await gw.db
      .selectFrom('events')
      .select('type')
      .where('organization_id', '=', client.organizationId)
      .where('data', 'like', `%${declined.id}%`)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['payment.card.rejected']);
    // The evaluation counts the payment against the API client that made it.
    const stored = await gw.db.selectFrom('fraud_evaluations').select('client_id').where('payment_id', '=', declined.id).executeTakeFirstOrThrow();
    expect(stored.client_id).toBe(client.clientId);
    expect((await gw.request<Payment>('GET', `/v1/card-present/payments/${declined.id}`, { token: own })).body).toMatchObject({
      status: 'REJECTED',
      response_code: '59',
    });
  });
});
