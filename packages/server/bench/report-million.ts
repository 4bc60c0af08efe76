/**
 * A payout reconciliation report of 1,000,000 entries (docs/ledger.md
 * "Reports"): seeds one payout carrying 10 settlements of 100,000 ledger
 * entries each into a fresh database (SQLite in a temporary directory, or
 * PostgreSQL with REPORT_BENCH_DATABASE_URL: give it an empty database),
 * generates the report as the `report.generate` job does and streams its
 * download, then prints the time of each, the highest RSS sampled while the
 * report was made and downloaded, and the process's peak RSS: the report is
 * written and read one batch at a time, so memory stays flat whatever the
 * number of rows. The last line (`report-bench: {...}`) is the same as JSON,
 * for `npm run bench` (run.ts `report-million` case), which runs it at
 * 100,000 and at 1,000,000 entries.
 *
 *   npm run build -w pasarela && node packages/server/dist/bench/report-million.js [entries]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { realClock } from '../src/clock/clock.js';
import { migrateToLatest, openDatabase } from '../src/db/database.js';
import { ReportService } from '../src/payouts/reports.js';

const ENTRIES = Number(process.argv[2] ?? 1_000_000);
const SETTLEMENTS = 10;
const ORG = 'org-bench-reports';
const PAYOUT = 'po-bench-reports';
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

const dir = mkdtempSync(join(tmpdir(), 'pasarela-report-bench-'));
const url = process.env.REPORT_BENCH_DATABASE_URL;
const handle = openDatabase({ database: url ? { kind: 'postgres', url } : { kind: 'sqlite', url: join(dir, 'bench.sqlite') } });
const { db } = handle;
try {
  await migrateToLatest(db);
  const started = performance.now();
  const perSettlement = Math.ceil(ENTRIES / SETTLEMENTS);
  const series = url
    ? sql`(select generate_series(0, ${ENTRIES - 1}) as i) as n`
    : sql`(with recursive s(i) as (select 0 union all select i + 1 from s where i < ${ENTRIES - 1}) select i from s) as n`;
  const pad = url ? sql`lpad(cast(n.i as text), 26, '0')` : sql`printf('%026d', n.i)`;
  // A literal: a bound JS number is a REAL to SQLite, and the division would not be an integer one.
  const bucket = sql`cast(n.i / ${sql.lit(perSettlement)} as text)`;
  // 1.00 to 100.00 captured, 3 % fees.
  await sql`insert into ledger_entries (id, organization_id, type, currency, amount, fee, net, source_object, source_id, payment_id, created_at)
    select 'btx-' || ${pad}, ${ORG}, 'payment', 'USD', 100 + (n.i % 9901), (100 + (n.i % 9901)) * 3 / 100,
      (100 + (n.i % 9901)) - (100 + (n.i % 9901)) * 3 / 100, 'payment', 'pay-' || ${pad}, 'pay-' || ${pad}, '2026-01-01T00:00:00.000Z'
    from ${series}`.execute(db);
  await sql`insert into settlement_entries (entry_id, settlement_id, organization_id, amount, fee)
    select e.id, 'stl-bench-' || ${bucket}, ${ORG}, e.net, e.fee
    from ledger_entries e, ${series} where e.id = 'btx-' || ${pad}`.execute(db);
  const totals = await db
    .selectFrom('settlement_entries')
    .select([
      'settlement_id',
      (eb) => eb.fn.sum<string | number>('amount').as('amount'),
      (eb) => eb.fn.sum<string | number>('fee').as('fee'),
      (eb) => eb.fn.countAll<string | number>().as('n'),
    ])
    .groupBy('settlement_id')
    .execute();
  const now = '2026-01-02T00:00:00.000Z';
  for (const t of totals) {
    await db
      .insertInto('settlements')
      .values({
        id: t.settlement_id,
        organization_id: ORG,
        currency: 'USD',
        method: 'card',
        amount: Number(t.amount),
        fee: Number(t.fee),
        entry_count: Number(t.n),
        cutoff: now,
        simulated: 1,
        ledger_entry_id: null,
        payout_id: PAYOUT,
        created_at: now,
      })
      .execute();
    await db.insertInto('payout_settlements').values({ payout_id: PAYOUT, settlement_id: t.settlement_id }).execute();
  }
  const amount = totals.reduce((sum, t) => sum + Number(t.amount), 0);
  await db
    .insertInto('payouts')
    .values({
      id: PAYOUT,
      organization_id: ORG,
      currency: 'USD',
      amount,
      status: 'paid',
      automatic: 1,
      simulated: 1,
      bank_account_last4: '6789',
      bank_account_hash: 'x',
      arrival_date: now,
      failure_code: null,
      failure_message: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const seeded = performance.now();
  console.log(
    `seeded ${ENTRIES} entries in ${SETTLEMENTS} settlements (${((seeded - started) / 1000).toFixed(1)} s); peak RSS so far ${mb(process.resourceUsage().maxRSS)}`,
  );

  // The RSS while the report is made and downloaded, sampled every 20 ms (the seeding before is not the report's).
  let reportRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    reportRss = Math.max(reportRss, process.memoryUsage.rss());
  }, 20);
  const reports = new ReportService(db, realClock(), undefined);
  const report = await reports.create(ORG, { type: 'payout_reconciliation', payout_id: PAYOUT, format: 'csv' });
  const t0 = performance.now();
  await reports.generate(report.id);
  const generated = performance.now();
  const done = await reports.get(ORG, report.id);
  let bytes = 0;
  let lines = 0;
  const { chunks } = await reports.download(ORG, report.id);
  for await (const chunk of chunks) {
    bytes += Buffer.byteLength(chunk);
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines++;
  }
  const streamed = performance.now();
  clearInterval(sampler);
  reportRss = Math.max(reportRss, process.memoryUsage.rss());
  console.log(
    `report ${done.status}: ${done.progress.rows_done} rows, net ${done.totals?.net} (payout ${(amount / 100).toFixed(2)}), generated in ${((generated - t0) / 1000).toFixed(1)} s`,
  );
  console.log(`downloaded ${lines - 1} rows, ${(bytes / 1024 / 1024).toFixed(0)} MiB, in ${((streamed - generated) / 1000).toFixed(1)} s`);
  console.log(`RSS while reporting at most ${mb(reportRss / 1024)}; peak RSS ${mb(process.resourceUsage().maxRSS)} (${url ? 'PostgreSQL' : 'SQLite'})`);
  const ok = done.progress.rows_done === ENTRIES && lines - 1 === ENTRIES && done.totals?.net === (amount / 100).toFixed(2);
  if (!ok) process.exitCode = 1;
  console.log(
    `report-bench: ${JSON.stringify({
      entries: ENTRIES,
      ok,
      seedSeconds: (seeded - started) / 1000,
      generateSeconds: (generated - t0) / 1000,
      downloadSeconds: (streamed - generated) / 1000,
      bytes,
      reportRssMb: reportRss / 1024 / 1024,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    })}`,
  );
} finally {
  await handle.close();
  if (process.env.REPORT_BENCH_KEEP) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
