/**
 * Fraud screening: every card payment is evaluated before authorization; a
 * decline rejects it without calling the network. Rules per organization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startGateway, type Reply, type TestClient, type TestGateway } from './support/gateway.js';
import { encrypt, encryptedCard, importPublicKey, pay, pendingWalletIntent, tokenize, type PaymentReply } from './support/cards.js';

type ErrorBody = { error: { code: string; details: Array<{ field: string; message: string }> } };
type Evaluation = { payment_id: string; score: number; decision: string; rules_hit: Array<Record<string, unknown>>; evaluated_at: string };
type Rules = Record<string, unknown> & { configured: boolean };

const DEFAULTS = {
  configured: false,
  instrument_velocity: { max_payments: 10, window_seconds: 60, action: 'review' },
  client_velocity: null,
  client_new_cards: { max_cards: 10, window_seconds: 600, action: 'review' },
  card_declines: { max_declines: 5, window_seconds: 3600, action: 'decline' },
  amount_thresholds: [],
  updated_at: null,
};

describe.each(dialects)('fraud screening on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  const org = async (client?: TestClient) => {
    const c = client ?? (await gw.client());
    const token = await c.token();
    const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      gw.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
    const card = (number = '4242424242424242') => tokenize(gw, token, { number });
    const charge = async (instrumentId: string, amount = 150, currency = 'USD', orderId?: string) => {
      const reply = await pay(gw, token, { instrumentId, amount, currency, ...(orderId ? { orderId } : {}) });
      expect(reply.status, reply.text).toBe(201);
      return reply.body;
    };
    const evaluation = async (paymentId: string) => {
      const reply = await call<Evaluation>('GET', `/v1/payments/${paymentId}/fraud-evaluation`);
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    const rules = async (body: unknown) => {
      const reply = await call<Rules>('PUT', '/v1/fraud/rules', body);
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    return { client: c, token, call, card, charge, evaluation, rules };
  };

  /** What proves the network was never asked: no simulator ledger entry, no authorization, no recovery job. */
  const networkUntouched = async (payment: PaymentReply) => {
    const ledger = await gw.db.selectFrom('simulator_operations').select('reference').where('reference', 'like', `%${payment.id}%`).execute();
    expect(ledger).toEqual([]);
    const jobs = await gw.db.selectFrom('jobs').select('type').where('payload', 'like', `%${payment.id}%`).execute();
    expect(jobs).toEqual([]);
    const row = await gw.db
      .selectFrom('payments')
      .select(['network_reference', 'pending_action', 'authorized_at'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ network_reference: null, pending_action: null, authorized_at: null });
    expect(payment).toMatchObject({ status: 'REJECTED', response_code: '59' });
    expect(payment.approval_code).toBeUndefined();
  };
  const fields = (reply: Reply<unknown>) => (reply.body as ErrorBody).error?.details.map((d) => d.field).sort();

  it('defaults when none configured; every card payment has an evaluation', async () => {
    const { call, card, charge, evaluation } = await org();
    expect((await call('GET', '/v1/fraud/rules')).body).toEqual(DEFAULTS);
    const payment = await charge(await card());
    expect(payment.status).toBe('APPROVED');
    const evaluated = await evaluation(payment.id);
    expect(evaluated).toMatchObject({ payment_id: payment.id, score: 0, decision: 'approve', rules_hit: [] });
    expect(evaluated.evaluated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('the default instrument velocity flags the 11th payment with one card in a minute for review; the payment goes through', async () => {
    const { card, charge, evaluation } = await org();
    const instrument = await card();
    const payments = [];
    for (let i = 0; i < 11; i++) payments.push(await charge(instrument));
    expect((await evaluation(payments[9]!.id)).decision).toBe('approve');
    const last = payments[10]!;
    expect(last.status).toBe('APPROVED');
    expect(await evaluation(last.id)).toMatchObject({
      score: 50,
      decision: 'review',
      rules_hit: [{ rule: 'instrument_velocity', action: 'review', observed: 11, limit: 10, window_seconds: 60 }],
    });
  });

  it('velocity per instrument set to decline: REJECTED with 59, the network never called, a rejected event recorded', async () => {
    const { client, card, charge, evaluation, rules } = await org();
    const saved = await rules({ instrument_velocity: { max_payments: 2, window_seconds: 300, action: 'decline' } });
    expect(saved).toMatchObject({
      ...DEFAULTS,
      updated_at: expect.any(String),
      configured: true,
      instrument_velocity: { max_payments: 2, window_seconds: 300, action: 'decline' },
    });
    expect(saved.updated_at).toEqual(expect.any(String));
    const instrument = await card();
    expect((await charge(instrument)).status).toBe('APPROVED');
    expect((await charge(instrument)).status).toBe('APPROVED');
    const orderId = `fraud-${Math.random()}`;
    const third = await charge(instrument, 150, 'USD', orderId);
    await networkUntouched(third);
    expect(await evaluation(third.id)).toMatchObject({
      score: 100,
      decision: 'decline',
      rules_hit: [{ rule: 'instrument_velocity', action: 'decline', observed: 3, limit: 2, window_seconds: 300 }],
    });
    const events = await gw.db
      .selectFrom('events')
      .select('type')
      .where('organization_id', '=', client.organizationId)
      .where('data', 'like', `%${third.id}%`)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['payment.card.rejected']);
    // The same order again is the same rejected payment.
    const again = await charge(instrument, 150, 'USD', orderId);
    expect(again).toMatchObject({ id: third.id, status: 'REJECTED', response_code: '59' });
    // Declined attempts count too; another card is unaffected.
    await networkUntouched(await charge(instrument));
    expect((await charge(await card('5555555555554444'))).status).toBe('APPROVED');
  });

  it('velocity per API client: counted per client, not per organization', async () => {
    const first = await org();
    await first.rules({ client_velocity: { max_payments: 2, window_seconds: 300, action: 'decline' } });
    const instrument = await first.card();
    await first.charge(instrument);
    await first.charge(await first.card('5555555555554444'));
    const third = await first.charge(await first.card('4000056655665556'));
    await networkUntouched(third);
    expect((await first.evaluation(third.id)).rules_hit).toEqual([expect.objectContaining({ rule: 'client_velocity', observed: 3, limit: 2 })]);
    // A second client of the same organization has its own count.
    const sibling = await org(await gw.client({ organizationId: first.client.organizationId }));
    expect((await sibling.charge(instrument)).status).toBe('APPROVED');
  });

  it('many new cards from one client in a short time are declined; a card already used is not new', async () => {
    const { card, charge, evaluation, rules } = await org();
    await rules({ instrument_velocity: null, client_new_cards: { max_cards: 2, window_seconds: 600, action: 'decline' } });
    const a = await card('4242424242424242');
    const b = await card('5555555555554444');
    expect((await charge(a)).status).toBe('APPROVED');
    expect((await charge(a)).status).toBe('APPROVED');
    expect((await charge(b)).status).toBe('APPROVED');
    const third = await charge(await card('4000056655665556'));
    await networkUntouched(third);
    expect(await evaluation(third.id)).toMatchObject({
      decision: 'decline',
      rules_hit: [{ rule: 'client_new_cards', action: 'decline', observed: 3, limit: 2, window_seconds: 600 }],
    });
    // Paying again with a card used in the window is not a new card.
    expect((await charge(b)).status).toBe('APPROVED');
  });

  it('amount thresholds per currency: review above one amount, decline above another', async () => {
    const { call, card, charge, evaluation, rules } = await org();
    const saved = await rules({
      amount_thresholds: [
        { currency: 'USD', review_above: 100, decline_above: 1000.5 },
        { currency: 'CLP', decline_above: 50000 },
      ],
    });
    expect(saved.amount_thresholds).toEqual([
      { currency: 'USD', review_above: '100.00', decline_above: '1000.50', three_ds_above: null },
      { currency: 'CLP', review_above: null, decline_above: '50000', three_ds_above: null },
    ]);
    expect((await call('GET', '/v1/fraud/rules')).body).toEqual(saved);
    const instrument = await card();
    const small = await charge(instrument, 100);
    expect((await evaluation(small.id)).decision).toBe('approve');
    const reviewed = await charge(instrument, 100.01);
    expect(reviewed.status).toBe('APPROVED');
    expect(await evaluation(reviewed.id)).toMatchObject({
      score: 50,
      decision: 'review',
      rules_hit: [{ rule: 'amount_threshold', action: 'review', amount: '100.01', threshold: '100.00', currency: 'USD' }],
    });
    const declined = await charge(instrument, 1000.51);
    await networkUntouched(declined);
    expect(await evaluation(declined.id)).toMatchObject({
      decision: 'decline',
      rules_hit: [{ rule: 'amount_threshold', action: 'decline', threshold: '1000.50' }],
    });
    expect((await charge(instrument, 50000, 'CLP')).status).toBe('APPROVED');
    await networkUntouched(await charge(instrument, 50001, 'CLP'));
    // No threshold for COP.
    expect((await charge(instrument, 99999999, 'COP')).status).toBe('APPROVED');
  });

  it('rules are per organization; null switches a rule off; {} restores the defaults', async () => {
    const strict = await org();
    const other = await org();
    await strict.rules({ amount_thresholds: [{ currency: 'USD', decline_above: 10 }] });
    expect((await other.charge(await other.card(), 500)).status).toBe('APPROVED');
    expect((await other.call('GET', '/v1/fraud/rules')).body).toEqual(DEFAULTS);

    const off = await strict.rules({ instrument_velocity: null, client_velocity: null, client_new_cards: null });
    expect(off).toMatchObject({ configured: true, instrument_velocity: null, client_velocity: null, client_new_cards: null, amount_thresholds: [] });
    const instrument = await strict.card();
    for (let i = 0; i < 12; i++) await strict.charge(instrument, 500);
    const last = await strict.charge(instrument, 500);
    expect(await strict.evaluation(last.id)).toMatchObject({ decision: 'approve', rules_hit: [] });
    const restored = await strict.rules({});
    expect({ ...restored, updated_at: null }).toEqual({ ...DEFAULTS, configured: true });
  });

  it("a payment through a hosted checkout is screened too; a decline gives the link's use back", async () => {
    const { client, call, evaluation, rules } = await org();
    await rules({ amount_thresholds: [{ currency: 'USD', decline_above: 100 }] });
    const link = (await call<{ id: string; url: string }>('POST', '/v1/links', { type: 'payment', data: { amount: { value: 150, currency: 'USD' } } })).body;
    const path = new URL(link.url).pathname;
    const page = await gw.request('GET', path, { headers: { accept: 'text/html' } });
    const config = /<script type="application\/json" id="checkout-config">(.*?)<\/script>/s.exec(page.text)![1]!;
    const key = await importPublicKey((JSON.parse(config) as { publicKey: string }).publicKey);
    const { type: _type, ...encrypted } = await encryptedCard(key, { number: '4242424242424242' });
    const paid = await gw.request<{ payment_id: string; status: string }>('POST', `${path}/card`, {
      body: { ...encrypted, cvv_for_payment: await encrypt(key, '123') },
    });
    expect(paid.body.status).toBe('REJECTED');
    const payment = (await call<PaymentReply>('GET', `/v1/payments/${paid.body.payment_id}`)).body;
    await networkUntouched(payment);
    expect((await evaluation(payment.id)).rules_hit).toEqual([expect.objectContaining({ rule: 'amount_threshold', action: 'decline' })]);
    expect((await call('GET', `/v1/links/${link.id}`)).body).toMatchObject({ status: 'opened', uses: 0 });
    const stored = await gw.db.selectFrom('fraud_evaluations').select('client_id').where('payment_id', '=', payment.id).executeTakeFirstOrThrow();
    expect(stored.client_id).not.toBe(client.clientId);
  });

  it('422 names every problem in the rules and changes nothing', async () => {
    const { call, rules } = await org();
    await rules({ amount_thresholds: [{ currency: 'USD', review_above: 5 }] });
    const before = (await call('GET', '/v1/fraud/rules')).body;
    const cases: Array<[unknown, string[]]> = [
      [{ instrument_velocity: { max_payments: 0, window_seconds: 60, action: 'review' } }, ['instrument_velocity.max_payments']],
      [{ client_velocity: { max_payments: 5, window_seconds: 0, action: 'block' } }, ['client_velocity.action', 'client_velocity.window_seconds']],
      [{ client_new_cards: { max_payments: 5, window_seconds: 60, action: 'review' } }, ['client_new_cards.max_cards']],
      [{ card_declines: { max_declines: 0, window_seconds: 604801, action: 'decline' } }, ['card_declines.max_declines', 'card_declines.window_seconds']],
      [{ amount_thresholds: [{ currency: 'XXX', review_above: 1 }] }, ['amount_thresholds.0.currency']],
      [{ amount_thresholds: [{ currency: 'USD' }] }, ['amount_thresholds.0']],
      [{ amount_thresholds: [{ currency: 'USD', review_above: 1.001, decline_above: -1 }] }, ['amount_thresholds.0.decline_above']],
      [{ amount_thresholds: [{ currency: 'USD', review_above: 1.001 }] }, ['amount_thresholds.0.review_above']],
      [
        {
          amount_thresholds: [
            { currency: 'USD', review_above: 1 },
            { currency: 'USD', decline_above: 2 },
            { currency: 'CLP', decline_above: 1.5 },
          ],
        },
        ['amount_thresholds.1.currency', 'amount_thresholds.2.decline_above'],
      ],
    ];
    for (const [body, expected] of cases) {
      const reply = await call('PUT', '/v1/fraud/rules', body);
      expect({ body, status: reply.status, fields: fields(reply) }).toEqual({ body, status: 422, fields: expected });
    }
    expect((await call('GET', '/v1/fraud/rules')).body).toEqual(before);
  });

  it("fraud-evaluation: payments:read or fraud:read; another organization's payment and alternative payments are 404; rules need fraud scopes", async () => {
    const owner = await org();
    const payment = await owner.charge(await owner.card());
    for (const scopes of [['payments:read'], ['fraud:read']] as const) {
      const reader = await gw.client({ scopes: [...scopes], organizationId: owner.client.organizationId });
      const reply = await gw.request<Evaluation>('GET', `/v1/payments/${payment.id}/fraud-evaluation`, { token: await reader.token() });
      expect(reply.status).toBe(200);
      expect(reply.body.payment_id).toBe(payment.id);
    }
    const neither = await gw.client({ scopes: ['payments:write', 'fraud:write'], organizationId: owner.client.organizationId });
    const neitherToken = await neither.token();
    expect((await gw.request('GET', `/v1/payments/${payment.id}/fraud-evaluation`, { token: neitherToken })).status).toBe(403);
    expect((await gw.request('GET', '/v1/fraud/rules', { token: neitherToken })).status).toBe(403);
    const reader = await gw.client({ scopes: ['fraud:read'], organizationId: owner.client.organizationId });
    expect((await gw.request('PUT', '/v1/fraud/rules', { token: await reader.token(), body: {} })).status).toBe(403);

    const intruder = await org();
    const foreign = await intruder.call('GET', `/v1/payments/${payment.id}/fraud-evaluation`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(payment.id);
    const intent = await owner.call<{ payment_id: string }>('POST', '/v1/payments/intents', pendingWalletIntent('apm'));
    expect(intent.status).toBe(201);
    expect((await owner.call('GET', `/v1/payments/${intent.body.payment_id}/fraud-evaluation`)).status).toBe(404);
  });
});
