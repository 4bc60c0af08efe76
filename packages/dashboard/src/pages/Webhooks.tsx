import { useState, type FormEvent } from 'react';
import { v1, type WebhookEndpoint } from '../api';
import { useI18n } from '../i18n';
import { EVENT_TYPES } from '../payments';
import { canMoveMoney, useSession } from '../session';
import { Badge, CopyButton, Dialog, Empty, ErrorMessage, Loading, Mono, PageHeader, useLoad } from '../ui';

export function Webhooks() {
  const { t } = useI18n();
  const { role } = useSession();
  const list = useLoad(() => v1('webhooks.list', 'GET', '/webhooks', { query: { limit: 100 } }), []);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const writer = canMoveMoney(role);
  const endpoints = list.data?.data ?? [];
  const current = endpoints.find((e) => e.id === selected) ?? endpoints[0];
  return (
    <>
      <PageHeader title={t('webhooks.title')}>
        {writer ? <button type="button" className="button primary" onClick={() => setEditing('new')}>{t('webhooks.new')}</button> : null}
      </PageHeader>
      <p className="note">{t('webhooks.testEvent')}</p>
      <ErrorMessage error={list.error} />
      {list.loading && !list.data ? <Loading /> : endpoints.length ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table>
              <thead><tr><th scope="col">URL</th><th scope="col">{t('webhooks.events')}</th><th scope="col">{t('common.status')}</th><th scope="col"><span className="visually-hidden">{t('common.actions')}</span></th></tr></thead>
              <tbody>
                {endpoints.map((endpoint) => (
                  <tr key={endpoint.id} aria-selected={current?.id === endpoint.id}>
                    <td className="truncate"><Mono>{endpoint.url}</Mono>{endpoint.description ? <small className="muted block">{endpoint.description}</small> : null}</td>
                    <td className="permissions-cell">{endpoint.events.join(', ')}</td>
                    <td><Badge value={endpoint.status} /></td>
                    <td className="row-actions">
                      <button type="button" className="button small" onClick={() => setSelected(endpoint.id)} aria-label={`${t('webhooks.deliveries')} ${endpoint.url}`}>{t('webhooks.deliveries')}</button>
                      {writer ? (
                        <>
                          <button type="button" className="button small" onClick={() => setEditing(endpoint)} aria-label={`${t('webhooks.edit')} ${endpoint.url}`}>{t('webhooks.edit')}</button>
                          <button
                            type="button"
                            className="button small"
                            onClick={async () => {
                              await v1('webhooks.update', 'PUT', `/webhooks/${endpoint.id}`, {
                                body: { url: endpoint.url, events: endpoint.events, ...(endpoint.description ? { description: endpoint.description } : {}), status: endpoint.status === 'enabled' ? 'disabled' : 'enabled' },
                              });
                              list.reload();
                            }}
                          >
                            {endpoint.status === 'enabled' ? t('webhooks.disable') : t('webhooks.enable')}
                          </button>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {current ? <Endpoint key={current.id} endpoint={current} /> : null}
        </>
      ) : <Empty />}
      {editing ? <EditEndpoint endpoint={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(e) => { setEditing(null); setSelected(e.id); list.reload(); }} /> : null}
    </>
  );
}

function Endpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, date } = useI18n();
  const { role } = useSession();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const deliveries = useLoad(() => v1('webhooks.deliveries.list', 'GET', `/webhooks/${endpoint.id}/deliveries`, { query: { limit: 50 } }), [endpoint.id]);
  const writer = canMoveMoney(role);
  return (
    <section className="section" aria-labelledby="endpoint-h">
      <h2 id="endpoint-h">{endpoint.url}</h2>
      {writer ? (
        <div className="secret-row">
          <button
            type="button"
            className="button"
            aria-expanded={secret !== null}
            onClick={async () => {
              if (secret !== null) return setSecret(null);
              setError(null);
              try {
                setSecret((await v1('webhooks.secret.retrieve', 'GET', `/webhooks/${endpoint.id}/secret`)).secret);
              } catch (e) {
                setError(e);
              }
            }}
          >
            {secret !== null ? t('webhooks.hide') : t('webhooks.reveal')}
          </button>
          {secret !== null ? <><span className="visually-hidden">{t('webhooks.secret')}</span><Mono>{secret}</Mono> <CopyButton text={secret} label={t('webhooks.secret')} /></> : null}
        </div>
      ) : null}
      <ErrorMessage error={error ?? deliveries.error} />
      {notice ? <p className="alert alert-ok" role="status">{notice}</p> : null}
      <h3>{t('webhooks.deliveries')}</h3>
      {deliveries.loading && !deliveries.data ? <Loading /> : deliveries.data?.data.length ? (
        <ul className="deliveries">
          {deliveries.data.data.map((d) => (
            <li key={d.id} className="delivery" data-event-id={d.event_id}>
              <div className="delivery-head">
                <span><Badge value={d.status} /> <strong>{d.event_type}</strong> <Mono>{d.event_id}</Mono></span>
                <span className="muted small">{date(d.created_at)}</span>
                {writer ? (
                  <button
                    type="button"
                    className="button small"
                    aria-label={`${t('webhooks.redeliver')} ${d.event_id}`}
                    onClick={async () => {
                      setError(null);
                      try {
                        await v1('events.redeliver', 'POST', `/events/${d.event_id}/redeliver`, { body: { endpoint_id: endpoint.id } });
                        setNotice(t('webhooks.redelivered'));
                        deliveries.reload();
                      } catch (e) {
                        setError(e);
                      }
                    }}
                  >
                    {t('webhooks.redeliver')}
                  </button>
                ) : null}
              </div>
              <ol className="attempts" aria-label={t('webhooks.attempts')}>
                {d.attempts.map((a) => (
                  <li key={a.attempt}>
                    {t('webhooks.attempt', { n: a.attempt, status: a.status_code ?? t('webhooks.noResponse'), ms: a.duration_ms })}
                    {a.error ? <span className="muted"> · {a.error}</span> : null} <span className="muted small">{date(a.created_at)}</span>
                  </li>
                ))}
                {d.next_attempt_at ? <li className="muted">{t('webhooks.nextAttempt')}: {date(d.next_attempt_at)}</li> : null}
              </ol>
            </li>
          ))}
        </ul>
      ) : <Empty />}
    </section>
  );
}

function EditEndpoint({ endpoint, onClose, onSaved }: { endpoint: WebhookEndpoint | null; onClose: () => void; onSaved: (e: WebhookEndpoint) => void }) {
  const { t } = useI18n();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<Set<string>>(new Set(endpoint?.events ?? ['*']));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const all = events.has('*');
  const toggle = (type: string, on: boolean) => {
    const next = new Set(events);
    next.delete('*');
    if (on) next.add(type);
    else next.delete(type);
    setEvents(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body = { url: url.trim(), events: [...events], ...(description ? { description } : {}), ...(endpoint ? { status: endpoint.status } : {}) };
    try {
      onSaved(endpoint ? await v1('webhooks.update', 'PUT', `/webhooks/${endpoint.id}`, { body }) : await v1('webhooks.create', 'POST', '/webhooks', { body }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open title={endpoint ? t('webhooks.edit') : t('webhooks.new')} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field"><span>{t('webhooks.url')}</span><input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" /></label>
        <label className="field"><span>{t('webhooks.description')}</span><input maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} /></label>
        <fieldset className="permission-group">
          <legend>{t('webhooks.events')}</legend>
          <label className="check strong"><input type="checkbox" checked={all} onChange={(e) => setEvents(new Set(e.target.checked ? ['*'] : []))} /> <span>{t('webhooks.allEvents')}</span></label>
          <div className="event-grid">
            {EVENT_TYPES.map((type) => (
              <label key={type} className="check"><input type="checkbox" disabled={all} checked={all || events.has(type)} onChange={(e) => toggle(type, e.target.checked)} /> <span><Mono>{type}</Mono></span></label>
            ))}
          </div>
        </fieldset>
        <ErrorMessage error={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>{t('common.cancel')}</button>
          <button type="submit" className="button primary" disabled={busy || events.size === 0}>{t('common.save')}</button>
        </div>
      </form>
    </Dialog>
  );
}
