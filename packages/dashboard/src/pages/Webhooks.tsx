import { useEffect, useState, type FormEvent } from 'react';
import { gateway, type ResponseBody, type WebhookEndpoint } from '../api';
import { useI18n } from '../i18n';
import { EVENT_TYPES } from '../payments';
import { canMoveMoney, useSession } from '../session';
import { Badge, CopyButton, Dialog, Empty, ErrorMessage, Loading, Mono, PageHeader, useAction, useLoad } from '../ui';

type Attempt = ResponseBody<'webhooks.deliveries.list'>['data'][number]['attempts'][number];

export function Webhooks() {
  const { t } = useI18n();
  const { role } = useSession();
  const list = useLoad(() => gateway.webhooks.list({ limit: 100 }), []);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const toggle = useAction();
  const writer = canMoveMoney(role);
  const endpoints = list.data?.data ?? [];
  const current = endpoints.find((e) => e.id === selected) ?? endpoints[0];
  return (
    <>
      <PageHeader title={t('webhooks.title')}>
        {writer ? (
          <button type="button" className="button primary" onClick={() => setEditing('new')}>
            {t('webhooks.new')}
          </button>
        ) : null}
      </PageHeader>
      <p className="note">{t('webhooks.testEvent')}</p>
      <ErrorMessage error={list.error ?? toggle.error} />
      {list.loading && !list.data ? (
        <Loading />
      ) : endpoints.length ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">URL</th>
                  <th scope="col">{t('webhooks.events')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {endpoints.map((endpoint) => (
                  <tr key={endpoint.id} aria-selected={current?.id === endpoint.id}>
                    <td className="wrap" data-label="URL">
                      <Mono>{endpoint.url}</Mono>
                      {endpoint.description ? <small className="muted block">{endpoint.description}</small> : null}
                    </td>
                    <td className="permissions-cell" data-label={t('webhooks.events')}>
                      {endpoint.events.join(', ')}
                    </td>
                    <td data-label={t('common.status')}>
                      <Badge value={endpoint.status} />
                    </td>
                    <td className="row-actions">
                      <button
                        type="button"
                        className="button small"
                        onClick={() => setSelected(endpoint.id)}
                        aria-label={`${t('webhooks.deliveries')} ${endpoint.url}`}
                      >
                        {t('webhooks.deliveries')}
                      </button>
                      {writer ? (
                        <>
                          <button
                            type="button"
                            className="button small"
                            onClick={() => setEditing(endpoint)}
                            aria-label={`${t('webhooks.edit')} ${endpoint.url}`}
                          >
                            {t('webhooks.edit')}
                          </button>
                          <button
                            type="button"
                            className="button small"
                            disabled={toggle.busy}
                            onClick={() =>
                              toggle.run(async () => {
                                await gateway.webhooks.update(endpoint.id, {
                                  url: endpoint.url,
                                  events: endpoint.events,
                                  ...(endpoint.description ? { description: endpoint.description } : {}),
                                  status: endpoint.status === 'enabled' ? 'disabled' : 'enabled',
                                });
                                list.reload();
                              })
                            }
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
      ) : (
        <Empty message={t('common.none.endpoints')} />
      )}
      {editing ? (
        <EditEndpoint
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(e) => {
            setEditing(null);
            setSelected(e.id);
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}

/** How often, and how many times, the log is read again while a test event's delivery is pending. */
const WATCH_MS = 1000;
const WATCH_TIMES = 20;

function Endpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, date } = useI18n();
  const { role } = useSession();
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  // The delivery of a test event or a redelivery, followed until it is no longer pending.
  const [watched, setWatched] = useState<{ id: string; left: number } | null>(null);
  const action = useAction();
  const deliveries = useLoad(() => gateway.webhooks.deliveries.list(endpoint.id, { limit: 50 }), [endpoint.id]);
  const writer = canMoveMoney(role);
  const watchedDelivery = watched ? deliveries.data?.data.find((d) => d.id === watched.id) : undefined;
  useEffect(() => {
    if (!watched || deliveries.loading) return;
    if ((watchedDelivery && watchedDelivery.status !== 'pending') || watched.left <= 0) return;
    const timer = window.setTimeout(() => {
      setWatched({ id: watched.id, left: watched.left - 1 });
      deliveries.reload();
    }, WATCH_MS);
    return () => window.clearTimeout(timer);
  }, [watched, deliveries.loading, watchedDelivery?.status]);
  return (
    <section className="section" aria-labelledby="endpoint-h">
      <h2 id="endpoint-h">{endpoint.url}</h2>
      {writer ? (
        <div className="secret-row">
          <button
            type="button"
            className="button"
            aria-expanded={secret !== null}
            onClick={() =>
              secret !== null ? setSecret(null) : action.run(async () => setSecret((await gateway.webhooks.secret.retrieve(endpoint.id)).secret))
            }
          >
            {secret !== null ? t('webhooks.hide') : t('webhooks.reveal')}
          </button>
          {secret !== null ? (
            <>
              <span className="visually-hidden">{t('webhooks.secret')}</span>
              <Mono>{secret}</Mono> <CopyButton text={secret} label={t('webhooks.secret')} />
            </>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={action.busy || endpoint.status !== 'enabled'}
            onClick={() =>
              action.run(async () => {
                const sent = await gateway.webhooks.test(endpoint.id);
                setNotice(t('webhooks.testSent', { id: sent.event.id }));
                setWatched({ id: sent.delivery_id, left: WATCH_TIMES });
                deliveries.reload();
              })
            }
          >
            {t('webhooks.sendTest')}
          </button>
        </div>
      ) : null}
      <ErrorMessage error={action.error ?? deliveries.error} />
      {notice ? (
        <p className="alert alert-ok" role="status">
          {notice}
        </p>
      ) : null}
      <h3>{t('webhooks.deliveries')}</h3>
      {deliveries.loading && !deliveries.data ? (
        <Loading />
      ) : deliveries.data?.data.length ? (
        <ul className="deliveries">
          {deliveries.data.data.map((d) => (
            <li key={d.id} className={d.id === watched?.id ? 'delivery delivery-watched' : 'delivery'} data-event-id={d.event_id} data-delivery-id={d.id}>
              <div className="delivery-head">
                <span>
                  <Badge value={d.status} /> <strong>{d.event_type}</strong> <Mono>{d.event_id}</Mono>
                </span>
                <span className="muted small">{date(d.created_at)}</span>
                {writer ? (
                  <button
                    type="button"
                    className="button small"
                    aria-label={`${t('webhooks.redeliver')} ${d.event_id}`}
                    disabled={action.busy}
                    onClick={() =>
                      action.run(async () => {
                        const sent = await gateway.events.redeliver(d.event_id, { endpoint_id: endpoint.id });
                        setNotice(t('webhooks.redelivered'));
                        // The new delivery, followed until it is no longer pending (like a test event's).
                        if (sent.deliveries[0]) setWatched({ id: sent.deliveries[0], left: WATCH_TIMES });
                        deliveries.reload();
                      })
                    }
                  >
                    {t('webhooks.redeliver')}
                  </button>
                ) : null}
              </div>
              <ol className="attempts" aria-label={t('webhooks.attempts')}>
                {d.attempts.map((a) => (
                  <AttemptItem key={a.attempt} attempt={a} />
                ))}
                {d.next_attempt_at ? (
                  <li className="muted">
                    {t('webhooks.nextAttempt')}: {date(d.next_attempt_at)}
                  </li>
                ) : null}
              </ol>
            </li>
          ))}
        </ul>
      ) : (
        <Empty message={t('common.none.deliveries')} />
      )}
    </section>
  );
}

/** One attempt: its outcome, and (expanded) the request sent and the response received. */
function AttemptItem({ attempt: a }: { attempt: Attempt }) {
  const { t, date } = useI18n();
  return (
    <li>
      <details className="attempt">
        <summary>
          {t('webhooks.attempt', { n: a.attempt, status: a.status_code ?? t('webhooks.noResponse'), ms: a.duration_ms })}
          {a.error ? <span className="muted"> · {a.error}</span> : null} <span className="muted small">{date(a.created_at)}</span>
        </summary>
        <div className="attempt-detail">
          <h4>{t('webhooks.request')}</h4>
          {a.request ? (
            <>
              <pre className="payload" aria-label={t('webhooks.requestHeaders')} tabIndex={0}>
                {Object.entries(a.request.headers)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join('\n')}
              </pre>
              <pre className="payload" aria-label={t('webhooks.requestBody')} tabIndex={0}>
                {pretty(a.request.body)}
              </pre>
            </>
          ) : (
            <p className="muted">{t('webhooks.notKept')}</p>
          )}
          <h4>{t('webhooks.response')}</h4>
          {a.response ? (
            <>
              <p>{t('webhooks.responseStatus', { status: a.response.status_code, ms: a.duration_ms })}</p>
              {a.response.body === null ? (
                <p className="muted">{t('webhooks.notKept')}</p>
              ) : (
                <pre className="payload" aria-label={t('webhooks.responseBody')} tabIndex={0}>
                  {a.response.body || t('webhooks.emptyBody')}
                </pre>
              )}
            </>
          ) : (
            <p className="muted">{a.error ?? t('webhooks.noResponse')}</p>
          )}
        </div>
      </details>
    </li>
  );
}

/** JSON indented when it is JSON; the text as it is otherwise. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** An event type an endpoint can subscribe to, or `*` (the document's closed list). */
type Subscription = WebhookEndpoint['events'][number];

function EditEndpoint({ endpoint, onClose, onSaved }: { endpoint: WebhookEndpoint | null; onClose: () => void; onSaved: (e: WebhookEndpoint) => void }) {
  const { t } = useI18n();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<Set<Subscription>>(new Set(endpoint?.events ?? ['*']));
  const { busy, error, run } = useAction();
  const all = events.has('*');
  const toggle = (type: Subscription, on: boolean) => {
    const next = new Set(events);
    next.delete('*');
    if (on) next.add(type);
    else next.delete(type);
    setEvents(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { url: url.trim(), events: [...events], ...(description ? { description } : {}), ...(endpoint ? { status: endpoint.status } : {}) };
    return run(async () => onSaved(endpoint ? await gateway.webhooks.update(endpoint.id, body) : await gateway.webhooks.create(body)));
  };
  return (
    <Dialog open title={endpoint ? t('webhooks.edit') : t('webhooks.new')} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span>{t('webhooks.url')}</span>
          <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />
        </label>
        <label className="field">
          <span>{t('webhooks.description')}</span>
          <input maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <fieldset className="permission-group">
          <legend>{t('webhooks.events')}</legend>
          <label className="check strong">
            <input type="checkbox" checked={all} onChange={(e) => setEvents(new Set<Subscription>(e.target.checked ? ['*'] : []))} />{' '}
            <span>{t('webhooks.allEvents')}</span>
          </label>
          <div className="event-grid">
            {EVENT_TYPES.map((type) => (
              <label key={type} className="check">
                <input type="checkbox" disabled={all} checked={all || events.has(type)} onChange={(e) => toggle(type, e.target.checked)} />{' '}
                <span>
                  <Mono>{type}</Mono>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <ErrorMessage error={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy || events.size === 0}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
