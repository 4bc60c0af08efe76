/**
 * Request amounts as decimal strings ("150000.00", what card payment responses
 * return) as well as numbers, on every route through one schema (MoneyInput)
 * and one conversion (lib/money.ts), with the currency's digits enforced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinorUnits } from '../src/lib/money.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, pendingWalletIntent, tokenize, type PaymentReply } from './support/cards.js';

interface ErrorReply {
  error: { code: string; details: Array<{ field: string; message: string }> };
}

describe('toMinorUnits', () => {
  it("reads decimal strings exactly, with the currency's digits at most", () => {
    expect(toMinorUnits('150000.00', 'COP')).toEqual({ minor: 15_000_000 });
    expect(toMinorUnits('150000.5', 'COP')).toEqual({ minor: 15_000_050 });
    expect(toMinorUnits('0.01', 'USD')).toEqual({ minor: 1 });
    expect(toMinorUnits('007', 'CLP')).toEqual({ minor: 7 });
    expect(toMinorUnits('1.234', 'KWD')).toEqual({ minor: 1234 });
    expect(toMinorUnits('150000.001', 'COP')).toEqual({ problem: 'too_many_decimals' });
    expect(toMinorUnits('15000.0', 'CLP')).toEqual({ problem: 'too_many_decimals' });
    expect(toMinorUnits('0.00', 'USD')).toEqual({ problem: 'not_positive' });
    expect(toMinorUnits('1'.repeat(40), 'USD')).toEqual({ problem: 'too_large' });
    for (const bad of ['', '-5', '+5', '1e5', ' 5', '5 ', '1,000.00', '.5', '5.', 'NaN', '0x10']) {
      expect([bad, toMinorUnits(bad, 'USD')]).toEqual([bad, { problem: 'not_a_number' }]);
    }
    expect(toMinorUnits(150000.5, 'COP')).toEqual({ minor: 15_000_050 });
  });
});

describe.each(dialects)('money amounts as decimal strings on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let visa: string;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
    visa = await tokenize(gw, token, { number: '4242424242424242' });
  });
  afterAll(() => gw.close());

  it('pays, captures and refunds with the strings the responses carry', async () => {
    const payment = await pay(gw, token, { instrumentId: visa, amount: '150000.00', currency: 'COP', capture: false });
    expect(payment.status, payment.text).toBe(201);
    expect(payment.body.amount).toBe('150000.00');

    const capture = await gw.request<PaymentReply>('POST', `/v1/payments/${payment.body.id}/capture`, { token, body: { amount: '100000.50' } });
    expect(capture.status, capture.text).toBe(200);
    expect(capture.body.amount_captured).toBe('100000.50');

    const refund = await gw.request<{ amount: unknown; status: string }>('POST', '/v1/refunds', {
      token,
      body: { payment_id: payment.body.id, amount: '0.50', currency: 'COP' },
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.status).toBe('SUCCEEDED');
    const after = await gw.request<PaymentReply>('GET', `/v1/payments/${payment.body.id}`, { token });
    expect(after.body.amount_refunded).toBe('0.50');
  });

  it('takes strings in links, fee rules, fraud thresholds and intents too', async () => {
    const link = await gw.request<{ data: { amount: number } }>('POST', '/v1/links', {
      token,
      body: { type: 'payment', data: { amount: { value: '150.25', currency: 'USD' }, description: 'Camiseta', redirect_url: 'https://shop.example/ok' } },
    });
    expect(link.status, link.text).toBe(201);
    expect(link.body.data.amount).toBe(150.25);

    const fee = await gw.request<{ fixed_amount: string }>('POST', '/v1/fee-rules', {
      token,
      body: { type: 'mdr', percentage_bps: 290, fixed_amount: '0.30', currency: 'USD' },
    });
    expect(fee.status, fee.text).toBe(201);
    expect(fee.body.fixed_amount).toBe('0.30');

    const rules = await gw.request<{ amount_thresholds: unknown[] }>('PUT', '/v1/fraud/rules', {
      token,
      body: { amount_thresholds: [{ currency: 'USD', review_above: '100.00', decline_above: 1000.5 }] },
    });
    expect(rules.status, rules.text).toBe(200);
    expect(rules.body.amount_thresholds).toEqual([{ currency: 'USD', review_above: '100.00', decline_above: '1000.50', three_ds_above: null }]);
    await gw.request('PUT', '/v1/fraud/rules', { token, body: { amount_thresholds: [] } });

    const intent = await gw.request<{ transaction: { amount: number } }>('POST', '/v1/payments/intents', {
      token,
      body: { ...pendingWalletIntent('str'), amount: '15050.50' },
    });
    expect(intent.status, intent.text).toBe(201);
    expect(intent.body.transaction.amount).toBe(15050.5);
  });

  it('refuses a malformed string or more digits than the currency has, naming the field, and creates nothing', async () => {
    for (const [amount, currency, message] of [
      ['150000.001', 'COP', 'COP amounts have at most 2 decimal places'],
      ['15000.5', 'CLP', 'CLP amounts have at most 0 decimal places'],
      ['1e5', 'USD', 'must'],
      ['-5.00', 'USD', 'must'],
      ['1,000.00', 'USD', 'must'],
      ['0.00', 'USD', 'must be greater than 0'],
    ] as const) {
      const orderId = `bad-${Math.random()}`;
      const reply = await pay(gw, token, { instrumentId: visa, amount, currency, orderId });
      const body = reply.body as unknown as ErrorReply;
      expect([amount, reply.status, body.error.code]).toEqual([amount, 422, 'validation_failed']);
      const detail = body.error.details.find((d) => d.field === 'amount');
      expect(detail?.message, `${amount}: ${reply.text}`).toContain(message);
    }
    const link = await gw.request<ErrorReply>('POST', '/v1/links', {
      token,
      body: { type: 'payment', data: { amount: { value: '150.255', currency: 'USD' }, description: 'x', redirect_url: 'https://shop.example/ok' } },
    });
    expect(link.status).toBe(422);
    expect(link.body.error.details).toContainEqual({ field: 'data.amount.value', message: 'USD amounts have at most 2 decimal places' });
  });
});
