/**
 * The export of the balance transactions (`POST /v1/reports` with `type:
 * "balance_transactions"`) over HTTP on both dialects: every entry of the
 * currency booked in the period, whatever its type (payment, refund,
 * settlement, payout, payout_paid), each row as GET /v1/balance/transactions
 * shows it, with the settlement and payout that carried it; the rows' `net`
 * adds up to the change of the merchant's balances. A body missing the
 * period or the currency is a 422 naming each field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from './support/clock.js';
import { pay, tokenize } from './support/cards.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';

const DAY = 86_400_000;

interface Transaction {
  id: string;
  type: string;
  amount: string;
  fee: string;
  net: string;
  payment_id: string | null;
}
type ErrorBody = { error: { code: string; details: Array<{ field: string }> } };

describe.each(dialects)('the balance transactions export on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  const call = <T>(method: string, path: string, body?: unknown) => gw.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    gw = await startGateway(dialect);
    token = await (await gw.client()).token();
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('lists every entry of the period with its settlement and payout; the nets add up to the balances', async () => {
    const start = new Date(Date.now() - 60_000).toISOString();
    expect((await call('PATCH', '/v1/balance/settings', { payouts: { interval: 'manual' } })).status).toBe(200);
    expect((await call('POST', '/v1/fee-rules', { type: 'mdr', name: 'MDR', percentage_bps: 290, fixed_amount: 0.3, currency: 'USD' })).status).toBe(201);
    const instrumentId = await tokenize(gw, token, { number: '4111111111111111' });
    const created = await pay(gw, token, { instrumentId, amount: 100, capture: false, orderId: 'export-1' });
    expect(created.status, created.text).toBe(201);
    const paymentId = created.body.id;
    expect((await call('POST', `/v1/payments/${paymentId}/capture`, {})).status).toBe(200);
    const refund = await call('POST', '/v1/refunds', { payment_id: paymentId, amount: '40.00', currency: 'USD' });
    expect(refund.status, refund.text).toBe(201);
    const clock = await call<{ now: string }>('GET', '/v1/sandbox/clock');
    const now = Date.parse(clock.body.now);
    await advanceClock(gw, token, Math.ceil(((Math.floor(now / DAY) + 2) * DAY - now) / 1000) + 60);
    const payout = await call<{ id: string; amount: string }>('POST', '/v1/payouts', { currency: 'USD' });
    expect(payout.status, payout.text).toBe(201);
    expect(payout.body.amount).toBe('56.80');
    await advanceClock(gw, token, DAY / 1000 + 60);
    expect((await call<{ status: string }>('GET', `/v1/payouts/${payout.body.id}`)).body.status).toBe('paid');

    const end = new Date(Date.parse((await call<{ now: string }>('GET', '/v1/sandbox/clock')).body.now) + DAY).toISOString();
    const report = await call<{ id: string; status: string; totals: { gross: string; fee: string; net: string } }>('POST', '/v1/reports', {
      type: 'balance_transactions',
      currency: 'USD',
      period_start: start,
      period_end: end,
    });
    expect(report.status, report.text).toBe(201);
    expect(report.body.status).toBe('succeeded');
    const csv = await call('GET', `/v1/reports/${report.body.id}/download`);
    expect(csv.status).toBe(200);
    const [header, ...lines] = csv.text.trimEnd().split('\r\n');
    const columns = header!.split(',');
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i]!, value])));

    // The same entries as the API's list, each with the same amounts.
    const listed = await call<{ data: Transaction[]; has_more: boolean }>('GET', '/v1/balance/transactions?currency=USD&limit=100');
    expect(listed.body.has_more).toBe(false);
    expect(rows.map((r) => r.balance_transaction_id).sort()).toEqual(listed.body.data.map((t) => t.id).sort());
    for (const t of listed.body.data) {
      expect(rows.find((r) => r.balance_transaction_id === t.id)).toMatchObject({ type: t.type, gross: t.amount, fee: t.fee, net: t.net });
    }
    expect(rows.map((r) => r.type).sort()).toEqual(['payment', 'payout', 'payout_paid', 'refund', 'settlement']);
    const payment = rows.find((r) => r.type === 'payment')!;
    expect(payment).toMatchObject({ payment_id: paymentId, order_id: 'export-1', gross: '100.00', fee: '3.20', net: '96.80', payout_id: payout.body.id });
    expect(payment.settlement_id).toMatch(/^stl-/);
    expect(rows.find((r) => r.type === 'refund')).toMatchObject({ net: '-40.00', settlement_id: payment.settlement_id, payout_id: payout.body.id });
    expect(rows.find((r) => r.type === 'payout')).toMatchObject({ net: '-56.80', settlement_id: '', payout_id: '' });

    // Their nets: the change of available + pending + reserved over the period (all of it paid out: 0).
    const balance = await call<{ balances: Array<{ currency: string; available: string; pending: string; reserved: string }> }>('GET', '/v1/balance');
    expect(balance.body.balances.find((b) => b.currency === 'USD')).toMatchObject({ available: '0.00', pending: '0.00', reserved: '0.00' });
    const cents = rows.reduce((sum, r) => sum + Math.round(Number(r.net) * 100), 0);
    expect(cents).toBe(0);
    expect(report.body.totals).toEqual({ gross: '3.20', fee: '3.20', net: '0.00' });
  });

  it('names every missing field, and a payout_id it does not take', async () => {
    const bad = await call<ErrorBody>('POST', '/v1/reports', { type: 'balance_transactions', payout_id: 'po-x' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual(['currency', 'payout_id', 'period_end', 'period_start']);
  });
});
