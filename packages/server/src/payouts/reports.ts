/**
 * Reconciliation reports (docs/ledger.md "Reports"): one row per ledger entry
 * (payment id, order id, type, gross, fees, net, settlement, payout), for one
 * payout (the entries of the settlements it carried: their `net` adds up to
 * the payout's amount), for a period of one currency (the entries booked
 * in it that go through settlement, settled or not), or every entry of a
 * period whatever its type (`balance_transactions`: the ledger's export,
 * each row's `net` its change of the merchant's balances).
 *
 * Up to INLINE_ROWS rows it is made before the request answers; longer, in
 * the background (`report.generate`). Either way the rows are read in
 * keyset batches of BATCH and written as one `report_chunks` row per batch,
 * the progress (`rows_done` of `rows_total`) updated after each; a download
 * streams the chunks one at a time. Memory stays constant whatever the size:
 * one batch is held at a time, on both sides.
 */
import type { RealClock } from '../clock/clock.js';
import type { Db, Executor } from '../db/database.js';
import type { ReportsTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { enqueueJob } from '../jobs/store.js';
import type { JobRunner } from '../jobs/runner.js';
import { paginate, type ListQuery, type Page } from '../http/pagination.js';
import { signedMoney } from '../ledger/service.js';
import { newId } from '../lib/ids.js';
import type { Report, ReportCreate } from './report-schemas.js';

export const REPORT_JOB = 'report.generate';
const BATCH = 10_000;
/** Up to this many rows a report is made before POST /v1/reports answers. */
export const INLINE_ROWS = 10_000;

export const CSV_COLUMNS = [
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
] as const;

interface Row {
  id: string;
  created_at: string;
  type: string;
  payment_id: string | null;
  order_id: string | null;
  net: number | string;
  fee: number | string;
  settlement_id: string | null;
  payout_id: string | null;
}

/** A CSV field: quoted when it must be; an order id a spreadsheet would read as a formula is prefixed with `'`. */
function csvField(value: string, text = false): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function reportView(row: ReportsTable): Report {
  const money = (minor: number | null) => (minor === null ? null : signedMoney(Number(minor), row.currency));
  return {
    id: row.id,
    object: 'report',
    type: row.type,
    format: row.format,
    currency: row.currency,
    payout_id: row.payout_id,
    period_start: row.period_start,
    period_end: row.period_end,
    status: row.status,
    progress: { rows_done: Number(row.rows_done), rows_total: row.rows_total === null ? null : Number(row.rows_total) },
    totals: row.status === 'succeeded' ? { gross: money(row.total_gross)!, fee: money(row.total_fee)!, net: money(row.total_net)! } : null,
    error: row.error,
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}

export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly clock: RealClock,
    private readonly jobs: JobRunner | undefined,
  ) {}

  async create(organizationId: string, body: ReportCreate): Promise<Report> {
    const problems: ErrorDetail[] = [];
    let currency = body.currency;
    if (body.type === 'payout_reconciliation') {
      if (!body.payout_id) problems.push({ field: 'payout_id', message: 'required for a payout_reconciliation report' });
      for (const field of ['period_start', 'period_end', 'currency'] as const) {
        if (body[field] !== undefined)
          problems.push({ field, message: 'only for a balance_period or balance_transactions report (a payout has its own currency)' });
      }
    } else {
      if (body.payout_id !== undefined) problems.push({ field: 'payout_id', message: 'only for a payout_reconciliation report' });
      for (const field of ['period_start', 'period_end', 'currency'] as const) {
        if (body[field] === undefined) problems.push({ field, message: `required for a ${body.type} report` });
      }
      if (body.period_start && body.period_end && Date.parse(body.period_end) <= Date.parse(body.period_start)) {
        problems.push({ field: 'period_end', message: 'must be after period_start' });
      }
    }
    if (problems.length > 0) throw ApiError.validation(problems);
    if (body.payout_id) {
      const payout = await this.db
        .selectFrom('payouts')
        .select('currency')
        .where('id', '=', body.payout_id)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!payout) throw ApiError.notFound('payout');
      currency = payout.currency;
    }
    const now = this.clock.realIso();
    const row: ReportsTable = {
      id: newId('report'),
      organization_id: organizationId,
      type: body.type,
      format: body.format ?? 'csv',
      currency: currency!,
      payout_id: body.payout_id ?? null,
      period_start: body.period_start ? new Date(Date.parse(body.period_start)).toISOString() : null,
      period_end: body.period_end ? new Date(Date.parse(body.period_end)).toISOString() : null,
      status: 'pending',
      rows_done: 0,
      rows_total: null,
      total_gross: null,
      total_fee: null,
      total_net: null,
      error: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
    };
    // A small report is made before the answer; a long one in the background, its progress in GET /v1/reports/{id}.
    if ((await this.count(row)) <= INLINE_ROWS) {
      await this.db.insertInto('reports').values(row).execute();
      await this.generate(row.id);
      return this.get(organizationId, row.id);
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('reports').values(row).execute();
      await enqueueJob(trx, { type: REPORT_JOB, payload: { report_id: row.id }, maxAttempts: 3 }, this.clock);
    });
    this.jobs?.wake();
    return reportView(row);
  }

  async get(organizationId: string, id: string): Promise<Report> {
    return reportView(await this.row(organizationId, id));
  }

  private async row(organizationId: string, id: string): Promise<ReportsTable> {
    const row = await this.db.selectFrom('reports').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('report');
    return row;
  }

  async list(organizationId: string, params: ListQuery): Promise<Page<Report>> {
    const page = await paginate(
      this.db.selectFrom('reports').selectAll().where('organization_id', '=', organizationId),
      { id: 'id', createdAt: 'created_at', kind: 'report' },
      params,
    );
    return { data: page.data.map(reportView), has_more: page.has_more };
  }

  /** The report's text, chunk by chunk (one chunk in memory at a time); 409 until it is ready. */
  async download(organizationId: string, id: string): Promise<{ report: ReportsTable; chunks: AsyncGenerator<string> }> {
    const report = await this.row(organizationId, id);
    if (report.status !== 'succeeded') throw new ApiError('conflict', `The report is ${report.status}: download it when its status is succeeded.`);
    const db = this.db;
    async function* chunks(): AsyncGenerator<string> {
      for (let seq = 0; ; seq++) {
        const chunk = await db.selectFrom('report_chunks').select('data').where('report_id', '=', id).where('seq', '=', seq).executeTakeFirst();
        if (!chunk) return;
        yield chunk.data;
      }
    }
    return { report, chunks: chunks() };
  }

  /** The `report.generate` job: writes the report's chunks and totals. A retry starts over. */
  async generate(id: string): Promise<void> {
    const report = await this.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!report || report.status === 'succeeded') return;
    try {
      await this.db.deleteFrom('report_chunks').where('report_id', '=', id).execute();
      const total = await this.count(report);
      await this.update(id, { status: 'running', rows_done: 0, rows_total: total, error: null });
      let seq = 0;
      let done = 0;
      let gross = 0;
      let fee = 0;
      let net = 0;
      const json = report.format === 'json';
      const money = (minor: number) => signedMoney(minor, report.currency);
      const write = async (data: string) => {
        await this.db.insertInto('report_chunks').values({ report_id: id, seq: seq++, data }).execute();
      };
      if (!json) await write(`${CSV_COLUMNS.join(',')}\r\n`);
      else await write(`{"object":"report_data","report_id":${JSON.stringify(id)},"currency":${JSON.stringify(report.currency)},"rows":[`);
      for await (const batch of this.batches(report)) {
        const lines: string[] = [];
        for (const r of batch) {
          const rowNet = Number(r.net);
          const rowFee = Number(r.fee);
          gross += rowNet + rowFee;
          fee += rowFee;
          net += rowNet;
          const fields = {
            balance_transaction_id: r.id,
            created_at: r.created_at,
            type: r.type,
            payment_id: r.payment_id,
            order_id: r.order_id,
            currency: report.currency,
            gross: money(rowNet + rowFee),
            fee: money(rowFee),
            net: money(rowNet),
            settlement_id: r.settlement_id,
            payout_id: r.payout_id,
          };
          lines.push(json ? JSON.stringify(fields) : CSV_COLUMNS.map((c) => csvField(fields[c] ?? '', c === 'order_id')).join(','));
        }
        await write(json ? `${done > 0 ? ',' : ''}${lines.join(',')}` : `${lines.join('\r\n')}\r\n`);
        done += batch.length;
        await this.update(id, { rows_done: done });
      }
      if (json) await write(`],"totals":${JSON.stringify({ rows: done, gross: money(gross), fee: money(fee), net: money(net) })}}`);
      await this.update(id, { status: 'succeeded', rows_done: done, total_gross: gross, total_fee: fee, total_net: net, completed_at: this.clock.realIso() });
    } catch (error) {
      await this.update(id, { status: 'failed', error: (error instanceof Error ? error.message : String(error)).slice(0, 500) });
      throw error;
    }
  }

  private async update(id: string, set: Partial<ReportsTable>): Promise<void> {
    await this.db
      .updateTable('reports')
      .set({ ...set, updated_at: this.clock.realIso() })
      .where('id', '=', id)
      .execute();
  }

  private async count(report: ReportsTable): Promise<number> {
    const row =
      report.type === 'payout_reconciliation'
        ? await this.db
            .selectFrom('payout_settlements as ps')
            .innerJoin('settlements as s', 's.id', 'ps.settlement_id')
            .select((eb) => eb.fn.sum<string | number>('s.entry_count').as('n'))
            .where('ps.payout_id', '=', report.payout_id!)
            .executeTakeFirst()
        : await (report.type === 'balance_transactions' ? this.transactionRows(this.db, report) : this.periodRows(this.db, report))
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The entries of the period that go through settlement: settled (settlement_entries) or still queued. */
  private periodRows(db: Executor, report: ReportsTable) {
    return db
      .selectFrom('ledger_entries as e')
      .leftJoin('settlement_entries as se', 'se.entry_id', 'e.id')
      .leftJoin('settlement_queue as q', 'q.entry_id', 'e.id')
      .where('e.organization_id', '=', report.organization_id)
      .where('e.currency', '=', report.currency)
      .where('e.created_at', '>=', report.period_start!)
      .where('e.created_at', '<', report.period_end!)
      .where((eb) => eb.or([eb('se.entry_id', 'is not', null), eb('q.entry_id', 'is not', null)]));
  }

  /** Every entry of the currency booked in the period, whatever its type: the balance transactions' export. */
  private transactionRows(db: Executor, report: ReportsTable) {
    return db
      .selectFrom('ledger_entries as e')
      .where('e.organization_id', '=', report.organization_id)
      .where('e.currency', '=', report.currency)
      .where('e.created_at', '>=', report.period_start!)
      .where('e.created_at', '<', report.period_end!);
  }

  private async *batches(report: ReportsTable): AsyncGenerator<Row[]> {
    if (report.type === 'balance_transactions') {
      let after = '';
      for (;;) {
        const rows: Row[] = await this.transactionRows(this.db, report)
          .leftJoin('settlement_entries as se', 'se.entry_id', 'e.id')
          .leftJoin('settlements as st', 'st.id', 'se.settlement_id')
          .leftJoin('payments as p', 'p.id', 'e.payment_id')
          .select(['e.id', 'e.created_at', 'e.type', 'e.payment_id', 'p.order_id', 'e.net', 'e.fee', 'se.settlement_id', 'st.payout_id'])
          .where('e.id', '>', after)
          .orderBy('e.id')
          .limit(BATCH)
          .execute();
        if (rows.length === 0) return;
        yield rows;
        after = rows.at(-1)!.id;
        if (rows.length < BATCH) return;
      }
    }
    if (report.type === 'payout_reconciliation') {
      const settlements = await this.db
        .selectFrom('payout_settlements')
        .select('settlement_id')
        .where('payout_id', '=', report.payout_id!)
        .orderBy('settlement_id')
        .execute();
      for (const { settlement_id } of settlements) {
        let after = '';
        for (;;) {
          const found = await this.db
            .selectFrom('settlement_entries as se')
            .innerJoin('ledger_entries as e', 'e.id', 'se.entry_id')
            .leftJoin('payments as p', 'p.id', 'e.payment_id')
            .select(['e.id', 'e.created_at', 'e.type', 'e.payment_id', 'p.order_id', 'se.amount as net', 'se.fee', 'se.settlement_id'])
            .where('se.settlement_id', '=', settlement_id)
            .where('se.entry_id', '>', after)
            .orderBy('se.entry_id')
            .limit(BATCH)
            .execute();
          const rows: Row[] = found.map((r) => ({ ...r, payout_id: report.payout_id }));
          if (rows.length === 0) break;
          yield rows;
          after = rows.at(-1)!.id;
          if (rows.length < BATCH) break;
        }
      }
      return;
    }
    let after = '';
    for (;;) {
      const rows: Row[] = await this.periodRows(this.db, report)
        .leftJoin('settlements as st', 'st.id', 'se.settlement_id')
        .leftJoin('payments as p', 'p.id', 'e.payment_id')
        .select([
          'e.id',
          'e.created_at',
          'e.type',
          'e.payment_id',
          'p.order_id',
          (eb) => eb.fn.coalesce('se.amount', 'q.amount', eb.lit(0)).as('net'),
          'e.fee',
          'se.settlement_id',
          'st.payout_id',
        ])
        .where('e.id', '>', after)
        .orderBy('e.id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      yield rows;
      after = rows.at(-1)!.id;
      if (rows.length < BATCH) return;
    }
  }
}
