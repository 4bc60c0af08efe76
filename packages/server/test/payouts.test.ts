/**
 * Settlements, payouts and reconciliation reports over HTTP on both dialects,
 * driven by the sandbox test clock (never the wall clock): a card capture
 * settles at the end of day T+1 and a rail payment at the end of day T (not
 * a minute earlier), in batches with their totals and entries; a payout on
 * request or on the daily schedule is paid a day later with `payout.paid`,
 * or fails to the failing test account with `payout.failed` and its money
 * back to available; the schedule switched off settles nothing; concurrent
 * payouts never pay more than is available; a payout's report adds up to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { advanceClock } from './support/clock.js';
import { Receiver } from './support/receiver.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { pay, tokenize, type PaymentReply } from './support/cards.js';

const DAY = 86_400_000;
const FAILING_ACCOUNT = '000111111116';

interface Balance {
  balances: Array<{ currency: string; available: string; pending: string; reserved: string }>;
}
interface Settlement {
  id: string;
  object: string;
  currency: string;
  method: string;
  gross: string;
  fee: string;
  net: string;
  entry_count: number;
  simulated: boolean;
  balance_transaction_id: string | null;
  payout_id: string | null;
}
interface Payout {
  id: string;
  object: string;
  amount: string;
  currency: string;
  status: string;
  automatic: boolean;
  simulated: boolean;
  bank_account: { last4: string };
  failure_code: string | null;
}
interface Report {
  id: string;
  status: string;
  progress: { rows_done: number; rows_total: number | null };
  totals: { gross: string; fee: string; net: string } | null;
}
type List<T> = { data: T[]; has_more: boolean };
type ErrorBody = { error: { code: string; details: Array<{ field: string; message: string }> } };

const minor = (amount: string) => Math.round(Number(amount) * 100);

describe.each(dialects)('settlements and payouts on $name', (dialect) => {
  let gw: TestGateway;
  let receiver: Receiver;

  beforeAll(async () => {
    gw = await startGateway(dialect);
    receiver = await new Receiver().start();
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  async function org(settings: Record<string, unknown> = { payouts: { interval: 'manual' } }) {
    const client = await gw.client();
    const token = await client.token();
    const call = <T>(method: string, path: string, body?: unknown) => gw.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
    const patched = await call('PATCH', '/v1/balance/settings', settings);
    expect(patched.status, patched.text).toBe(200);
    const balance = async (currency: string) => {
      const reply = await call<Balance>('GET', '/v1/balance');
      expect(reply.status, reply.text).toBe(200);
      return reply.body.balances.find((b) => b.currency === currency);
    };
    const captured = async (amount: number, orderId?: string) => {
      const instrumentId = await tokenize(gw, token, { number: '4111111111111111' });
      const created = await pay(gw, token, { instrumentId, amount, capture: false, ...(orderId ? { orderId } : {}) });
      expect(created.status, created.text).toBe(201);
      const reply = await call<PaymentReply>('POST', `/v1/payments/${created.body.id}/capture`, {});
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    const rail = async (amount: number) => {
      const intent = await call<{ payment_id: string }>('POST', '/v1/payments/intents', {
        order_id: `rail-${Math.random()}`,
        amount,
        currency: 'COP',
        rail_id: 'QR_INTEROP',
        rail_type: 'BANK_TRANSFER',
      });
      expect(intent.status, intent.text).toBe(201);
      const approved = await call('POST', `/v1/sandbox/payments/${intent.body.payment_id}/simulate`, { outcome: 'approve' });
      expect(approved.status, approved.text).toBe(200);
      return intent.body.payment_id;
    };
    /** Seconds from the organization's now to `days` day starts (UTC) later, plus `extra`. */
    const untilDayStart = async (days: number, extra = 0) => {
      const clock = await call<{ now: string }>('GET', '/v1/sandbox/clock');
      const now = Date.parse(clock.body.now);
      return Math.ceil(((Math.floor(now / DAY) + days) * DAY - now) / 1000) + extra;
    };
    const advance = (seconds: number) => advanceClock(gw, token, seconds);
    return { client, token, call, balance, captured, rail, untilDayStart, advance };
  }

  it('a card capture settles at the end of day T+1, not a minute earlier, in a batch with its totals and entries', async () => {
    const { call, balance, captured, untilDayStart, advance } = await org();
    const rule = await call('POST', '/v1/fee-rules', { type: 'mdr', name: 'MDR', percentage_bps: 290, fixed_amount: 0.3, currency: 'USD' });
    expect(rule.status, rule.text).toBe(201);
    const payment = await captured(100);
    await gw.gateway.jobs.runDue();
    expect(await balance('USD')).toEqual({ currency: 'USD', available: '0.00', pending: '96.80', reserved: '0.00' });

    await advance(await untilDayStart(2, -60));
    expect(await balance('USD')).toMatchObject({ available: '0.00', pending: '96.80' });
    expect((await call<List<Settlement>>('GET', '/v1/settlements')).body.data).toEqual([]);

    const moved = await advance(120);
    expect(moved.ran.filter((r) => r.type === 'settlement.run').map((r) => r.outcome)).toEqual(['completed']);
    expect(await balance('USD')).toEqual({ currency: 'USD', available: '96.80', pending: '0.00', reserved: '0.00' });
    const list = await call<List<Settlement>>('GET', '/v1/settlements');
    expect(list.body.data).toHaveLength(1);
    const settlement = list.body.data[0]!;
    expect(settlement).toMatchObject({ object: 'settlement', currency: 'USD', method: 'card', gross: '100.00', fee: '3.20', net: '96.80', entry_count: 1 });
    expect(settlement).toMatchObject({ simulated: true, payout_id: null });
    expect(settlement.id).toMatch(/^stl-/);
    expect((await call<Settlement>('GET', `/v1/settlements/${settlement.id}`)).body).toEqual(settlement);
    const entries = await call<List<{ balance_transaction_id: string; type: string; payment_id: string; net: string }>>(
      'GET',
      `/v1/settlements/${settlement.id}/entries`,
    );
    expect(entries.body.data).toEqual([expect.objectContaining({ type: 'payment', payment_id: payment.id, gross: '100.00', fee: '3.20', net: '96.80' })]);
    const posted = await call<{ type: string; net: string; postings: unknown[] }>('GET', `/v1/balance/transactions/${settlement.balance_transaction_id!}`);
    expect(posted.body).toMatchObject({
      type: 'settlement',
      net: '0.00',
      postings: [{ debit: 'merchant_pending', credit: 'merchant_available', amount: '96.80' }],
    });
    // Another organization sees none of it.
    const other = await org();
    expect((await other.call('GET', `/v1/settlements/${settlement.id}`)).status).toBe(404);
    expect((await other.call('GET', `/v1/settlements/${settlement.id}/entries`)).status).toBe(404);
  });

  it('a rail payment settles at the end of its own day (T+0); a per-organization delay of 2 days moves it', async () => {
    const fast = await org();
    // A card capture first: its run waits for the end of T+1; the rail payment's, sooner, is not kept waiting behind it.
    await fast.captured(10);
    await gw.gateway.jobs.runDue();
    // The waiting run (by the start of the organization's next day at the latest) stays where it is:
    // a new entry neither rewrites it nor starts a run that finds nothing due.
    const waiting = () =>
      gw.db
        .selectFrom('jobs')
        .select(['id', 'run_at'])
        .where('type', '=', 'settlement.run')
        .where('organization_id', '=', fast.client.organizationId)
        .where('status', '=', 'pending')
        .execute();
    const before = await waiting();
    expect(before).toHaveLength(1);
    await fast.rail(50_000);
    await fast.captured(20);
    await gw.gateway.jobs.runDue();
    expect(await waiting()).toEqual(before);
    await fast.advance(await fast.untilDayStart(1, -60));
    expect(await fast.balance('COP')).toMatchObject({ available: '0.00', pending: '50000.00' });
    await fast.advance(120);
    expect(await fast.balance('COP')).toMatchObject({ available: '50000.00', pending: '0.00' });
    expect(await fast.balance('USD')).toMatchObject({ available: '0.00', pending: '30.00' });

    const slow = await org({ payouts: { interval: 'manual' }, settlements: { rail_delay_days: 2 } });
    expect((await slow.call<{ settlements: unknown }>('GET', '/v1/balance/settings')).body.settlements).toEqual({
      enabled: true,
      card_delay_days: 1,
      rail_delay_days: 2,
    });
    await slow.rail(20_000);
    await slow.advance(await slow.untilDayStart(3, -60));
    expect(await slow.balance('COP')).toMatchObject({ available: '0.00', pending: '20000.00' });
    await slow.advance(120);
    expect(await slow.balance('COP')).toMatchObject({ available: '20000.00', pending: '0.00' });
  });

  it('the schedule switched off settles nothing; switched on, it settles what is due at once', async () => {
    const { call, balance, rail, advance } = await org({ payouts: { interval: 'manual' }, settlements: { enabled: false } });
    await rail(30_000);
    await advance(5 * 86400);
    expect(await balance('COP')).toMatchObject({ available: '0.00', pending: '30000.00' });
    const on = await call('PATCH', '/v1/balance/settings', { settlements: { enabled: true } });
    expect(on.status, on.text).toBe(200);
    await gw.gateway.jobs.runDue();
    expect(await balance('COP')).toMatchObject({ available: '30000.00', pending: '0.00' });
  });

  it('a payout on request is paid a day later with payout.paid; its report adds up to it', async () => {
    const { token, call, balance, rail, untilDayStart, advance } = await org();
    const hook = await call('POST', '/v1/webhooks', { url: receiver.url, events: ['payout.paid', 'payout.failed'] });
    expect(hook.status, hook.text).toBe(201);
    const first = await rail(40_000);
    await rail(2_500);
    await advance(await untilDayStart(1, 60));
    expect(await balance('COP')).toMatchObject({ available: '42500.00' });

    const created = await call<Payout>('POST', '/v1/payouts', { currency: 'COP' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ object: 'payout', amount: '42500.00', currency: 'COP', status: 'in_transit', automatic: false, simulated: true });
    expect(created.body.bank_account.last4).toBe('6789');
    expect(await balance('COP')).toMatchObject({ available: '0.00', pending: '0.00' });
    const again = await call<ErrorBody>('POST', '/v1/payouts', { currency: 'COP' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('balance_insufficient');
    expect(again.body.error.details[0]!.field).toBe('currency');

    const arrived = await advance(86400);
    expect(arrived.ran.map((r) => [r.type, r.subject_id])).toContainEqual(['payout.arrive', created.body.id]);
    expect((await call<Payout>('GET', `/v1/payouts/${created.body.id}`)).body.status).toBe('paid');
    const delivered = receiver.events().filter((e) => e.type === 'payout.paid' && (e.data.payout as { id: string }).id === created.body.id);
    expect(delivered).toHaveLength(1);
    expect((await call<List<Settlement>>('GET', `/v1/settlements?payout_id=${created.body.id}`)).body.data).toHaveLength(1);

    // The reconciliation report, CSV: one row per entry, their net adding up to the payout.
    const report = await call<Report>('POST', '/v1/reports', { type: 'payout_reconciliation', payout_id: created.body.id });
    expect(report.status, report.text).toBe(201);
    // Small: made before the answer (a long one is made in the background, its progress in GET).
    expect(report.body.status).toBe('succeeded');
    await gw.gateway.jobs.runDue();
    const done = await call<Report>('GET', `/v1/reports/${report.body.id}`);
    expect(done.body).toMatchObject({ status: 'succeeded', progress: { rows_done: 2, rows_total: 2 }, totals: { net: '42500.00', fee: '0.00' } });
    const csv = await fetch(`${gw.baseUrl}/v1/reports/${report.body.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('balance_transaction_id,created_at,type,payment_id,order_id,currency,gross,fee,net,settlement_id,payout_id');
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r[3])).toContain(first);
    expect(rows.every((r) => r[2] === 'payment' && r[10] === created.body.id)).toBe(true);
    expect(rows.reduce((sum, r) => sum + minor(r[8]!), 0)).toBe(minor(created.body.amount));

    // JSON, with its totals.
    const json = await call<Report>('POST', '/v1/reports', { type: 'payout_reconciliation', payout_id: created.body.id, format: 'json' });
    await gw.gateway.jobs.runDue();
    const body = await call<{ rows: Array<{ net: string; payout_id: string }>; totals: { net: string; rows: number } }>(
      'GET',
      `/v1/reports/${json.body.id}/download`,
    );
    expect(body.status, body.text).toBe(200);
    expect(body.body.totals).toMatchObject({ net: '42500.00', rows: 2 });
    expect(body.body.rows.reduce((sum, r) => sum + minor(r.net), 0)).toBe(minor(created.body.amount));
  });

  it('a payout to the failing test account fails with payout.failed and its money back to available, then pays with the next', async () => {
    const { call, balance, rail, untilDayStart, advance } = await org({ payouts: { interval: 'manual' }, bank_account: { account_number: FAILING_ACCOUNT } });
    await rail(10_000);
    await advance(await untilDayStart(1, 60));
    const created = await call<Payout>('POST', '/v1/payouts', { currency: 'COP' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.bank_account.last4).toBe('1116');
    await advance(86400);
    const failed = await call<Payout>('GET', `/v1/payouts/${created.body.id}`);
    expect(failed.body).toMatchObject({ status: 'failed', failure_code: 'no_account' });
    expect(await balance('COP')).toMatchObject({ available: '10000.00' });
    const events = await call<List<{ type: string }>>('GET', '/v1/events?type=payout.failed');
    expect(events.body.data).toHaveLength(1);
    const entries = await call<List<{ type: string; net: string }>>('GET', '/v1/balance/transactions?type=payout_failure');
    expect(entries.body.data).toEqual([expect.objectContaining({ type: 'payout_failure', net: '10000.00' })]);

    // A good account: the same settlement is paid by the next payout.
    await call('PATCH', '/v1/balance/settings', { bank_account: { account_number: '000123456780' } });
    const next = await call<Payout>('POST', '/v1/payouts', { currency: 'COP' });
    expect(next.status, next.text).toBe(201);
    expect(next.body.amount).toBe('10000.00');
    await advance(86400);
    expect((await call<Payout>('GET', `/v1/payouts/${next.body.id}`)).body.status).toBe('paid');
    expect(await balance('COP')).toMatchObject({ available: '0.00', pending: '0.00' });
    // The failed payout's report still adds up to it.
    const report = await call<Report>('POST', '/v1/reports', { type: 'payout_reconciliation', payout_id: created.body.id });
    await gw.gateway.jobs.runDue();
    expect((await call<Report>('GET', `/v1/reports/${report.body.id}`)).body.totals?.net).toBe('10000.00');
  });

  it('the daily schedule pays the available balance out after each settlement run', async () => {
    const { call, balance, rail, untilDayStart, advance } = await org({ payouts: { interval: 'daily' } });
    await rail(7_000);
    await advance(await untilDayStart(1, 60));
    const payouts = await call<List<Payout>>('GET', '/v1/payouts');
    expect(payouts.body.data).toEqual([expect.objectContaining({ amount: '7000.00', automatic: true, status: 'in_transit' })]);
    expect(await balance('COP')).toMatchObject({ available: '0.00', pending: '0.00' });
    await advance(86400);
    expect((await call<List<Payout>>('GET', '/v1/payouts?status=paid')).body.data).toHaveLength(1);
  });

  it('concurrent payouts of one balance: exactly one pays it, the others answer 409, nothing is paid twice', async () => {
    const { client, call, balance, rail, untilDayStart, advance } = await org();
    await rail(90_000);
    await rail(10_000);
    await advance(await untilDayStart(1, 60));
    expect(await balance('COP')).toMatchObject({ available: '100000.00' });
    const replies = await Promise.all(Array.from({ length: 8 }, () => call<Payout>('POST', '/v1/payouts', { currency: 'COP' })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(replies.find((r) => r.status === 201)!.body.amount).toBe('100000.00');
    const stored = await gw.db.selectFrom('payouts').select('amount').where('organization_id', '=', client.organizationId).execute();
    expect(stored.map((p) => Number(p.amount))).toEqual([10_000_000]);
    expect(await balance('COP')).toMatchObject({ available: '0.00' });
  });

  it('reports: a period report lists settled and pending entries; bad bodies name every problem; scopes and tenancy', async () => {
    const { client, call, captured, rail, untilDayStart, advance } = await org();
    const start = new Date(Date.now() - 60_000).toISOString();
    const card = await captured(25, '=cmd|calc');
    await rail(1_000);
    await advance(await untilDayStart(1, 60));
    const report = await call<Report>('POST', '/v1/reports', {
      type: 'balance_period',
      currency: 'USD',
      period_start: start,
      period_end: new Date(Date.now() + 3_600_000).toISOString(),
      format: 'json',
    });
    expect(report.status, report.text).toBe(201);
    await gw.gateway.jobs.runDue();
    const body = await call<{ rows: Array<{ payment_id: string; order_id: string; settlement_id: string | null; net: string }> }>(
      'GET',
      `/v1/reports/${report.body.id}/download`,
    );
    expect(body.body.rows).toEqual([expect.objectContaining({ payment_id: card.id, order_id: '=cmd|calc', settlement_id: null, net: '25.00' })]);
    const csvReport = await call<Report>('POST', '/v1/reports', {
      type: 'balance_period',
      currency: 'USD',
      period_start: start,
      period_end: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await gw.gateway.jobs.runDue();
    const csv = await call('GET', `/v1/reports/${csvReport.body.id}/download`);
    // A spreadsheet would run it as a formula: it is written as text.
    expect(csv.text).toContain(",'=cmd|calc,");

    const bad = await call<ErrorBody>('POST', '/v1/reports', { type: 'balance_period', payout_id: 'po-x' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d) => d.field).sort()).toEqual(['currency', 'payout_id', 'period_end', 'period_start']);
    // Not generated yet (a report the runner has not finished): 409 to a download.
    await gw.db
      .insertInto('reports')
      .values({
        id: 'rpt-01m8000000000000000000unready',
        organization_id: client.organizationId,
        type: 'balance_period',
        format: 'csv',
        currency: 'USD',
        payout_id: null,
        period_start: start,
        period_end: start,
        status: 'running',
        rows_done: 5,
        rows_total: 10,
        total_gross: null,
        total_fee: null,
        total_net: null,
        error: null,
        created_at: start,
        updated_at: start,
        completed_at: null,
      })
      .execute();
    expect((await call<Report>('GET', '/v1/reports/rpt-01m8000000000000000000unready')).body).toMatchObject({
      status: 'running',
      progress: { rows_done: 5, rows_total: 10 },
      totals: null,
    });
    expect((await call<ErrorBody>('GET', '/v1/reports/rpt-01m8000000000000000000unready/download')).status).toBe(409);
    const other = await org();
    expect((await other.call('GET', `/v1/reports/${report.body.id}`)).status).toBe(404);
    expect((await other.call('GET', `/v1/reports/${report.body.id}/download`)).status).toBe(404);
    expect((await other.call('POST', '/v1/reports', { type: 'payout_reconciliation', payout_id: 'po-01m8000000000000000000000' })).status).toBe(404);

    const readOnly = await client.token('balance:read');
    expect((await gw.request('POST', '/v1/payouts', { token: readOnly, body: { currency: 'COP' } })).status).toBe(403);
    expect((await gw.request('PATCH', '/v1/balance/settings', { token: readOnly, body: { payouts: { interval: 'daily' } } })).status).toBe(403);
    expect((await gw.request('POST', '/v1/reports', { token: readOnly, body: { type: 'payout_reconciliation', payout_id: 'x' } })).status).toBe(403);
    const badSettings = await call<ErrorBody>('PATCH', '/v1/balance/settings', {
      settlements: { card_delay_days: 99 },
      bank_account: { account_number: '12ab' },
    });
    expect(badSettings.status).toBe(422);
  });
});
