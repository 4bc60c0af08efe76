/**
 * Fee rules (interchange and MDR): CRUD, validation, tenancy, and the fees a
 * capture applies (priority, specificity, rounding, exact sums).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { advanceClock } from './support/clock.js';
import { startGateway, type Reply, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';

type Body = Record<string, unknown> & { id: string };
type ErrorBody = { error: { code: string; details: Array<{ field: string; message: string }> } };
type Fee = { type: string; rule_id: string; amount: string; percentage_bps: number; fixed_amount: string };
type Paid = PaymentReply & { fees: Fee[]; fees_total: string; net_amount: string; merchant_id: string | null };

describe.each(dialects)('fee rules and fees on $name', (dialect) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(dialect);
  });
  afterAll(() => gw.close());

  /** A fresh organization (fee rules are per organization) with a token. */
  const org = async () => {
    const client = await gw.client();
    const token = await client.token();
    const call = <T = Body>(method: string, path: string, body?: unknown) => gw.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
    const rule = async (body: Record<string, unknown>) => {
      const reply = await call('POST', '/v1/fee-rules', body);
      expect(reply.status, reply.text).toBe(201);
      return reply.body;
    };
    /** Authorizes and captures at once (deferred capture), optionally part of it. */
    const captured = async (number: string, amount: number, options: { currency?: string; capture?: number; merchantId?: string } = {}) => {
      const instrumentId = await tokenize(gw, token, { number });
      const created = options.merchantId
        ? await call<Paid>('POST', '/v1/payments/authorizations', {
            amount,
            currency: options.currency ?? 'USD',
            order_id: `o-${Math.random()}`,
            instrument_id: instrumentId,
            encrypted_cvv: (await payBody(token, instrumentId)).encrypted_cvv,
            merchant_id: options.merchantId,
          })
        : await pay(gw, token, { instrumentId, amount, currency: options.currency ?? 'USD', capture: false });
      expect(created.status, created.text).toBe(201);
      const reply = await call<Paid>('POST', `/v1/payments/${created.body.id}/capture`, options.capture === undefined ? {} : { amount: options.capture });
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    return { client, token, call, rule, captured };
  };

  /** A body with a freshly encrypted CVV (for payments with fields pay() does not send). */
  const payBody = async (token: string, instrumentId: string) => {
    const { merchantKey, encrypt } = await import('./support/cards.js');
    const key = await merchantKey(gw, token);
    return { instrument_id: instrumentId, encrypted_cvv: await encrypt(key, '123') };
  };
  const fields = (reply: Reply<unknown>) => (reply.body as ErrorBody).error?.details.map((d) => d.field).sort();

  describe('rules', () => {
    it('creates, gets, lists, replaces and deletes a rule; another organization gets 404', async () => {
      const { call, rule } = await org();
      const created = await rule({
        type: 'mdr',
        name: ' Tarifa estándar ',
        percentage_bps: 290,
        fixed_amount: 0.3,
        currency: 'USD',
        brand: 'visa',
        card_type: 'credit',
        priority: 5,
      });
      expect(created.id).toMatch(/^fee-/);
      expect(created).toMatchObject({
        type: 'mdr',
        name: 'Tarifa estándar',
        percentage_bps: 290,
        fixed_amount: '0.30',
        currency: 'USD',
        brand: 'visa',
        card_type: 'credit',
        merchant_id: null,
        priority: 5,
        active: true,
      });
      expect((await call('GET', `/v1/fee-rules/${created.id}`)).body).toEqual(created);
      const interchange = await rule({ type: 'interchange', percentage_bps: 150 });
      expect(interchange).toMatchObject({ fixed_amount: '0', currency: null, brand: null, card_type: null, priority: 100, active: true });

      const all = await call<{ data: Body[]; has_more: boolean }>('GET', '/v1/fee-rules');
      expect(all.body.data.map((r) => r.id)).toEqual([interchange.id, created.id]);
      const mdrOnly = await call<{ data: Body[]; has_more: boolean }>('GET', '/v1/fee-rules?type=mdr&limit=1');
      expect(mdrOnly.body).toEqual({ data: [created], has_more: false });
      const page = await call<{ data: Body[]; has_more: boolean }>('GET', '/v1/fee-rules?limit=1');
      expect(page.body.has_more).toBe(true);

      const replaced = await call('PUT', `/v1/fee-rules/${created.id}`, { type: 'interchange', percentage_bps: 100, active: false });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toMatchObject({
        id: created.id,
        type: 'interchange',
        name: null,
        percentage_bps: 100,
        fixed_amount: '0',
        currency: null,
        brand: null,
        card_type: null,
        priority: 100,
        active: false,
      });
      expect((await call('GET', `/v1/fee-rules/${created.id}`)).body).toEqual(replaced.body);

      const intruder = await org();
      expect((await intruder.call('GET', `/v1/fee-rules/${created.id}`)).status).toBe(404);
      expect((await intruder.call('PUT', `/v1/fee-rules/${created.id}`, { type: 'mdr', percentage_bps: 1 })).status).toBe(404);
      expect((await intruder.call('DELETE', `/v1/fee-rules/${created.id}`)).status).toBe(404);
      expect((await intruder.call<{ data: Body[] }>('GET', '/v1/fee-rules')).body.data).toEqual([]);

      const deleted = await call('DELETE', `/v1/fee-rules/${created.id}`);
      expect(deleted.body).toEqual({ id: created.id, deleted: true });
      expect((await call('GET', `/v1/fee-rules/${created.id}`)).status).toBe(404);
    });

    it('422 names every problem, writes nothing', async () => {
      const { call } = await org();
      const other = await org();
      const foreignMerchant = (await other.call('POST', '/v1/merchants', { name: 'Ajeno' })).body;
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{}, ['percentage_bps', 'type']],
        [{ type: 'discount', percentage_bps: 10 }, ['type']],
        [{ type: 'mdr', percentage_bps: 10001 }, ['percentage_bps']],
        [{ type: 'mdr', percentage_bps: 1.5 }, ['percentage_bps']],
        [{ type: 'mdr', percentage_bps: '250' }, ['percentage_bps']],
        [{ type: 'mdr', percentage_bps: 10, fixed_amount: 0.3 }, ['currency']],
        [{ type: 'mdr', percentage_bps: 10, fixed_amount: 0.301, currency: 'USD' }, ['fixed_amount']],
        [{ type: 'mdr', percentage_bps: 10, fixed_amount: 1.5, currency: 'CLP' }, ['fixed_amount']],
        [{ type: 'mdr', percentage_bps: 10, fixed_amount: -1, currency: 'USD' }, ['fixed_amount']],
        [{ type: 'mdr', percentage_bps: 10, currency: 'XXX' }, ['currency']],
        [{ type: 'mdr', percentage_bps: 10, brand: 'maestro' }, ['brand']],
        [{ type: 'mdr', percentage_bps: 10, card_type: 'gold' }, ['card_type']],
        [{ type: 'mdr', percentage_bps: 10, priority: -1 }, ['priority']],
        [{ type: 'mdr', percentage_bps: 10, merchant_id: 'mer-missing' }, ['merchant_id']],
        [{ type: 'mdr', percentage_bps: 10, merchant_id: foreignMerchant.id }, ['merchant_id']],
        [{ type: 'mdr', percentage_bps: 10, fixed_amount: 0.3, currency: 'XXX', merchant_id: 'mer-missing' }, ['currency', 'merchant_id']],
      ];
      for (const [body, expected] of cases) {
        const reply = await call('POST', '/v1/fee-rules', body);
        expect({ body, status: reply.status, code: (reply.body as unknown as ErrorBody).error?.code, fields: fields(reply) }).toEqual({
          body,
          status: 422,
          code: 'validation_failed',
          fields: expected,
        });
      }
      const rule = (await call('POST', '/v1/fee-rules', { type: 'mdr', percentage_bps: 10 })).body;
      const bad = await call('PUT', `/v1/fee-rules/${rule.id}`, { type: 'mdr', percentage_bps: 10, fixed_amount: 1, currency: 'ZZZ' });
      expect(bad.status).toBe(422);
      expect((await call('GET', `/v1/fee-rules/${rule.id}`)).body).toEqual(rule);
      expect((await call<{ data: Body[] }>('GET', '/v1/fee-rules')).body.data).toHaveLength(1);
    });

    it('needs merchants:read to read and merchants:write to write', async () => {
      const readOnly = await gw.client({ scopes: ['merchants:read'] });
      const token = await readOnly.token();
      expect((await gw.request('GET', '/v1/fee-rules', { token })).status).toBe(200);
      expect((await gw.request('POST', '/v1/fee-rules', { token, body: { type: 'mdr', percentage_bps: 1 } })).status).toBe(403);
    });
  });

  describe('fees at capture', () => {
    it('automatic capture: interchange and MDR with a fixed part; the sums are exact', async () => {
      const { token, call, rule } = await org();
      const interchange = await rule({ type: 'interchange', percentage_bps: 150 });
      const mdr = await rule({ type: 'mdr', percentage_bps: 290, fixed_amount: 0.3, currency: 'USD' });
      const payment = await pay(gw, token, { instrumentId: await tokenize(gw, token, { number: '4242424242424242' }), amount: 150 });
      expect(payment.body).toMatchObject({ fees: [], fees_total: '0.00', net_amount: '0.00' });
      // The automatic capture (CAPTURE_DELAY_SECONDS, 180 s), reached by the test clock.
      await advanceClock(gw, token, 181);
      const captured = await call<Paid>('GET', `/v1/payments/${payment.body.id}`);
      // 15000 × 150 / 10000 = 225; 15000 × 290 / 10000 = 435, + 30.
      expect(captured.body).toMatchObject({
        amount_captured: '150.00',
        fees: [
          { type: 'interchange', rule_id: interchange.id, amount: '2.25', percentage_bps: 150, fixed_amount: '0.00' },
          { type: 'mdr', rule_id: mdr.id, amount: '4.65', percentage_bps: 290, fixed_amount: '0.30' },
        ],
        fees_total: '6.90',
        net_amount: '143.10',
      });
      const listed = await call<{ data: Paid[] }>('GET', '/v1/payments?limit=1');
      expect(listed.body.data[0]).toMatchObject({ id: payment.body.id, fees_total: '6.90', net_amount: '143.10' });
    });

    it('deferred partial capture: fees on the captured amount, rounded half up', async () => {
      const { rule, captured } = await org();
      await rule({ type: 'interchange', percentage_bps: 150 });
      await rule({ type: 'mdr', percentage_bps: 290, fixed_amount: 0.3, currency: 'USD' });
      const payment = await captured('4242424242424242', 200, { capture: 120.5 });
      // 12050 × 150 / 10000 = 180.75 → 181; 12050 × 290 / 10000 = 349.45 → 349, + 30 = 379.
      expect(payment).toMatchObject({ amount: '200.00', amount_captured: '120.50', fees_total: '5.60', net_amount: '114.90' });
      expect(payment.fees.map((f) => f.amount)).toEqual(['1.81', '3.79']);
      // The record: one row per type with the base amount and the rule's terms, minor units.
      const rows = await gw.db
        .selectFrom('payment_fees')
        .select(['type', 'base_amount', 'percentage_bps', 'fixed_amount', 'amount', 'currency'])
        .where('payment_id', '=', payment.id)
        .orderBy('type')
        .execute();
      expect(rows.map((r) => ({ ...r, base_amount: Number(r.base_amount), fixed_amount: Number(r.fixed_amount), amount: Number(r.amount) }))).toEqual([
        { type: 'interchange', base_amount: 12050, percentage_bps: 150, fixed_amount: 0, amount: 181, currency: 'USD' },
        { type: 'mdr', base_amount: 12050, percentage_bps: 290, fixed_amount: 30, amount: 379, currency: 'USD' },
      ]);
    });

    it('rounding: an exact half goes up, below half goes down; zero-decimal currencies; huge amounts stay exact', async () => {
      const { rule, captured } = await org();
      await rule({ type: 'mdr', percentage_bps: 50, currency: 'USD' });
      await rule({ type: 'mdr', percentage_bps: 200, fixed_amount: 100, currency: 'CLP' });
      await rule({ type: 'interchange', percentage_bps: 333, currency: 'USD' });
      // 100 × 50 / 10000 = 0.5 → 1; 100 × 333 / 10000 = 3.33 → 3.
      expect(await captured('4242424242424242', 1)).toMatchObject({ fees: [{ amount: '0.03' }, { amount: '0.01' }], fees_total: '0.04', net_amount: '0.96' });
      // 99 × 50 / 10000 = 0.495 → 0; 99 × 333 / 10000 = 3.2967 → 3.
      expect(await captured('4242424242424242', 0.99)).toMatchObject({
        fees: [{ amount: '0.03' }, { amount: '0.00' }],
        fees_total: '0.03',
        net_amount: '0.96',
      });
      // 1235 × 200 / 10000 = 24.7 → 25, + 100 (CLP has no minor digits); no interchange rule for CLP.
      expect(await captured('4242424242424242', 1235, { currency: 'CLP' })).toMatchObject({
        fees: [{ type: 'mdr', amount: '125' }],
        fees_total: '125',
        net_amount: '1110',
      });
      // 999 999 999 999 × 333 = 332 999 999 999 667 (past 2^53 / 10000 precision): 33 299 999 999.9667 → 33 300 000 000.
      const huge = await captured('4242424242424242', 9999999999.99);
      expect(huge.fees.map((f) => f.amount)).toEqual(['333000000.00', '50000000.00']);
      expect(huge).toMatchObject({ fees_total: '383000000.00', net_amount: '9616999999.99' });
    });

    it('fees can exceed a small capture: the net amount is negative, still exact', async () => {
      const { rule, captured } = await org();
      await rule({ type: 'mdr', percentage_bps: 0, fixed_amount: 0.3, currency: 'USD' });
      expect(await captured('4242424242424242', 0.25)).toMatchObject({ fees_total: '0.30', net_amount: '-0.05' });
    });

    it('priority first (lower wins), then specificity, then age; inactive rules and other criteria do not apply', async () => {
      const { call, rule, captured } = await org();
      const merchant = (await call('POST', '/v1/merchants', { name: 'Tienda' })).body;
      const any = await rule({ type: 'mdr', percentage_bps: 100 });
      const visa = await rule({ type: 'mdr', percentage_bps: 200, brand: 'visa' });
      await rule({ type: 'mdr', percentage_bps: 300, brand: 'visa', active: false, priority: 1 });
      const visaDebit = await rule({ type: 'mdr', percentage_bps: 250, brand: 'visa', card_type: 'debit' });
      const forMerchant = await rule({ type: 'mdr', percentage_bps: 50, merchant_id: merchant.id, priority: 10 });
      await rule({ type: 'mdr', percentage_bps: 999, currency: 'COP', priority: 1 });
      const sameAsAny = await rule({ type: 'interchange', percentage_bps: 10 });
      await rule({ type: 'interchange', percentage_bps: 20 });

      const mdrOf = (p: Paid) => p.fees.find((f) => f.type === 'mdr')?.rule_id;
      // Mastercard credit: only the catch-all matches (visa rules do not, COP rule is another currency).
      expect(mdrOf(await captured('5555555555554444', 100))).toBe(any.id);
      // Visa credit: the visa rule is more specific than the catch-all at the same priority.
      expect(mdrOf(await captured('4242424242424242', 100))).toBe(visa.id);
      // Visa debit (BIN 40000566): brand and card type beat brand alone.
      expect(mdrOf(await captured('4000056655665556', 100))).toBe(visaDebit.id);
      // For the merchant: priority 10 beats the more specific priority-100 rules.
      const merchantPayment = await captured('4000056655665556', 100, { merchantId: merchant.id });
      expect(merchantPayment.merchant_id).toBe(merchant.id);
      expect(mdrOf(merchantPayment)).toBe(forMerchant.id);
      expect(merchantPayment.fees).toEqual([
        { type: 'interchange', rule_id: sameAsAny.id, amount: '0.10', percentage_bps: 10, fixed_amount: '0.00' },
        { type: 'mdr', rule_id: forMerchant.id, amount: '0.50', percentage_bps: 50, fixed_amount: '0.00' },
      ]);

      // A rule changed after the capture does not change the fees applied.
      await call('PUT', `/v1/fee-rules/${forMerchant.id}`, { type: 'mdr', percentage_bps: 5000 });
      await call('DELETE', `/v1/fee-rules/${sameAsAny.id}`);
      expect((await call<Paid>('GET', `/v1/payments/${merchantPayment.id}`)).body.fees).toEqual(merchantPayment.fees);
    });

    it("no rules: no fees, the net is the captured amount; a payment's merchant must be the organization's", async () => {
      const { call, token, captured } = await org();
      expect(await captured('4242424242424242', 80.5)).toMatchObject({ fees: [], fees_total: '0.00', net_amount: '80.50', merchant_id: null });
      const other = await org();
      const foreign = (await other.call('POST', '/v1/merchants', { name: 'Ajeno' })).body;
      const instrumentId = await tokenize(gw, token, { number: '4242424242424242' });
      const reply = await call('POST', '/v1/payments', {
        amount: 10,
        currency: 'USD',
        order_id: `o-${Math.random()}`,
        ...(await payBody(token, instrumentId)),
        merchant_id: foreign.id,
      });
      expect(reply.status).toBe(422);
      expect(fields(reply)).toEqual(['merchant_id']);
    });
  });
});
