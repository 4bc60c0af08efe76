import { useEffect, useState, type FormEvent } from 'react';
import { gateway, type Chargeback } from '../api';
import { useI18n, type Translator } from '../i18n';
import { Link } from '../router';
import { canMoveMoney, clockNow, useSession } from '../session';
import { Badge, ConfirmDialog, Empty, ErrorMessage, Loading, Mono, PageHeader, useAction, useLoad } from '../ui';

/** Time left until `iso`, in the largest two units. */
function countdown(iso: string, now: number, t: Translator['t']): string {
  let seconds = Math.floor((Date.parse(iso) - now) / 1000);
  if (seconds <= 0) return t('disputes.overdue');
  const days = Math.floor(seconds / 86400);
  seconds -= days * 86400;
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  const text = days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min ${seconds % 60} s`;
  return t('disputes.left', { time: text });
}

/** Now on the organization's clock (its sandbox test clock moves deadlines closer), ticking every second. */
function useNow(): number {
  const session = useSession();
  const [now, setNow] = useState(() => clockNow(session));
  useEffect(() => {
    setNow(clockNow(session));
    const timer = window.setInterval(() => setNow(clockNow(session)), 1000);
    return () => window.clearInterval(timer);
  }, [session.clockOffsetSeconds]);
  return now;
}

export function Disputes() {
  const { t, money, date, reason } = useI18n();
  const { role } = useSession();
  const now = useNow();
  const list = useLoad(async () => {
    const page = await gateway.chargebacks.list({ limit: 100 });
    // The queue: open ones by respond_by, soonest first; then the rest, newest first.
    return [...page.data].sort((a, b) => {
      const ao = a.status === 'OPEN' ? 0 : 1;
      const bo = b.status === 'OPEN' ? 0 : 1;
      if (ao !== bo) return ao - bo;
      return ao === 0 ? Date.parse(a.respond_by) - Date.parse(b.respond_by) : Date.parse(b.updated_at) - Date.parse(a.updated_at);
    });
  }, []);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('disputes.title')} />
      <p className="lead">{t('disputes.intro')}</p>
      <ErrorMessage error={list.error} />
      {list.loading && !list.data ? (
        <Loading />
      ) : list.data?.length ? (
        <ul className="dispute-list">
          {list.data.map((c) => (
            <li key={c.id} className="card-panel dispute" data-chargeback-id={c.id}>
              <div className="dispute-head">
                <div>
                  <p className="dispute-amount">
                    {money(c.amount, c.currency)} <Badge value={c.status} />
                  </p>
                  <p className="muted">
                    {t('disputes.reason')}: {reason(c.reason_code, c.reason)}
                  </p>
                  <p className="muted">
                    {t('disputes.payment')}:{' '}
                    <Link to={`/payments/${c.payment_id}`}>
                      <Mono>{c.payment_id}</Mono>
                    </Link>
                  </p>
                </div>
                <div className="dispute-deadline">
                  {c.status === 'OPEN' ? (
                    <>
                      <p className="countdown" aria-live="off">
                        {countdown(c.respond_by, now, t)}
                      </p>
                      <p className="muted small">
                        {t('disputes.respondBy')} {date(c.respond_by)}
                      </p>
                    </>
                  ) : c.status === 'DISPUTED' ? (
                    <p className="muted small">
                      {t('disputes.decisionDue')} {date(c.decision_due_at)}
                    </p>
                  ) : null}
                  {c.status === 'OPEN' && canMoveMoney(role) ? (
                    <button type="button" className="button" aria-expanded={open === c.id} onClick={() => setOpen(open === c.id ? null : c.id)}>
                      {t('disputes.dispute')} / {t('disputes.accept')}
                    </button>
                  ) : null}
                </div>
              </div>
              {c.resolution ? (
                <p className="outcome">
                  <strong>{t('disputes.outcome')}:</strong> {c.resolution}
                </p>
              ) : null}
              {c.evidence ? (
                <p className="muted small">
                  {t('disputes.evidence')}: {c.evidence.text}
                </p>
              ) : null}
              {c.attachments.length ? (
                <p className="muted small">
                  {t('disputes.attachments')}: {c.attachments.map((a) => a.filename).join(', ')}
                </p>
              ) : null}
              {open === c.id ? (
                <Respond
                  chargeback={c}
                  onDone={() => {
                    setOpen(null);
                    list.reload();
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <Empty message={t('common.none.disputes')} />
      )}
    </>
  );
}

function Respond({ chargeback, onDone }: { chargeback: Chargeback; onDone: () => void }) {
  const { t, bytes } = useI18n();
  const [evidence, setEvidence] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [attachments, setAttachments] = useState(chargeback.attachments);
  const { busy, error, run } = useAction();
  const [accepting, setAccepting] = useState(false);

  const upload = () => {
    if (!file) return;
    run(async () => {
      const attachment = await gateway.chargebacks.attachments.upload(chargeback.id, file, file.name);
      setAttachments([...attachments, attachment]);
      setFile(null);
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await gateway.chargebacks.dispute(chargeback.id, { evidence });
      onDone();
    });
  };
  return (
    <form className="form respond" onSubmit={submit}>
      <label className="field">
        <span>{t('disputes.evidence')}</span>
        <textarea required rows={4} maxLength={20000} value={evidence} onChange={(e) => setEvidence(e.target.value)} />
      </label>
      <div className="row end">
        <label className="field">
          <span>{t('disputes.file')}</span>
          <input type="file" accept="application/pdf,image/png,image/jpeg,text/plain" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="button" className="button" disabled={!file || busy} onClick={upload}>
          {t('disputes.upload')}
        </button>
      </div>
      {attachments.length ? (
        <ul className="plain small" aria-label={t('disputes.attachments')}>
          {attachments.map((a) => (
            <li key={a.id}>
              📎 {a.filename} ({bytes(a.size)})
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorMessage error={error} />
      <div className="dialog-actions">
        <button type="button" className="button danger" onClick={() => setAccepting(true)}>
          {t('disputes.accept')}
        </button>
        <button type="submit" className="button primary" disabled={busy}>
          {t('disputes.submit')}
        </button>
      </div>
      <ConfirmDialog
        open={accepting}
        title={t('disputes.accept')}
        message={t('disputes.acceptConfirm')}
        confirmLabel={t('disputes.accept')}
        danger
        onClose={() => setAccepting(false)}
        onConfirm={async () => {
          await gateway.chargebacks.accept(chargeback.id);
          onDone();
        }}
      />
    </form>
  );
}
