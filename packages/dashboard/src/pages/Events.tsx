import { useMemo, useState } from 'react';
import { gateway } from '../api';
import { useI18n } from '../i18n';
import { EVENT_TYPES } from '../payments';
import { Empty, ErrorMessage, Loading, Mono, PageHeader, Pager, useLoad } from '../ui';

export function Events() {
  const { t, date } = useI18n();
  const [type, setType] = useState<(typeof EVENT_TYPES)[number] | ''>('');
  const [text, setText] = useState('');
  const [cursor, setCursor] = useState<string[]>([]);
  const list = useLoad(() => gateway.events.list({ limit: 100, ...(type ? { type } : {}), starting_after: cursor[cursor.length - 1] }), [type, cursor]);
  const [open, setOpen] = useState<string | null>(null);
  const needle = text.trim().toLowerCase();
  const shown = useMemo(
    () =>
      (list.data?.data ?? []).filter(
        (e) => !needle || e.id.toLowerCase().includes(needle) || e.type.includes(needle) || JSON.stringify(e.data).toLowerCase().includes(needle),
      ),
    [list.data, needle],
  );
  return (
    <>
      <PageHeader title={t('events.title')} />
      <div className="filters" role="search">
        <label className="field">
          <span>{t('events.search')}</span>
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('events.typeFilter')}</span>
          <select
            value={type}
            onChange={(e) => {
              // One of the options: '' or an event type.
              setType(e.target.value as (typeof EVENT_TYPES)[number] | '');
              setCursor([]);
            }}
          >
            <option value="">{t('common.all')}</option>
            {EVENT_TYPES.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorMessage error={list.error} />
      {list.loading && !list.data ? (
        <Loading />
      ) : shown.length ? (
        <ul className="event-list">
          {shown.map((e) => (
            <li key={e.id} className="event-item">
              <button type="button" className="event-toggle" aria-expanded={open === e.id} onClick={() => setOpen(open === e.id ? null : e.id)}>
                <span className="event-type">{e.type}</span>
                <Mono>{e.id}</Mono>
                <time dateTime={e.time} className="muted">
                  {date(e.time)}
                </time>
              </button>
              {open === e.id ? (
                <pre className="payload" aria-label={t('events.payload')} tabIndex={0}>
                  {JSON.stringify(e, null, 2)}
                </pre>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <Empty />
      )}
      {list.data ? (
        <Pager
          hasMore={list.data.has_more}
          canGoBack={cursor.length > 0}
          onNext={() => setCursor([...cursor, list.data!.data[list.data!.data.length - 1]!.id])}
          onPrevious={() => setCursor(cursor.slice(0, -1))}
        />
      ) : null}
    </>
  );
}
