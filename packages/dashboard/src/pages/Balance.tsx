/**
 * The Balance page: the organization's balances per currency as the ledger
 * holds them (GET /v1/balance), the settlement and payout schedule, the next
 * payout, the recent balance transactions (each type labelled, the
 * chargeback fee included), the payouts and settlements with their statuses,
 * and the reconciliation reports (BalanceReports.tsx). Amounts are the API's decimal
 * strings, formatted by the i18n money helper (never through a float).
 * Paying out needs `payouts:write` (owners and developers); every role reads
 * and makes reports.
 */
import { useState } from 'react';
import { gateway, type ListItem, type ResponseBody } from '../api';
import { useI18n, type MessageKey } from '../i18n';
import { canMoveMoney, useSession } from '../session';
import { Badge, ConfirmDialog, Empty, ErrorMessage, Loading, Mono, PageHeader, useLoad } from '../ui';
import { ReportButton, Reports, useReports } from './BalanceReports';

type Settings = ResponseBody<'balance.settings.retrieve'>;
type CurrencyBalance = ResponseBody<'balance.retrieve'>['balances'][number];
type Payout = ListItem<'payouts.list'>;
type Transaction = ListItem<'balance.transactions.list'>;

/** The label of each ledger entry type (docs/ledger.md "Entries"). */
const TRANSACTION_TYPES: Record<Transaction['type'], MessageKey> = {
  payment: 'balance.txType.payment',
  refund: 'balance.txType.refund',
  refund_failure: 'balance.txType.refund_failure',
  cashout: 'balance.txType.cashout',
  chargeback_hold: 'balance.txType.chargeback_hold',
  chargeback_fee: 'balance.txType.chargeback_fee',
  chargeback_release: 'balance.txType.chargeback_release',
  chargeback_loss: 'balance.txType.chargeback_loss',
  settlement: 'balance.txType.settlement',
  payout: 'balance.txType.payout',
  payout_paid: 'balance.txType.payout_paid',
  payout_failure: 'balance.txType.payout_failure',
};

export function Balance() {
  const { t } = useI18n();
  const overview = useLoad(async () => {
    const [balance, settings] = await Promise.all([gateway.balance.retrieve(), gateway.balance.settings.retrieve()]);
    return { balances: balance.balances, settings };
  }, []);
  const payouts = useLoad(() => gateway.payouts.list({ limit: 20 }), []);
  const settlements = useLoad(() => gateway.settlements.list({ limit: 20 }), []);
  const transactions = useLoad(() => gateway.balance.transactions.list({ limit: 20 }), []);
  const reports = useReports();
  const reloadMoney = () => {
    overview.reload();
    transactions.reload();
    payouts.reload();
    settlements.reload();
  };
  return (
    <>
      <PageHeader title={t('balance.title')} />
      <p className="lead">{t('balance.intro')}</p>
      {overview.data?.settings.simulated ? (
        <p className="alert alert-warn" role="note">
          {t('balance.simulated')}
        </p>
      ) : null}
      <ErrorMessage error={overview.error} />
      {overview.loading && !overview.data ? (
        <Loading />
      ) : overview.data ? (
        <Balances balances={overview.data.balances} settings={overview.data.settings} payouts={payouts.data?.data ?? []} onPaidOut={reloadMoney} />
      ) : null}
      <section className="section" aria-labelledby="transactions-h">
        <h2 id="transactions-h">{t('balance.transactions')}</h2>
        <ErrorMessage error={transactions.error} />
        {transactions.loading && !transactions.data ? (
          <Loading />
        ) : transactions.data?.data.length ? (
          <Transactions transactions={transactions.data.data} />
        ) : (
          <Empty message={t('balance.noTransactions')} />
        )}
      </section>
      <section className="section" aria-labelledby="payouts-h">
        <h2 id="payouts-h">{t('balance.payouts')}</h2>
        <ErrorMessage error={payouts.error} />
        {payouts.loading && !payouts.data ? (
          <Loading />
        ) : payouts.data?.data.length ? (
          <Payouts payouts={payouts.data.data} reports={reports} />
        ) : (
          <Empty message={t('balance.noPayouts')} />
        )}
      </section>
      <section className="section" aria-labelledby="settlements-h">
        <h2 id="settlements-h">{t('balance.settlements')}</h2>
        <ErrorMessage error={settlements.error} />
        {settlements.loading && !settlements.data ? (
          <Loading />
        ) : settlements.data?.data.length ? (
          <Settlements settlements={settlements.data.data} />
        ) : (
          <Empty message={t('balance.noSettlements')} />
        )}
      </section>
      <Reports reports={reports} currencies={overview.data?.balances.map((b) => b.currency) ?? []} />
    </>
  );
}

function Balances({ balances, settings, payouts, onPaidOut }: { balances: CurrencyBalance[]; settings: Settings; payouts: Payout[]; onPaidOut: () => void }) {
  const { t, money, date } = useI18n();
  const { role } = useSession();
  const [paying, setPaying] = useState<CurrencyBalance | null>(null);
  const [paid, setPaid] = useState<Payout | null>(null);
  const account = settings.bank_account ? t('balance.bankAccount', { last4: settings.bank_account.last4 }) : t('balance.bankSimulated');
  // The next payout: the in-transit one that arrives first.
  const next = payouts.filter((p) => p.status === 'in_transit').sort((a, b) => Date.parse(a.arrival_date) - Date.parse(b.arrival_date))[0];
  return (
    <>
      <section className="section" aria-labelledby="balances-h">
        <h2 id="balances-h">{t('balance.balances')}</h2>
        {balances.length ? (
          <div className="grid balance-grid">
            {balances.map((b) => (
              <section key={b.currency} className="card-panel balance-card" aria-labelledby={`balance-${b.currency}`} data-currency={b.currency}>
                <h3 id={`balance-${b.currency}`}>{b.currency}</h3>
                <dl className="kv">
                  <div className="kv-row">
                    <dt>{t('balance.available')}</dt>
                    <dd className="balance-amount">{money(b.available, b.currency)}</dd>
                  </div>
                  <div className="kv-row">
                    <dt>{t('balance.pending')}</dt>
                    <dd>{money(b.pending, b.currency)}</dd>
                  </div>
                  <div className="kv-row">
                    <dt>{t('balance.reserved')}</dt>
                    <dd>{money(b.reserved, b.currency)}</dd>
                  </div>
                </dl>
                {canMoveMoney(role) && Number(b.available) > 0 ? (
                  <div className="row-actions balance-actions">
                    <button type="button" className="button primary" onClick={() => setPaying(b)}>
                      {t('balance.payOut', { amount: money(b.available, b.currency) })}
                    </button>
                  </div>
                ) : null}
              </section>
            ))}
          </div>
        ) : (
          <Empty message={t('balance.none')} />
        )}
        {paid ? (
          <p className="alert alert-ok" role="status">
            {t('balance.paidOut', { id: paid.id, amount: money(paid.amount, paid.currency) })}
          </p>
        ) : null}
      </section>
      <div className="grid">
        <section className="card-panel" aria-labelledby="next-payout-h">
          <h2 id="next-payout-h">{t('balance.nextPayout')}</h2>
          <p>{next ? t('balance.nextPayoutText', { amount: money(next.amount, next.currency), date: date(next.arrival_date) }) : t('balance.noNextPayout')}</p>
          <p className="muted small">{t(settings.payouts.interval === 'daily' ? 'balance.interval.daily' : 'balance.interval.manual')}</p>
        </section>
        <section className="card-panel" aria-labelledby="schedule-h">
          <h2 id="schedule-h">{t('balance.schedule')}</h2>
          <p>
            {settings.settlements.enabled
              ? t('balance.scheduleText', { card: settings.settlements.card_delay_days, rail: settings.settlements.rail_delay_days })
              : t('balance.scheduleOff')}
          </p>
          <p className="muted small">{account}</p>
        </section>
      </div>
      <ConfirmDialog
        open={paying !== null}
        title={paying ? t('balance.payOut', { amount: money(paying.available, paying.currency) }) : ''}
        message={paying ? t('balance.payOutConfirm', { amount: money(paying.available, paying.currency), account }) : ''}
        confirmLabel={paying ? t('balance.payOut', { amount: money(paying.available, paying.currency) }) : ''}
        onClose={() => setPaying(null)}
        onConfirm={async () => {
          if (!paying) return;
          const payout = await gateway.payouts.create({ currency: paying.currency });
          setPaid(payout);
          onPaidOut();
        }}
      />
    </>
  );
}

function Payouts({ payouts, reports }: { payouts: Payout[]; reports: ReturnType<typeof useReports> }) {
  const { t, money, date } = useI18n();
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="payouts-h">
      <table className="stack">
        <thead>
          <tr>
            <th scope="col">{t('common.amount')}</th>
            <th scope="col">{t('common.status')}</th>
            <th scope="col">{t('balance.arrival')}</th>
            <th scope="col">{t('balance.origin')}</th>
            <th scope="col">{t('common.id')}</th>
            <th scope="col">{t('balance.report')}</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((p) => (
            <tr key={p.id} data-payout-id={p.id}>
              <td className="num" data-label={t('common.amount')}>
                {money(p.amount, p.currency)}
              </td>
              <td data-label={t('common.status')}>
                <Badge value={p.status} />
                {p.failure_message ? <p className="muted small">{p.failure_message}</p> : null}
              </td>
              <td data-label={t('balance.arrival')}>{date(p.arrival_date)}</td>
              <td data-label={t('balance.origin')}>
                {p.automatic ? t('balance.automatic') : t('balance.onRequest')} · •••• {p.bank_account.last4}
              </td>
              <td data-label={t('common.id')}>
                <Mono>{p.id}</Mono>
              </td>
              <td data-label={t('balance.report')}>
                <ReportButton payout={p} reports={reports} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Settlements({ settlements }: { settlements: ResponseBody<'settlements.list'>['data'] }) {
  const { t, money, date } = useI18n();
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="settlements-h">
      <table className="stack">
        <thead>
          <tr>
            <th scope="col">{t('balance.net')}</th>
            <th scope="col">{t('balance.gross')}</th>
            <th scope="col">{t('balance.fee')}</th>
            <th scope="col">{t('balance.method')}</th>
            <th scope="col">{t('balance.entries')}</th>
            <th scope="col">{t('balance.payout')}</th>
            <th scope="col">{t('common.created')}</th>
          </tr>
        </thead>
        <tbody>
          {settlements.map((s) => (
            <tr key={s.id} data-settlement-id={s.id}>
              <td className="num" data-label={t('balance.net')}>
                {money(s.net, s.currency)}
              </td>
              <td className="num" data-label={t('balance.gross')}>
                {money(s.gross, s.currency)}
              </td>
              <td className="num" data-label={t('balance.fee')}>
                {money(s.fee, s.currency)}
              </td>
              <td data-label={t('balance.method')}>{t(s.method === 'card' ? 'balance.method.card' : 'balance.method.rail')}</td>
              <td data-label={t('balance.entries')}>{s.entry_count}</td>
              <td data-label={t('balance.payout')}>{s.payout_id ? <Mono>{s.payout_id}</Mono> : t('balance.notPaidOut')}</td>
              <td data-label={t('common.created')}>{date(s.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Transactions({ transactions }: { transactions: Transaction[] }) {
  const { t, money, date } = useI18n();
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="transactions-h">
      <table className="stack">
        <thead>
          <tr>
            <th scope="col">{t('balance.type')}</th>
            <th scope="col">{t('balance.amount')}</th>
            <th scope="col">{t('balance.fee')}</th>
            <th scope="col">{t('balance.net')}</th>
            <th scope="col">{t('balance.source')}</th>
            <th scope="col">{t('common.created')}</th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((tx) => (
            <tr key={tx.id} data-transaction-id={tx.id} data-type={tx.type}>
              <td data-label={t('balance.type')}>{t(TRANSACTION_TYPES[tx.type])}</td>
              <td className="num" data-label={t('balance.amount')}>
                {money(tx.amount, tx.currency)}
              </td>
              <td className="num" data-label={t('balance.fee')}>
                {money(tx.fee, tx.currency)}
              </td>
              <td className="num" data-label={t('balance.net')}>
                {money(tx.net, tx.currency)}
              </td>
              <td data-label={t('balance.source')}>
                <Mono>{tx.source.id}</Mono>
              </td>
              <td data-label={t('common.created')}>{date(tx.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
