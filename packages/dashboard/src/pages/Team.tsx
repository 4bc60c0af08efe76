import { useState, type FormEvent } from 'react';
import { api, type Invitation, type Role } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { CopyButton, Empty, ErrorMessage, Loading, Mono, PageHeader, useLoad } from '../ui';

export function Team() {
  const { t, date } = useI18n();
  const { role } = useSession();
  const members = useLoad(() => api.members(), []);
  const pending = useLoad(() => (role === 'owner' ? api.invitations() : Promise.resolve({ data: [] })), [role]);
  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e);
    }
    members.reload();
    pending.reload();
  };
  const [inviteRole, setInviteRole] = useState<Role>('developer');
  const [email, setEmail] = useState('');
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const invite = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    api
      .invite(inviteRole, email.trim())
      .then(setInvitation, setError)
      .finally(() => pending.reload());
  };
  return (
    <>
      <PageHeader title={t('team.title')} />
      <ErrorMessage error={members.error} />
      {members.loading && !members.data ? (
        <Loading />
      ) : members.data?.data.length ? (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('team.email')}</th>
                <th scope="col">{t('team.role')}</th>
                <th scope="col">{t('common.created')}</th>
                <th scope="col">{t('team.lastSignIn')}</th>
                {role === 'owner' ? <th scope="col">{t('team.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {members.data.data.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.email}
                    {m.disabled_at ? (
                      <>
                        {' '}
                        <span className="muted">({t('team.disabled')})</span>
                      </>
                    ) : null}
                    {m.locked_until ? (
                      <span className="muted block" data-testid="locked-until">
                        <time dateTime={m.locked_until}>{t('team.lockedUntil', { time: date(m.locked_until) })}</time>
                      </span>
                    ) : null}
                  </td>
                  <td>
                    {role === 'owner' ? (
                      <select
                        aria-label={`${m.email}: ${t('team.role')}`}
                        value={m.role}
                        onChange={(e) => void act(() => api.updateMember(m.id, { role: e.target.value as Role }))}
                      >
                        <option value="owner">{t('role.owner')}</option>
                        <option value="developer">{t('role.developer')}</option>
                        <option value="viewer">{t('role.viewer')}</option>
                      </select>
                    ) : (
                      t(`role.${m.role}`)
                    )}
                  </td>
                  <td>{date(m.created_at)}</td>
                  <td>{m.last_sign_in_at ? date(m.last_sign_in_at) : t('common.never')}</td>
                  {role === 'owner' ? (
                    <td className="row">
                      <button type="button" className="button" onClick={() => void act(() => api.updateMember(m.id, { disabled: !m.disabled_at }))}>
                        {m.disabled_at ? t('team.enable') : t('team.disable')}
                      </button>
                      <button type="button" className="button" onClick={() => void act(() => api.endMemberSessions(m.id))}>
                        {t('team.signOut')}
                      </button>
                      <button
                        type="button"
                        className="button danger"
                        onClick={() => {
                          if (window.confirm(t('team.confirmRemove', { email: m.email }))) void act(() => api.removeMember(m.id));
                        }}
                      >
                        {t('team.remove')}
                      </button>
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
      <section className="section card-panel" aria-labelledby="invite-h">
        <h2 id="invite-h">{t('team.invite')}</h2>
        {role !== 'owner' ? (
          <p className="note">{t('team.ownersOnly')}</p>
        ) : (
          <>
            <form className="row end" onSubmit={invite}>
              <label className="field">
                <span>{t('team.inviteEmail')}</span>
                <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
              </label>
              <label className="field narrow">
                <span>{t('team.role')}</span>
                <select value={inviteRole} onChange={(e) => setInviteRole(e.target.value as Role)}>
                  <option value="owner">{t('role.owner')}</option>
                  <option value="developer">{t('role.developer')}</option>
                  <option value="viewer">{t('role.viewer')}</option>
                </select>
              </label>
              <button type="submit" className="button primary">
                {t('team.invite')}
              </button>
            </form>
            <ErrorMessage error={error} />
            {invitation ? (
              <div className="alert alert-ok" role="status">
                <p>{t('team.inviteLink', { time: date(invitation.expires_at) })}</p>
                <p className="break">
                  <Mono>
                    <span data-testid="invitation-url">{invitation.url}</span>
                  </Mono>{' '}
                  <CopyButton text={invitation.url} label="URL" />
                </p>
              </div>
            ) : null}
            {pending.data?.data.length ? (
              <>
                <h3>{t('team.pending')}</h3>
                <div className="table-wrap" tabIndex={0}>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{t('team.email')}</th>
                        <th scope="col">{t('team.role')}</th>
                        <th scope="col">{t('common.created')}</th>
                        <th scope="col">{t('team.expires')}</th>
                        <th scope="col">{t('team.actions')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {pending.data.data.map((i) => (
                        <tr key={i.id}>
                          <td>{i.email ?? '—'}</td>
                          <td>{t(`role.${i.role}`)}</td>
                          <td>{date(i.created_at)}</td>
                          <td>{date(i.expires_at)}</td>
                          <td>
                            <button type="button" className="button" onClick={() => void act(() => api.revokeInvitation(i.id))}>
                              {t('team.revoke')}
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
