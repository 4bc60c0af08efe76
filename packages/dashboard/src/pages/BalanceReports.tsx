/**
 * Reconciliation reports on the Balance page: make one for a payout or a
 * period, follow its progress while the gateway makes it in the background
 * (GET /v1/reports, read again every two seconds while one is unfinished),
 * and download it (CSV or JSON) once it has succeeded.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { gateway, type ListItem } from '../api';
import { useI18n } from '../i18n';
import { clockNow, useSession } from '../session';
import { Badge, Empty, ErrorMessage, Loading, Mono, useAction, useLoad } from '../ui';

type Report = ListItem<'reports.list'>;
type Payout = ListItem<'payouts.list'>;

const unfinished = (r: Report) => r.status === 'pending' || r.status === 'running';

/** The reports list, read again while one of them is still being made. */
export function useReports() {
  const list = useLoad(() => gateway.reports.list({ limit: 50 }), []);
  const busy = list.data?.data.some(unfinished) ?? false;
  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(list.reload, 2000);
    return () => window.clearTimeout(timer);
  }, [busy, list.data]);
  return list;
}
type ReportsState = ReturnType<typeof useReports>;

/** Saves a report's rows as the file the gateway names. */
async function save(report: Report): Promise<void> {
  const file = await gateway.reports.download(report.id);
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DownloadButton({ report }: { report: Report }) {
  const { t } = useI18n();
  const { busy, error, run } = useAction();
  const label = t('balance.download', { format: report.format.toUpperCase() });
  return (
    <>
      <button
        type="button"
        className="button small"
        disabled={busy}
        aria-label={t('balance.downloadReport', { label, id: report.id })}
        onClick={() => run(() => save(report))}
      >
        {label}
      </button>
      <ErrorMessage error={error} />
    </>
  );
}

/** A payout's report: download it when made, its status while it is made, or a button that asks for it. */
export function ReportButton({ payout, reports }: { payout: Payout; reports: ReportsState }) {
  const { t } = useI18n();
  const { busy, error, run } = useAction();
  const report = reports.data?.data.find((r) => r.payout_id === payout.id && r.status !== 'failed');
  if (report) return report.status === 'succeeded' ? <DownloadButton report={report} /> : <Badge value={report.status} />;
  if (payout.status === 'failed') return <span className="muted">—</span>;
  return (
    <>
      <button
        type="button"
        className="button small"
        disabled={busy}
        aria-label={t('balance.requestReportFor', { id: payout.id })}
        onClick={() =>
          run(async () => {
            await gateway.reports.create({ type: 'payout_reconciliation', payout_id: payout.id });
            reports.reload();
          })
        }
      >
        {t('balance.requestReport')}
      </button>
      <ErrorMessage error={error} />
    </>
  );
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function Reports({ reports, currencies }: { reports: ReportsState; currencies: string[] }) {
  const { t, money, date } = useI18n();
  const session = useSession();
  const today = clockNow(session);
  const [form, setForm] = useState({
    currency: '',
    from: day(today - 30 * 86_400_000),
    to: day(today),
    format: 'csv' as 'csv' | 'json',
    type: 'balance_period' as 'balance_period' | 'balance_transactions',
  });
  const { busy, error, run } = useAction();
  const currency = form.currency || currencies[0] || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      // Whole UTC days: from the first day's start to the end of the last (period_end is exclusive).
      const end = Date.parse(`${form.to}T00:00:00Z`) + 86_400_000;
      await gateway.reports.create({
        type: form.type,
        currency,
        period_start: `${form.from}T00:00:00.000Z`,
        period_end: Number.isFinite(end) ? new Date(end).toISOString() : form.to,
        format: form.format,
      });
      reports.reload();
    });
  };
  const covers = (r: Report) =>
    r.type === 'payout_reconciliation'
      ? t('balance.reportType.payout_reconciliation', { id: r.payout_id ?? '' })
      : t(r.type === 'balance_transactions' ? 'balance.reportType.balance_transactions' : 'balance.reportType.balance_period', {
          currency: r.currency,
          start: date(r.period_start),
          end: date(r.period_end),
        });
  return (
    <section className="section" aria-labelledby="reports-h">
      <h2 id="reports-h">{t('balance.reports')}</h2>
      <p className="muted">{t('balance.reportsIntro')}</p>
      {currencies.length ? (
        <form className="filters" onSubmit={submit} aria-labelledby="period-report-h">
          <h3 id="period-report-h" className="visually-hidden">
            {t('balance.periodReport')}
          </h3>
          <label className="field">
            <span>{t('balance.rows')}</span>
            <select
              value={form.type}
              onChange={(e) => setForm({ ...form, type: e.target.value === 'balance_transactions' ? 'balance_transactions' : 'balance_period' })}
            >
              <option value="balance_period">{t('balance.rows.balance_period')}</option>
              <option value="balance_transactions">{t('balance.rows.balance_transactions')}</option>
            </select>
          </label>
          <label className="field narrow">
            <span>{t('common.currency')}</span>
            <select value={currency} onChange={(e) => setForm({ ...form, currency: e.target.value })}>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label className="field narrow">
            <span>{t('balance.from')}</span>
            <input type="date" required value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} />
          </label>
          <label className="field narrow">
            <span>{t('balance.to')}</span>
            <input type="date" required value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
          </label>
          <label className="field narrow">
            <span>{t('balance.format')}</span>
            <select value={form.format} onChange={(e) => setForm({ ...form, format: e.target.value === 'json' ? 'json' : 'csv' })}>
              <option value="csv">CSV</option>
              <option value="json">JSON</option>
            </select>
          </label>
          <div className="filter-buttons">
            <button type="submit" className="button primary" disabled={busy}>
              {t('balance.requestReport')}
            </button>
          </div>
        </form>
      ) : null}
      <ErrorMessage error={error} />
      <ErrorMessage error={reports.error} />
      {reports.loading && !reports.data ? (
        <Loading />
      ) : reports.data?.data.length ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="reports-h">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">{t('balance.covers')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('balance.net')}</th>
                <th scope="col">{t('common.id')}</th>
                <th scope="col">{t('common.created')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {reports.data.data.map((r) => (
                <tr key={r.id} data-report-id={r.id}>
                  <td data-label={t('balance.covers')}>{covers(r)}</td>
                  <td data-label={t('common.status')}>
                    <Badge value={r.status} />
                    {unfinished(r) && r.progress.rows_total !== null ? (
                      <p className="muted small">{t('balance.progress', { done: r.progress.rows_done, total: r.progress.rows_total })}</p>
                    ) : null}
                    {r.error ? <p className="muted small">{r.error}</p> : null}
                  </td>
                  <td className="num" data-label={t('balance.net')}>
                    {r.totals ? money(r.totals.net, r.currency) : '—'}
                  </td>
                  <td data-label={t('common.id')}>
                    <Mono>{r.id}</Mono>
                  </td>
                  <td data-label={t('common.created')}>{date(r.created_at)}</td>
                  <td data-label={t('common.actions')}>{r.status === 'succeeded' ? <DownloadButton report={r} /> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Empty message={t('balance.noReports')} />
      )}
    </section>
  );
}
