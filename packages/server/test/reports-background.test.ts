/**
 * A report too long to make before the answer (more than INLINE_ROWS rows)
 * over HTTP on both dialects: POST /v1/reports answers 201 `pending`, a
 * download before it is made is 409, the `report.generate` job makes it in
 * batches (one stored chunk per batch) with its progress, and the download
 * streams it chunk by chunk (no Content-Length) with every row and totals
 * that equal the payout. The job runner's loop is off (JOBS_ENABLED=false)
 * so the test decides when the job runs; the job itself is the real one.
 *
 * The organization's ledger holds one real capture and 10,500 copies of its
 * entry (with their postings and settlement queue rows, so the ledger still
 * balances): only the number of entries matters here. The real settlement
 * run settles them and the real payout pays them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from './support/clock.js';
import { pay, tokenize } from './support/cards.js';
import { dialects } from './support/dialects.js';
import { startGateway, type TestGateway } from './support/gateway.js';
import { INLINE_ROWS } from '../src/payouts/reports.js';
import { newId } from '../src/lib/ids.js';

const DAY = 86_400_000;
const COPIES = 10_500;
const ENTRIES = COPIES + 1;

interface Report {
  id: string;
  status: string;
  progress: { rows_done: number; rows_total: number | null };
  totals: { gross: string; fee: string; net: string } | null;
}

describe.each(dialects)('a report made in the background on $name', (dialect) => {
  let gw: TestGateway;
  let token: string;
  let paymentId: string;
  let payout: { id: string; amount: string };
  const call = <T>(method: string, path: string, body?: unknown) => gw.request<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    gw = await startGateway(dialect, { JOBS_ENABLED: 'false' });
    const client = await gw.client();
    token = await client.token();
    expect((await call('PATCH', '/v1/balance/settings', { payouts: { interval: 'manual' } })).status).toBe(200);
    const instrumentId = await tokenize(gw, token, { number: '4111111111111111' });
    const created = await pay(gw, token, { instrumentId, amount: 10, capture: false, orderId: 'order-background-report' });
    expect(created.status, created.text).toBe(201);
    paymentId = created.body.id;
    const captured = await call('POST', `/v1/payments/${paymentId}/capture`, {});
    expect(captured.status, captured.text).toBe(200);

    const entry = await gw.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .where('type', '=', 'payment')
      .executeTakeFirstOrThrow();
    const postings = await gw.db.selectFrom('ledger_postings').selectAll().where('entry_id', '=', entry.id).execute();
    const queued = await gw.db.selectFrom('settlement_queue').selectAll().where('entry_id', '=', entry.id).executeTakeFirstOrThrow();
    expect(Number(entry.net)).toBe(1000);
    for (let made = 0; made < COPIES; ) {
      const batch = Math.min(500, COPIES - made);
      const ids = Array.from({ length: batch }, () => newId('balanceTransaction'));
      await gw.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ledger_entries')
          .values(ids.map((id) => ({ ...entry, id, source_id: id })))
          .execute();
        await trx
          .insertInto('ledger_postings')
          .values(ids.flatMap((id) => postings.map((p) => ({ ...p, entry_id: id }))))
          .execute();
        await trx
          .insertInto('settlement_queue')
          .values(ids.map((id) => ({ ...queued, entry_id: id })))
          .execute();
      });
      made += batch;
    }
    // Past the end of day T+1 on the organization's clock: the card schedule settles every entry; then a payout of them all.
    const clock = await call<{ now: string }>('GET', '/v1/sandbox/clock');
    const now = Date.parse(clock.body.now);
    await advanceClock(gw, token, Math.ceil(((Math.floor(now / DAY) + 2) * DAY - now) / 1000) + 60);
    const paid = await call<{ id: string; amount: string }>('POST', '/v1/payouts', { currency: 'USD' });
    expect(paid.status, paid.text).toBe(201);
    payout = paid.body;
  }, 180_000);
  afterAll(async () => {
    await gw?.close();
  });

  it('a payout report of 10,501 rows: pending, 409 to a download, made by the job in chunks, then streamed with totals equal to the payout', async () => {
    expect(ENTRIES).toBeGreaterThan(INLINE_ROWS);
    expect(payout.amount).toBe('105010.00');
    const created = await call<Report>('POST', '/v1/reports', { type: 'payout_reconciliation', payout_id: payout.id });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', progress: { rows_done: 0, rows_total: null }, totals: null });
    const id = created.body.id;
    expect((await call<Report>('GET', `/v1/reports/${id}`)).body.status).toBe('pending');
    const early = await call<{ error: { code: string } }>('GET', `/v1/reports/${id}/download`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('conflict');

    expect(await gw.gateway.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const made = await call<Report>('GET', `/v1/reports/${id}`);
    expect(made.body).toMatchObject({
      status: 'succeeded',
      progress: { rows_done: ENTRIES, rows_total: ENTRIES },
      totals: { gross: '105010.00', fee: '0.00', net: payout.amount },
    });
    // The header, then one chunk per batch of 10,000 rows.
    const chunks = await gw.db.selectFrom('report_chunks').select('seq').where('report_id', '=', id).orderBy('seq').execute();
    expect(chunks.map((c) => Number(c.seq))).toEqual([0, 1, 2]);

    const download = await call('GET', `/v1/reports/${id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${id}.csv"`);
    expect(download.headers.get('transfer-encoding')).toBe('chunked');
    expect(download.headers.get('content-length')).toBeNull();
    const [header, ...lines] = download.text.trimEnd().split('\r\n');
    const columns = header!.split(',');
    expect(columns).toEqual([
      'balance_transaction_id',
      'created_at',
      'type',
      'payment_id',
      'order_id',
      'currency',
      'gross',
      'fee',
      'net',
      'settlement_id',
      'payout_id',
    ]);
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i]!, value])));
    expect(rows).toHaveLength(ENTRIES);
    expect(new Set(rows.map((r) => r.balance_transaction_id)).size).toBe(ENTRIES);
    expect(rows.every((r) => r.payout_id === payout.id && r.payment_id === paymentId && r.order_id === 'order-background-report' && r.net === '10.00')).toBe(
      true,
    );
    const cents = rows.reduce((sum, r) => sum + Math.round(Number(r.net) * 100), 0);
    expect(cents).toBe(10_501_000);
  }, 120_000);

  it('a period report of the same entries as JSON: made in the background, its rows and totals in one document', async () => {
    const clock = await call<{ now: string }>('GET', '/v1/sandbox/clock');
    const created = await call<Report>('POST', '/v1/reports', {
      type: 'balance_period',
      currency: 'USD',
      period_start: new Date(Date.now() - DAY).toISOString(),
      period_end: new Date(Date.parse(clock.body.now) + DAY).toISOString(),
      format: 'json',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe('pending');
    await gw.gateway.jobs.runDue();
    expect((await call<Report>('GET', `/v1/reports/${created.body.id}`)).body).toMatchObject({
      status: 'succeeded',
      progress: { rows_done: ENTRIES, rows_total: ENTRIES },
    });
    const download = await call<{ object: string; rows: Array<{ net: string; payout_id: string }>; totals: { rows: number; net: string } }>(
      'GET',
      `/v1/reports/${created.body.id}/download`,
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(download.body.object).toBe('report_data');
    expect(download.body.rows).toHaveLength(ENTRIES);
    expect(download.body.rows.every((r) => r.payout_id === payout.id)).toBe(true);
    expect(download.body.totals).toMatchObject({ rows: ENTRIES, net: payout.amount });
    // Another organization's report is not found, in any state.
    const stranger = await (await gw.client()).token();
    expect((await gw.request('GET', `/v1/reports/${created.body.id}/download`, { token: stranger })).status).toBe(404);
  }, 120_000);
});
