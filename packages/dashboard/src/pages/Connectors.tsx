import { useState, type FormEvent } from 'react';
import { gateway, type ResponseBody } from '../api';
import { useI18n } from '../i18n';
import { canMoveMoney, useSession } from '../session';
import { Badge, Dialog, Empty, ErrorMessage, Loading, Mono, PageHeader, useAction, useLoad } from '../ui';

type Account = ResponseBody<'connectorAccounts.list'>['data'][number];
type Connector = ResponseBody<'connectors.list'>['data'][number];
type Rule = ResponseBody<'routing.retrieve'>['rules'][number];

/** A rule for one method family, optionally some currencies, to the accounts ticked, in the order shown. */
function NewRule({ accounts, busy, onAdd }: { accounts: Account[]; busy: boolean; onAdd: (rule: Rule) => void }) {
  const { t } = useI18n();
  const [family, setFamily] = useState<'card' | 'rail'>('card');
  const [currencies, setCurrencies] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const codes = currencies
      .split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean);
    onAdd({ method_family: family, ...(codes.length ? { currencies: codes } : {}), connector_accounts: chosen });
    setChosen([]);
    setCurrencies('');
  };
  return (
    <form className="form" onSubmit={submit}>
      <h3>{t('connectors.newRule')}</h3>
      <label className="field">
        <span>{t('connectors.family')}</span>
        <select value={family} onChange={(e) => setFamily(e.target.value as 'card' | 'rail')}>
          <option value="card">card</option>
          <option value="rail">rail</option>
        </select>
      </label>
      <label className="field">
        <span>{t('connectors.currencies')}</span>
        <input value={currencies} onChange={(e) => setCurrencies(e.target.value)} placeholder="USD, COP" />
      </label>
      <fieldset className="permission-group">
        <legend>{t('connectors.ruleAccounts')}</legend>
        {accounts.map((account) => (
          <label key={account.id} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(account.id)}
              onChange={(e) => setChosen(e.target.checked ? [...chosen, account.id] : chosen.filter((id) => id !== account.id))}
            />{' '}
            <span>
              {account.connector} · <Mono>{account.id}</Mono>
            </span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button primary" disabled={busy || chosen.length === 0}>
        {t('connectors.addRule')}
      </button>
    </form>
  );
}

/**
 * The organization's connector accounts (GET /v1/connector-accounts): which
 * processor, its description and id, enabled or not, created when; the
 * credentials' field names only, never their values. A writer (owner,
 * developer: `connector-accounts:write`) adds one, disables or enables it and
 * rotates its credentials; everyone reads the routing rules.
 */
export function Connectors() {
  const { t, date } = useI18n();
  const { role } = useSession();
  const writer = canMoveMoney(role);
  const accounts = useLoad(() => gateway.connectorAccounts.list({ limit: 100 }), []);
  const connectors = useLoad(() => gateway.connectors.list(), []);
  const routing = useLoad(() => gateway.routing.retrieve(), []);
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const toggle = useAction();
  const rules = useAction();
  const list = accounts.data?.data ?? [];
  // PUT /v1/routing replaces the rules whole: the ones shown, less a deleted one or plus a new one.
  const saveRules = async (next: Rule[]) => {
    await gateway.routing.update({ rules: next });
    routing.reload();
  };
  return (
    <>
      <PageHeader title={t('connectors.title')}>
        {writer ? (
          <button type="button" className="button primary" onClick={() => setEditing('new')} disabled={!connectors.data}>
            {t('connectors.new')}
          </button>
        ) : null}
      </PageHeader>
      <p className="note">{t('connectors.note')}</p>
      <ErrorMessage error={accounts.error ?? toggle.error ?? connectors.error} />
      {accounts.loading && !accounts.data ? (
        <Loading />
      ) : list.length ? (
        <div className="table-wrap" tabIndex={0}>
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">{t('connectors.connector')}</th>
                <th scope="col">{t('connectors.account')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('connectors.credentials')}</th>
                <th scope="col">{t('connectors.created')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((account) => (
                <tr key={account.id}>
                  <td data-label={t('connectors.connector')}>{account.connector}</td>
                  <td className="wrap" data-label={t('connectors.account')}>
                    {account.description ? <span className="block">{account.description}</span> : null}
                    <Mono>{account.id}</Mono>
                  </td>
                  <td data-label={t('common.status')}>
                    <Badge value={account.status} />
                  </td>
                  <td className="wrap" data-label={t('connectors.credentials')}>
                    {account.credentials.fields_set.join(', ')}
                    <small className="muted block">{t('connectors.rotated', { date: date(account.credentials.rotated_at) })}</small>
                  </td>
                  <td data-label={t('connectors.created')}>{date(account.created_at)}</td>
                  <td className="row-actions">
                    {writer ? (
                      <>
                        <button
                          type="button"
                          className="button small"
                          onClick={() => setEditing(account)}
                          disabled={!connectors.data}
                          aria-label={`${t('connectors.rotate')} ${account.id}`}
                        >
                          {t('connectors.rotate')}
                        </button>
                        <button
                          type="button"
                          className="button small"
                          disabled={toggle.busy}
                          aria-label={`${account.status === 'enabled' ? t('connectors.disable') : t('connectors.enable')} ${account.id}`}
                          onClick={() =>
                            toggle.run(async () => {
                              await gateway.connectorAccounts.update(account.id, { status: account.status === 'enabled' ? 'disabled' : 'enabled' });
                              accounts.reload();
                            })
                          }
                        >
                          {account.status === 'enabled' ? t('connectors.disable') : t('connectors.enable')}
                        </button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Empty message={t('connectors.none')} />
      )}
      <h2>{t('connectors.routing')}</h2>
      <ErrorMessage error={routing.error ?? rules.error} />
      {routing.data?.rules.length ? (
        <ol className="routing-rules">
          {routing.data.rules.map((rule, index) => (
            <li key={index}>
              <span>{rule.method_family ?? '*'}</span>
              {rule.currencies?.length ? <span> · {rule.currencies.join(', ')}</span> : null}
              {rule.card_brands?.length ? <span> · {rule.card_brands.join(', ')}</span> : null}
              <span> → </span>
              <Mono>{rule.connector_accounts.join(' → ')}</Mono>{' '}
              {writer ? (
                <button
                  type="button"
                  className="button small"
                  disabled={rules.busy}
                  aria-label={t('connectors.deleteRule', { n: String(index + 1) })}
                  onClick={() => rules.run(() => saveRules(routing.data!.rules.filter((_, i) => i !== index)))}
                >
                  {t('connectors.delete')}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : routing.data ? (
        <p className="note">{t('connectors.noRules')}</p>
      ) : null}
      {writer && routing.data && list.length ? (
        <NewRule accounts={list} busy={rules.busy} onAdd={(rule) => rules.run(() => saveRules([...routing.data!.rules, rule]))} />
      ) : null}
      {editing && connectors.data ? (
        <EditAccount
          account={editing === 'new' ? null : editing}
          connectors={connectors.data.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            accounts.reload();
          }}
        />
      ) : null}
    </>
  );
}

/** Adds an account (the connector and its credential fields), or rotates one's credentials (all of them, as PATCH asks). */
function EditAccount({
  account,
  connectors,
  onClose,
  onSaved,
}: {
  account: Account | null;
  connectors: Connector[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const [connectorId, setConnectorId] = useState(account?.connector ?? connectors[0]?.id ?? '');
  const [description, setDescription] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const { busy, error, run } = useAction();
  const connector = connectors.find((c) => c.id === connectorId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = Object.fromEntries(
      Object.entries(values).filter(([name, value]) => value !== '' && connector?.credentials.some((f) => f.name === name)),
    );
    return run(async () => {
      if (account) await gateway.connectorAccounts.update(account.id, { credentials });
      else await gateway.connectorAccounts.create({ connector: connectorId, credentials, ...(description ? { description } : {}) });
      onSaved();
    });
  };
  return (
    <Dialog open title={account ? `${t('connectors.rotate')} ${account.id}` : t('connectors.new')} onClose={onClose}>
      <form className="form" onSubmit={submit} autoComplete="off">
        {account ? null : (
          <>
            <label className="field">
              <span>{t('connectors.connector')}</span>
              <select value={connectorId} onChange={(e) => setConnectorId(e.target.value)}>
                {connectors.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.id}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('connectors.description')}</span>
              <input maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
            </label>
          </>
        )}
        {connector?.description ? <p className="note">{connector.description}</p> : null}
        {connector?.credentials.map((field) => (
          <label className="field" key={`${connectorId}.${field.name}`}>
            <span>
              <Mono>{field.name}</Mono>
              {field.required ? null : ` (${t('connectors.optional')})`}
            </span>
            <input
              type="password"
              autoComplete="new-password"
              required={field.required}
              value={values[field.name] ?? ''}
              onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
            />
            {field.description ? <small className="muted">{field.description}</small> : null}
          </label>
        ))}
        <ErrorMessage error={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy || !connector}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
