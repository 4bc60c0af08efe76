import { useEffect, useState, type FormEvent } from 'react';
import { gateway, type Payment, type ResponseBody } from '../api';
import { METHODS, useI18n } from '../i18n';
import { Link } from '../router';
import { paymentAmount, paymentId, paymentMethod, paymentStatus, isCard, partlyRefunded } from '../payments';
import { Badge, Empty, ErrorMessage, Loading, Mono, PageHeader, Pager, useLoad } from '../ui';

const STATUSES = ['PENDING', 'APPROVED', 'AUTHORIZED', 'REJECTED', 'CANCELLED', 'REFUNDED', 'IN_PROGRESS', 'DECLINED', 'FAILED'] as const;
/** The rails of the method filter: the gateway's method registry (`@pasarela/client/methods.json`). */
const RAILS = METHODS.filter((m) => m.family === 'rail').map((m) => m.id);
const PAGE = 50;

interface Filters {
  status: string;
  method: string;
  order_id: string;
  amount_gte: string;
  amount_lte: string;
  created_gte: string;
  created_lte: string;
}
const EMPTY: Filters = { status: '', method: '', order_id: '', amount_gte: '', amount_lte: '', created_gte: '', created_lte: '' };

type Query = NonNullable<Parameters<typeof gateway.payments.search>[0]>;

function toQuery(f: Filters, cursor: { after?: string; before?: string }): Query {
  const query: Record<string, string | number> = { limit: PAGE };
  if (f.status) query.status = f.status;
  if (f.method === 'card') query.kind = 'card';
  else if (f.method === 'alternative') query.kind = 'alternative';
  else if (f.method) query.rail_id = f.method;
  if (f.order_id.trim()) query.order_id = f.order_id.trim();
  if (f.amount_gte) query.amount_gte = Number(f.amount_gte);
  if (f.amount_lte) query.amount_lte = Number(f.amount_lte);
  if (f.created_gte) query.created_gte = new Date(`${f.created_gte}T00:00:00`).toISOString();
  if (f.created_lte) query.created_lte = new Date(`${f.created_lte}T23:59:59.999`).toISOString();
  if (cursor.after) query.starting_after = cursor.after;
  if (cursor.before) query.ending_before = cursor.before;
  return query;
}

export function Payments() {
  const { t, money, date, status, method } = useI18n();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [cursor, setCursor] = useState<{ after?: string; before?: string }>({});
  const [pages, setPages] = useState(0);
  const searching = Boolean(filters.order_id || filters.amount_gte || filters.amount_lte);
  const list = useLoad<ResponseBody<'payments.list'>>(
    () => (searching ? gateway.payments.search(toQuery(filters, cursor)) : gateway.payments.list(toQuery(filters, cursor))),
    [filters, cursor],
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setCursor({});
    setPages(0);
  };
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  const rows: Payment[] = list.data?.data ?? [];
  // A performance mark once a page of rows is in the document (the browser test reports the time).
  useEffect(() => {
    if (list.data) performance.mark('pasarela:payments-rendered');
  }, [list.data]);
  const hasMore = cursor.before ? true : Boolean(list.data?.has_more);

  return (
    <>
      <PageHeader title={t('payments.title')} />
      <form className="filters" onSubmit={apply} role="search" aria-label={t('payments.filters')}>
        <label className="field">
          <span>{t('payments.search')}</span>
          <input type="search" value={draft.order_id} onChange={set('order_id')} />
        </label>
        <label className="field">
          <span>{t('common.status')}</span>
          <select value={draft.status} onChange={set('status')}>
            <option value="">{t('common.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {status(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('payments.method')}</span>
          <select value={draft.method} onChange={set('method')}>
            <option value="">{t('common.all')}</option>
            <option value="card">{t('payments.card')}</option>
            <option value="alternative">{t('payments.alternative')}</option>
            {RAILS.map((r) => (
              <option key={r} value={r}>
                {method(r)}
              </option>
            ))}
          </select>
        </label>
        <label className="field narrow">
          <span>{t('payments.amountFrom')}</span>
          <input type="number" min="0" step="any" inputMode="decimal" value={draft.amount_gte} onChange={set('amount_gte')} />
        </label>
        <label className="field narrow">
          <span>{t('payments.amountTo')}</span>
          <input type="number" min="0" step="any" inputMode="decimal" value={draft.amount_lte} onChange={set('amount_lte')} />
        </label>
        <label className="field narrow">
          <span>{t('payments.dateFrom')}</span>
          <input type="date" value={draft.created_gte} onChange={set('created_gte')} />
        </label>
        <label className="field narrow">
          <span>{t('payments.dateTo')}</span>
          <input type="date" value={draft.created_lte} onChange={set('created_lte')} />
        </label>
        <div className="filter-buttons">
          <button type="submit" className="button primary">
            {t('common.search')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
              setCursor({});
              setPages(0);
            }}
          >
            {t('common.clear')}
          </button>
        </div>
      </form>
      <ErrorMessage error={list.error} />
      {list.loading && !list.data ? (
        <Loading />
      ) : rows.length ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="payments-table stack">
              <thead>
                <tr>
                  <th scope="col">{t('common.amount')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('payments.instrument')}</th>
                  <th scope="col">{t('payments.order')}</th>
                  <th scope="col" className="hide-narrow">
                    {t('common.id')}
                  </th>
                  <th scope="col">{t('common.created')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => {
                  const id = paymentId(p);
                  return (
                    <tr key={id}>
                      <td className="num" data-label={t('common.amount')}>
                        <Link to={`/payments/${id}`} className="row-link">
                          {money(paymentAmount(p), p.currency)}
                        </Link>
                      </td>
                      <td data-label={t('common.status')}>
                        <Badge value={paymentStatus(p)} />
                        {partlyRefunded(p) ? (
                          <>
                            {' '}
                            <Badge value="PARTIALLY_REFUNDED" />
                          </>
                        ) : null}
                      </td>
                      <td data-label={t('payments.instrument')}>{isCard(p) ? paymentMethod(p) : method(paymentMethod(p))}</td>
                      <td className="truncate" data-label={t('payments.order')}>
                        {p.order_id}
                      </td>
                      <td className="hide-narrow" data-label={t('common.id')}>
                        <Mono>{id}</Mono>
                      </td>
                      <td data-label={t('common.created')}>{date(p.created_at)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="muted small" aria-live="polite">
            {t('payments.count', { count: rows.length })}
          </p>
          <Pager
            hasMore={hasMore}
            canGoBack={pages > 0}
            onNext={() => {
              setCursor({ after: paymentId(rows[rows.length - 1]!) });
              setPages(pages + 1);
            }}
            onPrevious={() => {
              setCursor(pages <= 1 ? {} : { before: paymentId(rows[0]!) });
              setPages(pages - 1);
            }}
          />
        </>
      ) : (
        <Empty message={t('common.none.payments')} />
      )}
    </>
  );
}
