import { useState, type FormEvent } from 'react';
import { api, type ApiKey, type NewApiKey } from '../api';
import { useI18n } from '../i18n';
import { canManageKeys, useSession } from '../session';
import { Badge, ConfirmDialog, CopyButton, Dialog, Empty, ErrorMessage, Loading, Mono, PageHeader, useAction, useLoad } from '../ui';

export function ApiKeys() {
  const { t, date } = useI18n();
  const { role } = useSession();
  const keys = useLoad(() => api.keys(), []);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const allowed = canManageKeys(role);

  return (
    <>
      <PageHeader title={t('keys.title')}>
        {allowed ? (
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            {t('keys.new')}
          </button>
        ) : null}
      </PageHeader>
      <p className="lead">{t('keys.intro')}</p>
      {!allowed ? <p className="note">{t('keys.viewerNote')}</p> : null}
      <ErrorMessage error={keys.error} />
      {keys.loading && !keys.data ? (
        <Loading />
      ) : keys.data && keys.data.data.length ? (
        <div className="table-wrap" tabIndex={0}>
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">{t('keys.name')}</th>
                <th scope="col">{t('keys.clientId')}</th>
                <th scope="col">{t('keys.permissions')}</th>
                <th scope="col">{t('common.created')}</th>
                <th scope="col">{t('keys.lastUsed')}</th>
                <th scope="col">{t('common.status')}</th>
                {allowed ? (
                  <th scope="col">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((key) => (
                <tr key={key.client_id} data-client-id={key.client_id}>
                  <td data-label={t('keys.name')}>{key.name}</td>
                  <td data-label={t('keys.clientId')}>
                    <Mono>{key.client_id}</Mono>
                  </td>
                  <td className="permissions-cell" data-label={t('keys.permissions')}>
                    {key.permissions.join(', ')}
                  </td>
                  <td data-label={t('common.created')}>{date(key.created_at)}</td>
                  <td data-label={t('keys.lastUsed')}>{key.last_used_at ? date(key.last_used_at) : t('common.never')}</td>
                  <td data-label={t('common.status')}>
                    <Badge value={key.status} />
                  </td>
                  {allowed ? (
                    <td className="row-actions">
                      {key.status !== 'revoked' ? (
                        <button type="button" className="button small danger" onClick={() => setRevoking(key)} aria-label={`${t('keys.revoke')} ${key.name}`}>
                          {t('keys.revoke')}
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Empty />
      )}
      {creating ? (
        <CreateKey
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            keys.reload();
          }}
        />
      ) : null}
      <Dialog open={created !== null} title={t('keys.secretTitle')} onClose={() => setCreated(null)}>
        {created ? (
          <div className="secret-box">
            <div className="alert alert-warn" role="alert">
              <p>{t('keys.secretWarning')}</p>
            </div>
            <dl className="kv">
              <dt>{t('keys.clientId')}</dt>
              <dd>
                <Mono>{created.client_id}</Mono> <CopyButton text={created.client_id} label={t('keys.clientId')} />
              </dd>
              <dt>{t('keys.secret')}</dt>
              <dd>
                <Mono>
                  <span data-testid="client-secret">{created.client_secret}</span>
                </Mono>{' '}
                <CopyButton text={created.client_secret} label={t('keys.secret')} />
              </dd>
            </dl>
            <div className="dialog-actions">
              <button type="button" className="button primary" onClick={() => setCreated(null)}>
                {t('keys.done')}
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('keys.revoke')}
        message={revoking ? t('keys.revokeConfirm', { name: revoking.name }) : ''}
        confirmLabel={t('keys.revoke')}
        danger
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (revoking) await api.revokeKey(revoking.client_id);
          keys.reload();
        }}
      />
    </>
  );
}

/** Permissions that reach secrets (card numbers in clear): never part of "All of", each chosen on its own. */
const SENSITIVE: ReadonlySet<string> = new Set(['instruments:read-sensitive-data']);

function CreateKey({ onClose, onCreated }: { onClose: () => void; onCreated: (key: NewApiKey) => void }) {
  const { t } = useI18n();
  const groups = useLoad(() => api.permissions(), []);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState('');
  const { busy, error, run } = useAction();
  const toggle = (names: string[], on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      for (const n of names) {
        if (on) next.add(n);
        else next.delete(n);
      }
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size === 0) return setProblem(t('keys.pickOne'));
    setProblem('');
    run(async () => {
      onCreated(await api.createKey(name.trim(), [...chosen]));
    });
  };
  return (
    <Dialog open title={t('keys.new')} onClose={onClose}>
      <form onSubmit={submit} className="form">
        <label className="field">
          <span>{t('keys.name')}</span>
          <input required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <p className="field-label">{t('keys.permissions')}</p>
        {groups.loading ? <Loading /> : null}
        <ErrorMessage error={groups.error} />
        <div className="permission-groups">
          {groups.data?.data.map((group) => {
            // "All of" covers the group's ordinary permissions; a sensitive one is chosen on its own, never in bulk.
            const names = group.permissions.map((p) => p.name).filter((n) => !SENSITIVE.has(n));
            const sensitive = group.permissions.map((p) => p.name).filter((n) => SENSITIVE.has(n));
            const all = names.every((n) => chosen.has(n));
            return (
              <fieldset key={group.resource} className="permission-group">
                <legend>{group.resource}</legend>
                <label className="check strong">
                  <input type="checkbox" checked={all} onChange={(e) => toggle(names, e.target.checked)} />
                  <span>
                    {sensitive.length
                      ? t('keys.selectAllSafe', { resource: group.resource, sensitive: sensitive.join(', ') })
                      : t('keys.selectAll', { resource: group.resource })}
                  </span>
                </label>
                {group.permissions.map((p) => (
                  <label key={p.name} className="check">
                    <input type="checkbox" name="permission" value={p.name} checked={chosen.has(p.name)} onChange={(e) => toggle([p.name], e.target.checked)} />
                    <span>
                      <Mono>{p.name}</Mono>
                      <small className="muted block">{p.description}</small>
                      {SENSITIVE.has(p.name) ? <small className="sensitive block">{t('keys.sensitive')}</small> : null}
                    </span>
                  </label>
                ))}
              </fieldset>
            );
          })}
        </div>
        {problem ? (
          <div className="alert alert-error" role="alert">
            <p>{problem}</p>
          </div>
        ) : null}
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
