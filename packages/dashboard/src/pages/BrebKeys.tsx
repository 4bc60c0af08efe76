/**
 * The organization's Bre-B keys (docs/sandbox.md "Bre-B"): list, register
 * (the API's field errors beside their fields), verify in the sandbox, remove.
 * At most four keys count (pending and active); "Add key" is off at four.
 * Every call goes through the typed client (`gateway.breB.keys...`).
 */
import { useState, type FormEvent } from 'react';
import { PasarelaError, type ListItem, type RequestBody } from '@pasarela/client';
import { gateway } from '../api';
import { useI18n, type MessageKey } from '../i18n';
import { canMoveMoney, useSession } from '../session';
import { Badge, ConfirmDialog, CopyButton, Dialog, Empty, ErrorMessage, Loading, Mono, PageHeader, useAction, useLoad } from '../ui';
import { QrCode } from '../qr';

type BrebKey = ListItem<'breB.keys.list'>;
type KeyType = BrebKey['type'];

/** As many keys count per organization (the API's limit; a fifth is 409 breb_key_limit_reached). */
export const MAX_BREB_KEYS = 4;
const TYPES: readonly KeyType[] = ['mobile', 'email', 'alphanumeric', 'id_number', 'merchant_code'];
const EXAMPLES: Record<KeyType, string> = {
  mobile: '3001234567',
  email: 'ventas@tienda.example',
  alphanumeric: '@TIENDA7',
  id_number: '1020304050',
  merchant_code: '0012345678',
};
/** The API's error codes this page says in the page's language. */
const CODES: Record<string, MessageKey> = {
  breb_key_limit_reached: 'breb.error.limit',
  breb_key_already_registered: 'breb.error.already',
  breb_key_moved: 'breb.error.moved',
  not_found: 'breb.error.notFound',
  forbidden: 'common.forbidden',
};

const counts = (key: BrebKey) => key.status !== 'moved';

export function BrebKeys() {
  const { t, date, status } = useI18n();
  const { role, sandbox } = useSession();
  const writer = canMoveMoney(role);
  const list = useLoad(() => gateway.breB.keys.list(), []);
  const keys = list.data?.data ?? [];
  const used = keys.filter(counts).length;
  const full = used >= MAX_BREB_KEYS;
  const [removing, setRemoving] = useState<BrebKey | null>(null);
  const [notice, setNotice] = useState('');
  /** The static QR of an active key, for amounts the payer types (GET /v1/bre-b/keys/{id}/qr). */
  const [qr, setQr] = useState<{ key: string; content: string } | null>(null);
  const showQr = useAction();
  const verify = useAction();

  return (
    <>
      <PageHeader title={t('breb.title')} />
      <p className="note">{t('breb.intro')}</p>
      <p className="muted" id="breb-count">
        {t('breb.count', { used, max: MAX_BREB_KEYS })}
      </p>
      <KnownError error={list.error ?? verify.error ?? showQr.error} />
      {notice ? (
        <p className="alert alert-ok" role="status">
          {notice}
        </p>
      ) : null}
      {list.loading && !list.data ? (
        <Loading />
      ) : keys.length ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="page-title">
          <table className="stack">
            <thead>
              <tr>
                <th scope="col">{t('common.type')}</th>
                <th scope="col">{t('breb.key')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('common.created')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} data-key={key.value}>
                  <td data-label={t('common.type')}>{t(`breb.type.${key.type}`)}</td>
                  <td className="wrap" data-label={t('breb.key')}>
                    <Mono>{key.value}</Mono>
                  </td>
                  <td data-label={t('common.status')}>
                    <Badge value={key.status} />
                  </td>
                  <td data-label={t('common.created')}>{date(key.created_at)}</td>
                  <td className="row-actions">
                    {key.status === 'active' ? (
                      <button
                        type="button"
                        className="button small"
                        disabled={showQr.busy}
                        aria-label={t('breb.showQrOf', { key: key.value })}
                        onClick={() =>
                          showQr.run(async () => {
                            const code = await gateway.breB.keys.qr.retrieve(key.id);
                            setQr({ key: code.key, content: code.content });
                          })
                        }
                      >
                        {t('breb.showQr')}
                      </button>
                    ) : null}
                    {writer ? (
                      <>
                        {sandbox === true && key.status === 'pending_verification' ? (
                          <button
                            type="button"
                            className="button small"
                            disabled={verify.busy}
                            aria-label={t('breb.verifyKey', { key: key.value })}
                            onClick={() =>
                              verify.run(async () => {
                                setNotice('');
                                const verified = await gateway.sandbox.breB.keys.verify(key.id);
                                setNotice(t('breb.verified', { key: verified.value, status: status(verified.status) }));
                                list.reload();
                              })
                            }
                          >
                            {t('breb.verify')}
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="button small danger"
                          aria-label={t('breb.removeKey', { key: key.value })}
                          onClick={() => setRemoving(key)}
                        >
                          {t('breb.remove')}
                        </button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : list.data ? (
        <Empty message={t('breb.none')} />
      ) : null}
      {writer ? (
        <Register
          full={full}
          onRegistered={(key) => {
            setNotice(t('breb.registered', { key: key.value }));
            list.reload();
          }}
          onRefused={() => {
            setNotice('');
            // Someone else changed the keys meanwhile (a fifth key, the same value): show the list as it is now.
            list.reload();
          }}
        />
      ) : (
        <p className="note">{t('breb.readOnly')}</p>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('breb.removeTitle', { key: removing?.value ?? '' })}
        message={t('breb.removeMessage')}
        confirmLabel={t('breb.removeConfirm')}
        cancelLabel={t('breb.keep')}
        danger
        onConfirm={async () => {
          if (!removing) return;
          try {
            await gateway.breB.keys.delete(removing.id);
          } catch (e) {
            throw localized(e, t);
          }
          setNotice(t('breb.removed', { key: removing.value }));
          list.reload();
        }}
        onClose={() => setRemoving(null)}
      />
      <Dialog open={qr !== null} title={t('breb.qrTitle', { key: qr?.key ?? '' })} onClose={() => setQr(null)}>
        {qr ? (
          <div className="qr-box">
            <QrCode text={qr.content} label={t('breb.qrOf', { key: qr.key })} />
            <p>{t('breb.qrLead')}</p>
            <p className="break">
              <Mono>{qr.content}</Mono>
            </p>
            <div className="dialog-actions">
              <CopyButton text={qr.content} label={t('breb.qrPayload')} />
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

function Register({ full, onRegistered, onRefused }: { full: boolean; onRegistered: (key: BrebKey) => void; onRefused: () => void }) {
  const { t } = useI18n();
  const [type, setType] = useState<KeyType>('mobile');
  const [value, setValue] = useState('');
  const action = useAction();
  const fields = action.error instanceof PasarelaError ? new Set(action.error.details.map((d) => d.field)) : new Set<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.run(async () => {
      const body: RequestBody<'breB.keys.create'> = { type, value };
      try {
        const key = await gateway.breB.keys.create(body);
        setValue('');
        onRegistered(key);
      } catch (error) {
        if (error instanceof PasarelaError && error.status === 409) onRefused();
        throw error;
      }
    });
  };
  // Field errors go beside their fields; any other failure above the form.
  const general = action.error && !(action.error instanceof PasarelaError && action.error.status === 422) ? action.error : null;
  return (
    <section className="section card-panel" aria-labelledby="breb-add-h">
      <h2 id="breb-add-h">{t('breb.add')}</h2>
      {full ? (
        <p className="alert alert-warn" id="breb-full">
          {t('breb.full', { max: MAX_BREB_KEYS })}
        </p>
      ) : null}
      <KnownError error={general} />
      <form className="row end" onSubmit={submit} noValidate>
        <div className="field narrow">
          <label className="field-label" htmlFor="breb-type">
            {t('common.type')}
          </label>
          <select
            id="breb-type"
            value={type}
            onChange={(e) => setType(e.target.value as KeyType)}
            aria-invalid={fields.has('type') || undefined}
            aria-describedby={fields.has('type') ? 'breb-type-error' : undefined}
          >
            {TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`breb.type.${option}`)}
              </option>
            ))}
          </select>
          {fields.has('type') ? (
            <span className="field-error" id="breb-type-error" role="alert">
              {t('breb.error.type')}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label className="field-label" htmlFor="breb-value">
            {t('breb.key')}
          </label>
          <input
            id="breb-value"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={EXAMPLES[type]}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fields.has('value') || undefined}
            aria-describedby={fields.has('value') ? 'breb-value-error breb-rule' : 'breb-rule'}
          />
          <small className="muted" id="breb-rule">
            {t(`breb.rule.${type}`)}
          </small>
          {fields.has('value') ? (
            <span className="field-error" id="breb-value-error" role="alert">
              {t('breb.error.value', { rule: t(`breb.rule.${type}`) })}
            </span>
          ) : null}
        </div>
        <button type="submit" className="button primary" disabled={full || action.busy} aria-describedby={full ? 'breb-full' : undefined}>
          {t('breb.addButton')}
        </button>
      </form>
    </section>
  );
}

/** The API's error in the page's language when this page knows its code; any other as the API says it. */
function KnownError({ error }: { error: unknown }) {
  const { t } = useI18n();
  return <ErrorMessage error={localized(error, t)} />;
}

function localized(error: unknown, t: (key: MessageKey) => string): unknown {
  if (!(error instanceof PasarelaError)) return error;
  const key = CODES[error.code];
  return key ? new Error(t(key)) : error;
}
