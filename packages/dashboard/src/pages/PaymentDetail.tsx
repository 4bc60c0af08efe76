import { useState } from 'react';
import { gateway, PasarelaError, type ApmPayment, type Event, type ListItem, type Payment, type ResponseBody } from '../api';
import { useI18n, type MessageKey } from '../i18n';
import { Link } from '../router';
import { isCard, partlyRefunded, paymentAmount, paymentMethod, paymentStatus } from '../payments';
import { canMoveMoney, useSession } from '../session';
import { CaptureDialog, minus, RefundDialog } from './PaymentDialogs';
import { Badge, ConfirmDialog, Empty, ErrorMessage, Loading, Mono, PageHeader, useLoad } from '../ui';

interface Detail {
  payment: Payment;
  transactions: ListItem<'payments.transactions.list'>[];
  refunds: ListItem<'refunds.list'>[];
  chargebacks: ListItem<'chargebacks.list'>[];
  fraud: ResponseBody<'payments.fraudEvaluation.retrieve'> | null;
  events: Event[];
}

/** What the role may not read (403), or what does not exist for this payment (404), shows as nothing. */
const optional = <T,>(promise: PromiseLike<T>, fallback: T): Promise<T> =>
  Promise.resolve(promise).catch((e: unknown) => {
    if (e instanceof PasarelaError && (e.status === 404 || e.status === 403)) return fallback;
    throw e;
  });

async function loadDetail(id: string): Promise<Detail> {
  const payment = await gateway.payments.retrieve(id);
  const card = isCard(payment);
  const [transactions, refunds, chargebacks, fraud, events] = await Promise.all([
    optional(gateway.payments.transactions.list(id, { limit: 100 }), { data: [], has_more: false }),
    card ? optional(gateway.refunds.list({ payment_id: id, limit: 100 }), { data: [], has_more: false }) : Promise.resolve({ data: [], has_more: false }),
    card ? optional(gateway.chargebacks.list({ payment_id: id, limit: 10 }), { data: [], has_more: false }) : Promise.resolve({ data: [], has_more: false }),
    card ? optional(gateway.payments.fraudEvaluation.retrieve(id), null) : Promise.resolve(null),
    // The events about this payment (its own and its refunds', chargebacks', links'...), through the payment_id index.
    optional(gateway.events.list({ payment_id: id, limit: 100 }), { data: [], has_more: false }),
  ]);
  return {
    payment,
    transactions: transactions.data,
    refunds: refunds.data,
    chargebacks: chargebacks.data,
    fraud,
    events: events.data.reverse(),
  };
}

export function PaymentDetail({ id }: { id: string }) {
  const { t, money, date, method, responseCode, reason } = useI18n();
  const { role } = useSession();
  const detail = useLoad(() => loadDetail(id), [id]);
  const [action, setAction] = useState<'capture' | 'cancel' | 'refund' | null>(null);
  const mover = canMoveMoney(role);

  if (detail.loading && !detail.data)
    return (
      <>
        <PageHeader title={t('payments.title')} />
        <Loading />
      </>
    );
  if (!detail.data)
    return (
      <>
        <PageHeader title={t('payments.title')} />
        <ErrorMessage error={detail.error} />
      </>
    );
  const { payment, transactions, refunds, chargebacks, fraud, events } = detail.data;
  const card = isCard(payment) ? payment : null;
  const refundable = card ? minus(card.amount_captured, card.amount_refunded) : '0';

  return (
    <>
      <p className="breadcrumb">
        <Link to="/payments">← {t('payments.title')}</Link>
      </p>
      <PageHeader title={`${money(paymentAmount(payment), payment.currency)}`}>
        {mover && card && card.status === 'AUTHORIZED' ? (
          <>
            <button type="button" className="button primary" onClick={() => setAction('capture')}>
              {t('payments.capture')}
            </button>
            <button type="button" className="button" onClick={() => setAction('cancel')}>
              {t('payments.cancel')}
            </button>
          </>
        ) : null}
        {mover && card && Number(refundable) > 0 && card.status === 'APPROVED' ? (
          <button type="button" className="button" onClick={() => setAction('refund')}>
            {t('payments.refund')}
          </button>
        ) : null}
      </PageHeader>
      <p className="subtitle">
        <Badge value={paymentStatus(payment)} />
        {partlyRefunded(payment) ? <Badge value="PARTIALLY_REFUNDED" /> : null}
        <Mono>{card ? card.id : (payment as ApmPayment).payment_id}</Mono> · {card ? paymentMethod(payment) : method(paymentMethod(payment))}
      </p>
      <ErrorMessage error={detail.error} />
      <div className="grid">
        <section className="card-panel" aria-labelledby="summary-h">
          <h2 id="summary-h">{t('common.details')}</h2>
          <dl className="kv">
            <dt>{t('payments.order')}</dt>
            <dd>{payment.order_id}</dd>
            <dt>{t('common.created')}</dt>
            <dd>{date(payment.created_at)}</dd>
            {card ? (
              <>
                <dt>{t('payments.captured')}</dt>
                <dd>{money(card.amount_captured, card.currency)}</dd>
                <dt>{t('payments.refunded')}</dt>
                <dd>{money(card.amount_refunded, card.currency)}</dd>
                <dt>{t('payments.feesTotal')}</dt>
                <dd>{money(card.fees_total, card.currency)}</dd>
                <dt>{t('payments.net')}</dt>
                <dd>{money(card.net_amount, card.currency)}</dd>
                <dt>{t('payments.responseCode')}</dt>
                <dd>{responseCode(card.response_code)}</dd>
                <dt>{t('payments.installments')}</dt>
                <dd>{card.installments > 1 ? card.installments : t('payments.singlePayment')}</dd>
                {card.three_ds && (
                  <>
                    <dt>{t('payments.threeDs')}</dt>
                    <dd>
                      {t(`payments.threeDs.${card.three_ds.outcome}` as MessageKey)}
                      {card.three_ds.eci && ` · ECI ${card.three_ds.eci}`}
                      {card.three_ds.liability_shift && ` · ${t('payments.liabilityShift')}`}
                    </dd>
                  </>
                )}
                {card.processor && (
                  <>
                    <dt>{t('payments.processor')}</dt>
                    <dd>
                      {card.processor.connector}
                      {card.processor.reference && <code className="processor-reference">{card.processor.reference}</code>}
                    </dd>
                  </>
                )}
              </>
            ) : (
              <>
                <dt>{t('payments.rail')}</dt>
                <dd>{method((payment as ApmPayment).rail.id)}</dd>
                <dt>{t('common.status')}</dt>
                <dd>
                  <Badge value={(payment as ApmPayment).transaction.status_detail} />
                </dd>
                {(payment as ApmPayment).rail.cash && (
                  <>
                    <dt>{t('payments.cashReference')}</dt>
                    <dd>
                      <Mono>{(payment as ApmPayment).rail.cash!.reference}</Mono>
                    </dd>
                    <dt>{t('payments.cashDeadline')}</dt>
                    <dd>{date((payment as ApmPayment).rail.cash!.expires_at)}</dd>
                  </>
                )}
                {(payment as ApmPayment).processor && (
                  <>
                    <dt>{t('payments.processor')}</dt>
                    <dd>
                      {(payment as ApmPayment).processor!.connector}
                      {(payment as ApmPayment).processor!.reference && (
                        <code className="processor-reference">{(payment as ApmPayment).processor!.reference}</code>
                      )}
                    </dd>
                  </>
                )}
              </>
            )}
          </dl>
        </section>
        <section className="card-panel" aria-labelledby="timeline-h">
          <h2 id="timeline-h">{t('payments.timeline')}</h2>
          {events.length ? (
            <ol className="timeline">
              {events.map((e) => (
                <li key={e.id}>
                  <span className="timeline-type">{e.type}</span>
                  <time dateTime={e.time}>{date(e.time)}</time>
                  <Mono>{e.id}</Mono>
                </li>
              ))}
            </ol>
          ) : (
            <Empty message={t('common.none.events')} />
          )}
        </section>
      </div>
      <section className="section" aria-labelledby="trx-h">
        <h2 id="trx-h">{t('payments.transactions')}</h2>
        {transactions.length ? (
          <div className="table-wrap" tabIndex={0}>
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">{t('common.type')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('common.amount')}</th>
                  <th scope="col">{t('payments.responseCode')}</th>
                  <th scope="col">{t('common.id')}</th>
                  <th scope="col">{t('common.created')}</th>
                </tr>
              </thead>
              <tbody>
                {transactions.map((x) => (
                  <tr key={x.id}>
                    <td data-label={t('common.type')}>{x.type}</td>
                    <td data-label={t('common.status')}>
                      <Badge value={x.status} />
                    </td>
                    <td className="num" data-label={t('common.amount')}>
                      {money(x.amount, x.currency)}
                    </td>
                    <td data-label={t('payments.responseCode')}>{responseCode(x.response_code)}</td>
                    <td data-label={t('common.id')}>
                      <Mono>{x.id}</Mono>
                    </td>
                    <td data-label={t('common.created')}>{date(x.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <Empty message={t('common.none.transactions')} />
        )}
      </section>
      {card ? (
        <>
          <section className="section" aria-labelledby="ref-h">
            <h2 id="ref-h">{t('payments.refunds')}</h2>
            {refunds.length ? (
              <div className="table-wrap" tabIndex={0}>
                <table className="stack">
                  <thead>
                    <tr>
                      <th scope="col">{t('common.id')}</th>
                      <th scope="col">{t('common.status')}</th>
                      <th scope="col">{t('common.amount')}</th>
                      <th scope="col">{t('common.created')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {refunds.map((r) => (
                      <tr key={r.id}>
                        <td data-label={t('common.id')}>
                          <Mono>{r.id}</Mono>
                        </td>
                        <td data-label={t('common.status')}>
                          <Badge value={r.status} />
                          {r.status === 'REJECTED' && r.response_code ? <span className="muted small"> {responseCode(r.response_code)}</span> : null}
                        </td>
                        <td className="num" data-label={t('common.amount')}>
                          {money(r.amount, r.currency)}
                        </td>
                        <td data-label={t('common.created')}>{date(r.created_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <Empty message={t('common.none.refunds')} />
            )}
          </section>
          <div className="grid">
            <section className="card-panel" aria-labelledby="fees-h">
              <h2 id="fees-h">{t('payments.fees')}</h2>
              {card.fees.length ? (
                <dl className="kv">
                  {card.fees.map((f) => (
                    <div key={f.rule_id} className="kv-row">
                      <dt>
                        {f.type} ({(f.percentage_bps / 100).toFixed(2)}% + {money(f.fixed_amount, card.currency)})
                      </dt>
                      <dd>{money(f.amount, card.currency)}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <Empty message={t('common.none.fees')} />
              )}
            </section>
            <section className="card-panel" aria-labelledby="fraud-h">
              <h2 id="fraud-h">{t('payments.fraud')}</h2>
              {fraud ? (
                <>
                  <dl className="kv">
                    <dt>{t('payments.score')}</dt>
                    <dd>{fraud.score}</dd>
                    <dt>{t('payments.decision')}</dt>
                    <dd>{fraud.decision}</dd>
                  </dl>
                  {fraud.rules_hit.length ? (
                    <ul>
                      {fraud.rules_hit.map((r) => (
                        <li key={r.rule}>
                          {r.rule} ({r.action}): {r.message}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </>
              ) : (
                <Empty message={t('common.none.fraud')} />
              )}
            </section>
          </div>
          <section className="section" aria-labelledby="chb-h">
            <h2 id="chb-h">{t('payments.chargeback')}</h2>
            {chargebacks.length ? (
              <ul className="plain">
                {chargebacks.map((c) => (
                  <li key={c.id}>
                    <Badge value={c.status} /> {money(c.amount, c.currency)} · {reason(c.reason_code, c.reason)} ·{' '}
                    <Link to="/disputes">{t('nav.disputes')}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty message={t('common.none.chargeback')} />
            )}
          </section>
        </>
      ) : null}
      {card ? (
        <>
          {action === 'capture' ? (
            <CaptureDialog
              payment={card}
              onClose={() => setAction(null)}
              onDone={() => {
                setAction(null);
                detail.reload();
              }}
            />
          ) : null}
          <ConfirmDialog
            open={action === 'cancel'}
            title={t('payments.cancel')}
            message={t('payments.cancelConfirm')}
            confirmLabel={t('payments.cancel')}
            cancelLabel={t('payments.keep')}
            danger
            onClose={() => setAction(null)}
            onConfirm={async () => {
              await gateway.payments.cancel(card.id);
              detail.reload();
            }}
          />
          {action === 'refund' ? (
            <RefundDialog
              payment={card}
              max={refundable}
              onClose={() => setAction(null)}
              onDone={() => {
                setAction(null);
                detail.reload();
              }}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
