import { useState, type FormEvent } from 'react';
import { v1, type ApmPayment, type ListItem } from '../api';
import { useI18n } from '../i18n';
import { canMoveMoney, useSession } from '../session';
import { Badge, Empty, ErrorMessage, Mono, PageHeader } from '../ui';

/** The sandbox's test cards (docs/sandbox.md, "Test cards"). */
const CARDS: { number: string; brand: string; en: string; es: string }[] = [
  { number: '4242424242424242', brand: 'Visa', en: 'Approved (00)', es: 'Aprobada (00)' },
  { number: '5555555555554444', brand: 'Mastercard', en: 'Approved (00)', es: 'Aprobada (00)' },
  { number: '378282246310005', brand: 'American Express', en: 'Approved (00), 4-digit CVV', es: 'Aprobada (00), CVV de 4 dígitos' },
  { number: '4000056655665556', brand: 'Visa debit', en: 'Approved (00)', es: 'Aprobada (00)' },
  { number: '4000000000000002', brand: 'Visa', en: 'Rejected: generic decline (05)', es: 'Rechazada: declinación genérica (05)' },
  { number: '4000000000009995', brand: 'Visa', en: 'Rejected: insufficient funds (51)', es: 'Rechazada: fondos insuficientes (51)' },
  { number: '4100000000000019', brand: 'Visa', en: 'Rejected: suspected fraud (59)', es: 'Rechazada: sospecha de fraude (59)' },
  { number: '4000000000000069', brand: 'Visa', en: 'Rejected: expired card (54)', es: 'Rechazada: tarjeta vencida (54)' },
  { number: '4000000000000119', brand: 'Visa', en: 'Rejected: processing error (96)', es: 'Rechazada: error de procesamiento (96)' },
  { number: '4000000000005126', brand: 'Visa', en: 'Approved; every refund is rejected (57)', es: 'Aprobada; todo reembolso se rechaza (57)' },
  { number: '4000000000000259', brand: 'Visa', en: 'Approved; a chargeback opens when captured', es: 'Aprobada; al capturarla se abre un contracargo' },
  { number: '4000000000003303', brand: 'Visa', en: 'Pending (09), then approved', es: 'Pendiente (09), luego aprobada' },
];

type Sms = ListItem<'sandbox.sms.list'>;

export function Sandbox() {
  const { t, language, date, status } = useI18n();
  const { sandbox, role } = useSession();
  const [phone, setPhone] = useState('');
  const [sms, setSms] = useState<Sms[] | null>(null);
  const [paymentId, setPaymentId] = useState('');
  const [outcome, setOutcome] = useState<'approve' | 'reject' | 'fail' | 'expire'>('approve');
  const [result, setResult] = useState<ApmPayment | null>(null);
  const [error, setError] = useState<unknown>(null);

  if (sandbox === false) {
    return <><PageHeader title={t('sandbox.title')} /><p className="note">{t('sandbox.unavailable')}</p></>;
  }
  const readSms = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      setSms((await v1('sandbox.sms.list', 'GET', '/sandbox/sms', { query: { phone_number: phone.trim() } })).data);
    } catch (e) {
      setError(e);
    }
  };
  const simulate = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setResult(null);
    try {
      setResult(await v1('sandbox.payments.simulate', 'POST', `/sandbox/payments/${encodeURIComponent(paymentId.trim())}/simulate`, { body: { outcome } }));
    } catch (e) {
      setError(e);
    }
  };
  return (
    <>
      <PageHeader title={t('sandbox.title')} />
      <ErrorMessage error={error} />
      <div className="grid">
        <section className="card-panel" aria-labelledby="sms-h">
          <h2 id="sms-h">{t('sandbox.sms')}</h2>
          <form className="row end" onSubmit={readSms}>
            <label className="field"><span>{t('sandbox.phone')}</span><input inputMode="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} placeholder="3001234567" /></label>
            <button type="submit" className="button primary">{t('sandbox.read')}</button>
          </form>
          {sms === null ? null : sms.length ? (
            <table>
              <thead><tr><th scope="col">{t('sandbox.otp')}</th><th scope="col">{t('disputes.payment')}</th><th scope="col">{t('sandbox.sent')}</th></tr></thead>
              <tbody>{sms.map((m) => <tr key={`${m.payment_id}-${m.sent_at}`}><td><Mono>{m.otp}</Mono></td><td><Mono>{m.payment_id}</Mono></td><td>{date(m.sent_at)}</td></tr>)}</tbody>
            </table>
          ) : <Empty />}
        </section>
        <section className="card-panel" aria-labelledby="sim-h">
          <h2 id="sim-h">{t('sandbox.simulate')}</h2>
          {canMoveMoney(role) ? (
            <form className="form" onSubmit={simulate}>
              <label className="field"><span>{t('sandbox.paymentId')}</span><input required value={paymentId} onChange={(e) => setPaymentId(e.target.value)} /></label>
              <label className="field">
                <span>{t('sandbox.outcome')}</span>
                <select value={outcome} onChange={(e) => setOutcome(e.target.value as typeof outcome)}>
                  <option value="approve">approve</option><option value="reject">reject</option><option value="fail">fail</option><option value="expire">expire</option>
                </select>
              </label>
              <button type="submit" className="button primary">{t('sandbox.run')}</button>
            </form>
          ) : <p className="note">{t('common.forbidden')}</p>}
          {result ? <p className="alert alert-ok" role="status"><Badge value={result.transaction.status} /> {t('sandbox.result', { status: status(result.transaction.status), detail: status(result.transaction.status_detail) })}</p> : null}
        </section>
      </div>
      <section className="section" aria-labelledby="cards-h">
        <h2 id="cards-h">{t('sandbox.cards')}</h2>
        <div className="table-wrap" tabIndex={0}>
          <table>
            <thead><tr><th scope="col">{t('sandbox.number')}</th><th scope="col">{t('sandbox.brand')}</th><th scope="col">{t('sandbox.does')}</th></tr></thead>
            <tbody>{CARDS.map((c) => <tr key={c.number}><td><Mono>{c.number}</Mono></td><td>{c.brand}</td><td>{language === 'es' ? c.es : c.en}</td></tr>)}</tbody>
          </table>
        </div>
      </section>
    </>
  );
}
