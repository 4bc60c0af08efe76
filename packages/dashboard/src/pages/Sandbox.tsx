import { useState, type FormEvent } from 'react';
import { gateway, PasarelaError, type ApmPayment, type ListItem } from '../api';
import { useI18n } from '../i18n';
import { canMoveMoney, useSession } from '../session';
import { Badge, duration, Empty, ErrorMessage, Loading, Mono, PageHeader, useAction, useLoad } from '../ui';
import { SANDBOX_CARDS } from '../sandbox-cards';

const OUTCOMES = ['approve', 'reject', 'fail', 'expire'] as const;
const UNITS = { minutes: 60, hours: 3600, days: 86400 } as const;

/** A Colombian mobile number as the SMS inbox takes it (the server's rule: 3 and nine digits, +57 allowed), or null. */
function mobile(text: string): string | null {
  const phone = text.replace(/[\s-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '');
  return /^3\d{9}$/.test(phone) ? phone : null;
}

type Sms = ListItem<'sandbox.sms.list'>;

export function Sandbox() {
  const { t, language, date, status } = useI18n();
  const { sandbox, role } = useSession();
  const [phone, setPhone] = useState('');
  const [sms, setSms] = useState<Sms[] | null>(null);
  const [paymentId, setPaymentId] = useState('');
  const [outcome, setOutcome] = useState<(typeof OUTCOMES)[number]>('approve');
  const [result, setResult] = useState<ApmPayment | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [phoneProblem, setPhoneProblem] = useState(false);
  const [simulateProblem, setSimulateProblem] = useState('');

  if (sandbox === false) {
    return (
      <>
        <PageHeader title={t('sandbox.title')} />
        <p className="note">{t('sandbox.unavailable')}</p>
      </>
    );
  }
  const readSms = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const number = mobile(phone);
    setPhoneProblem(number === null);
    if (number === null) return;
    gateway.sandbox.sms.list({ phone_number: number }).then((page) => setSms(page.data), setError);
  };
  const simulate = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setResult(null);
    setSimulateProblem('');
    const id = paymentId.trim();
    gateway.sandbox.payments.simulate(id, { outcome }).then(setResult, (e: unknown) => {
      // 404: no alternative payment of this organization has the id (a card payment's among them): say what can be simulated.
      if (e instanceof PasarelaError && e.status === 404) setSimulateProblem(t('sandbox.notAlternative', { id }));
      else setError(e);
    });
  };
  return (
    <>
      <PageHeader title={t('sandbox.title')} />
      <ErrorMessage error={error} />
      <TestClock />
      <div className="grid">
        <section className="card-panel" aria-labelledby="sms-h">
          <h2 id="sms-h">{t('sandbox.sms')}</h2>
          <form className="row end" onSubmit={readSms} noValidate>
            <label className="field">
              <span>{t('sandbox.phone')}</span>
              <input
                inputMode="tel"
                required
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                placeholder="3001234567"
                aria-invalid={phoneProblem || undefined}
                aria-describedby={phoneProblem ? 'phone-problem' : undefined}
              />
            </label>
            <button type="submit" className="button primary">
              {t('sandbox.read')}
            </button>
          </form>
          {phoneProblem ? (
            <div className="alert alert-error" role="alert" id="phone-problem">
              <p>{t('sandbox.badPhone')}</p>
            </div>
          ) : null}
          {sms === null ? null : sms.length ? (
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">{t('sandbox.otp')}</th>
                  <th scope="col">{t('disputes.payment')}</th>
                  <th scope="col">{t('sandbox.sent')}</th>
                </tr>
              </thead>
              <tbody>
                {sms.map((m) => (
                  <tr key={`${m.payment_id}-${m.sent_at}`}>
                    <td data-label={t('sandbox.otp')}>
                      <Mono>{m.otp}</Mono>
                    </td>
                    <td data-label={t('disputes.payment')}>
                      <Mono>{m.payment_id}</Mono>
                    </td>
                    <td data-label={t('sandbox.sent')}>{date(m.sent_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <Empty message={t('common.none.sms')} />
          )}
        </section>
        <section className="card-panel" aria-labelledby="sim-h">
          <h2 id="sim-h">{t('sandbox.simulate')}</h2>
          <p className="muted">{t('sandbox.simulateIntro')}</p>
          {canMoveMoney(role) ? (
            <form className="form" onSubmit={simulate}>
              <label className="field">
                <span>{t('sandbox.paymentId')}</span>
                <input required value={paymentId} onChange={(e) => setPaymentId(e.target.value)} />
              </label>
              <label className="field">
                <span>{t('sandbox.outcome')}</span>
                <select value={outcome} onChange={(e) => setOutcome(e.target.value as typeof outcome)}>
                  {OUTCOMES.map((o) => (
                    <option key={o} value={o}>
                      {t(`sandbox.outcome.${o}`)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="button primary">
                {t('sandbox.run')}
              </button>
            </form>
          ) : (
            <p className="note">{t('common.forbidden')}</p>
          )}
          {simulateProblem ? (
            <div className="alert alert-error" role="alert">
              <p>{simulateProblem}</p>
            </div>
          ) : null}
          {result ? (
            <p className="alert alert-ok" role="status">
              <Badge value={result.transaction.status} />{' '}
              {t('sandbox.result', { status: status(result.transaction.status), detail: status(result.transaction.status_detail) })}
            </p>
          ) : null}
        </section>
      </div>
      <section className="section" aria-labelledby="cards-h">
        <h2 id="cards-h">{t('sandbox.cards')}</h2>
        <div className="table-wrap" tabIndex={0}>
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">{t('sandbox.number')}</th>
                <th scope="col">{t('sandbox.brand')}</th>
                <th scope="col">{t('sandbox.does')}</th>
              </tr>
            </thead>
            <tbody>
              {SANDBOX_CARDS.map((c) => (
                <tr key={c.number}>
                  <td data-label={t('sandbox.number')}>
                    <Mono>{c.number}</Mono>
                  </td>
                  <td data-label={t('sandbox.brand')}>{c.brand}</td>
                  <td data-label={t('sandbox.does')}>{language === 'es' ? c.es : c.en}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

/** The organization's test clock: its time, how far ahead of the real time, and a form that advances it. */
function TestClock() {
  const { t, date } = useI18n();
  const { role, organizationId, refreshClock } = useSession();
  const clock = useLoad(() => gateway.sandbox.clock.retrieve(), [organizationId]);
  const [amount, setAmount] = useState('1');
  const [unit, setUnit] = useState<keyof typeof UNITS>('days');
  const [notice, setNotice] = useState('');
  const { busy, error, run } = useAction();
  const advance = (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    return run(async () => {
      const seconds = Math.round(Number(amount) * UNITS[unit]);
      const moved = await gateway.sandbox.clock.advance({ seconds });
      setNotice(t('sandbox.advanced', { time: date(moved.now), count: moved.ran.length }));
      clock.reload();
      refreshClock();
    });
  };
  return (
    <section className="card-panel" aria-labelledby="clock-h">
      <h2 id="clock-h">{t('sandbox.clock')}</h2>
      <p className="muted">{t('sandbox.clockIntro')}</p>
      <ErrorMessage error={clock.error} />
      {clock.data ? (
        <dl className="kv" data-testid="test-clock">
          <dt>{t('sandbox.clockNow')}</dt>
          <dd>
            <time dateTime={clock.data.now}>{date(clock.data.now)}</time>
          </dd>
          <dt>{t('sandbox.clockOffset')}</dt>
          <dd>{clock.data.offset_seconds > 0 ? duration(clock.data.offset_seconds) : t('sandbox.clockReal')}</dd>
        </dl>
      ) : clock.loading ? (
        <Loading />
      ) : null}
      {canMoveMoney(role) ? (
        <form className="row end clock-form" onSubmit={advance}>
          <label className="field narrow">
            <span>{t('sandbox.advanceBy')}</span>
            <input type="number" min="1" step="1" required value={amount} onChange={(e) => setAmount(e.target.value)} />
          </label>
          <label className="field narrow">
            <span>{t('sandbox.unit')}</span>
            <select value={unit} onChange={(e) => setUnit(e.target.value as keyof typeof UNITS)}>
              {(Object.keys(UNITS) as (keyof typeof UNITS)[]).map((u) => (
                <option key={u} value={u}>
                  {t(`sandbox.unit.${u}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button primary" disabled={busy}>
            {t('sandbox.advance')}
          </button>
        </form>
      ) : null}
      <ErrorMessage error={error} />
      {notice ? (
        <p className="alert alert-ok" role="status">
          {notice}
        </p>
      ) : null}
    </section>
  );
}
