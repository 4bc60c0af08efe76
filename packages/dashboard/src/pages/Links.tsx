import { useState, type FormEvent } from 'react';
import { gateway, type Link as PaymentLink, type RequestBody } from '../api';
import { useI18n } from '../i18n';
import { canMoveMoney, useSession } from '../session';
import { QrCode } from '../qr';
import { Badge, CopyButton, Dialog, Empty, ErrorMessage, Loading, Mono, PageHeader, Pager, useAction, useLoad } from '../ui';

/** A link's `data` echoes its amount flat: currency, amount_type, amount (fixed) or min_amount and max_amount (custom). */
function linkAmount(link: PaymentLink, money: (a: string | number, c: string) => string): string {
  const data = link.data as { currency?: string; amount_type?: string; amount?: number | string; min_amount?: number | string; max_amount?: number | string };
  if (!data.currency) return '—';
  if (data.amount_type === 'custom') return `${money(data.min_amount ?? 0, data.currency)} – ${money(data.max_amount ?? 0, data.currency)}`;
  return money(data.amount ?? 0, data.currency);
}

export function Links() {
  const { t, date, money } = useI18n();
  const { role } = useSession();
  const [cursor, setCursor] = useState<string[]>([]);
  const list = useLoad(() => gateway.links.list({ type: 'payment', limit: 25, starting_after: cursor[cursor.length - 1] }), [cursor]);
  const [creating, setCreating] = useState(false);
  const [qr, setQr] = useState<PaymentLink | null>(null);
  return (
    <>
      <PageHeader title={t('links.title')}>
        {canMoveMoney(role) ? (
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            {t('links.new')}
          </button>
        ) : null}
      </PageHeader>
      <ErrorMessage error={list.error} />
      {list.loading && !list.data ? (
        <Loading />
      ) : list.data?.data.length ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="stack links-table">
              <thead>
                <tr>
                  <th scope="col">{t('links.description')}</th>
                  <th scope="col">{t('common.amount')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('links.uses')}</th>
                  <th scope="col">{t('links.expires')}</th>
                  <th scope="col">URL</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((link) => (
                  <tr key={link.id}>
                    <td data-label={t('links.description')} className="wrap">
                      {typeof link.data.description === 'string' && link.data.description ? (
                        link.data.description
                      ) : (
                        <span className="muted">{t('links.noDescription')}</span>
                      )}
                    </td>
                    <td className="num" data-label={t('common.amount')}>
                      {linkAmount(link, money)}
                    </td>
                    <td data-label={t('common.status')}>
                      <Badge value={link.status} />
                    </td>
                    <td data-label={t('links.uses')}>
                      {link.uses} / {link.max_uses}
                    </td>
                    <td data-label={t('links.expires')}>{date(link.expires_at)}</td>
                    <td className="truncate" data-label="URL">
                      <a href={link.url} target="_blank" rel="noreferrer">
                        <Mono>{link.id}</Mono>
                      </a>
                    </td>
                    <td className="row-actions">
                      <CopyButton text={link.url} label={link.id} />
                      <button type="button" className="button small" onClick={() => setQr(link)} aria-label={`${t('links.showQr')} ${link.id}`}>
                        {t('links.showQr')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            hasMore={list.data.has_more}
            canGoBack={cursor.length > 0}
            onNext={() => setCursor([...cursor, list.data!.data[list.data!.data.length - 1]!.id])}
            onPrevious={() => setCursor(cursor.slice(0, -1))}
          />
        </>
      ) : (
        <Empty message={t('common.none.links')} />
      )}
      {creating ? (
        <CreateLink
          onClose={() => setCreating(false)}
          onCreated={(link) => {
            setCreating(false);
            setQr(link);
            list.reload();
          }}
        />
      ) : null}
      <Dialog open={qr !== null} title={t('links.qr')} onClose={() => setQr(null)}>
        {qr ? (
          <div className="qr-box">
            <QrCode text={qr.url} label={t('links.qrOf', { url: qr.url })} />
            <p className="break">
              <Mono>{qr.url}</Mono>
            </p>
            <div className="dialog-actions">
              <CopyButton text={qr.url} label="URL" />
              <button type="button" className="button primary" onClick={() => setQr(null)}>
                {t('common.close')}
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}

function CreateLink({ onClose, onCreated }: { onClose: () => void; onCreated: (link: PaymentLink) => void }) {
  const { t } = useI18n();
  const [kind, setKind] = useState<'fixed' | 'custom'>('fixed');
  const [currency, setCurrency] = useState('COP');
  const [value, setValue] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [uses, setUses] = useState('1');
  const [hours, setHours] = useState('12');
  const [description, setDescription] = useState('');
  const [redirectUrl, setRedirectUrl] = useState('');
  const [cancelUrl, setCancelUrl] = useState('');
  const { busy, error, run } = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const maxUses = Math.max(1, Number(uses) || 1);
    const amount =
      kind === 'fixed'
        ? { type: 'fixed' as const, currency, value }
        : { type: 'custom' as const, currency, ...(min ? { min_amount: min } : {}), max_amount: max };
    const body = {
      type: 'payment',
      expires_in: Math.round(Number(hours) * 3600),
      ...(maxUses > 1 ? { multi_use: true, max_uses: maxUses } : {}),
      data: {
        amount,
        ...(description ? { description } : {}),
        ...(redirectUrl.trim() ? { redirect_url: redirectUrl.trim() } : {}),
        ...(cancelUrl.trim() ? { cancel_url: cancelUrl.trim() } : {}),
      },
    } as RequestBody<'links.create'>;
    return run(async () => onCreated(await gateway.links.create(body)));
  };
  return (
    <Dialog open title={t('links.new')} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <fieldset className="radio-row">
          <legend>{t('links.amountType')}</legend>
          <label className="check">
            <input type="radio" name="kind" checked={kind === 'fixed'} onChange={() => setKind('fixed')} /> <span>{t('links.fixed')}</span>
          </label>
          <label className="check">
            <input type="radio" name="kind" checked={kind === 'custom'} onChange={() => setKind('custom')} /> <span>{t('links.custom')}</span>
          </label>
        </fieldset>
        <div className="row">
          <label className="field narrow">
            <span>{t('common.currency')}</span>
            <select value={currency} onChange={(e) => setCurrency(e.target.value)}>
              <option>COP</option>
              <option>USD</option>
              <option>CLP</option>
              <option>MXN</option>
              <option>PEN</option>
              <option>BRL</option>
            </select>
          </label>
          {kind === 'fixed' ? (
            <label className="field">
              <span>{t('links.value')}</span>
              <input inputMode="decimal" required value={value} onChange={(e) => setValue(e.target.value)} />
            </label>
          ) : (
            <>
              <label className="field">
                <span>{t('links.min')}</span>
                <input inputMode="decimal" value={min} onChange={(e) => setMin(e.target.value)} />
              </label>
              <label className="field">
                <span>{t('links.max')}</span>
                <input inputMode="decimal" required value={max} onChange={(e) => setMax(e.target.value)} />
              </label>
            </>
          )}
        </div>
        <div className="row">
          <label className="field">
            <span>{t('links.maxUses')}</span>
            <input type="number" min="1" max="1000" value={uses} onChange={(e) => setUses(e.target.value)} />
          </label>
          <label className="field">
            <span>{t('links.expiresIn')}</span>
            <input type="number" min="0.1" max="24" step="any" value={hours} onChange={(e) => setHours(e.target.value)} />
          </label>
        </div>
        <label className="field">
          <span>{t('links.description')}</span>
          <input maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('links.redirectUrl')}</span>
          <input
            type="url"
            maxLength={2048}
            placeholder="https://"
            value={redirectUrl}
            onChange={(e) => setRedirectUrl(e.target.value)}
            aria-describedby="redirect-hint"
          />
          <small id="redirect-hint" className="muted">
            {t('links.redirectHint')}
          </small>
        </label>
        <label className="field">
          <span>{t('links.cancelUrl')}</span>
          <input
            type="url"
            maxLength={2048}
            placeholder="https://"
            value={cancelUrl}
            onChange={(e) => setCancelUrl(e.target.value)}
            aria-describedby="cancel-hint"
          />
          <small id="cancel-hint" className="muted">
            {t('links.cancelHint')}
          </small>
        </label>
        <ErrorMessage error={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {t('common.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
