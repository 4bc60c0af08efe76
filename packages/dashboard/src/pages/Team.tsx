import { useState, type FormEvent } from 'react';
import { api, type Invitation, type Role } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { CopyButton, Empty, ErrorMessage, Loading, Mono, PageHeader, useLoad } from '../ui';

export function Team() {
  const { t, date } = useI18n();
  const { role } = useSession();
  const members = useLoad(() => api.members(), []);
  const [inviteRole, setInviteRole] = useState<Role>('developer');
  const [email, setEmail] = useState('');
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      setInvitation(await api.invite(inviteRole, email.trim() || undefined));
    } catch (e) {
      setError(e);
    }
  };
  return (
    <>
      <PageHeader title={t('team.title')} />
      <ErrorMessage error={members.error} />
      {members.loading && !members.data ? <Loading /> : members.data?.data.length ? (
        <div className="table-wrap" tabIndex={0}>
          <table>
            <thead><tr><th scope="col">{t('team.email')}</th><th scope="col">{t('team.role')}</th><th scope="col">{t('common.created')}</th><th scope="col">{t('team.lastSignIn')}</th></tr></thead>
            <tbody>
              {members.data.data.map((m) => (
                <tr key={m.id}><td>{m.email}</td><td>{t(`role.${m.role}`)}</td><td>{date(m.created_at)}</td><td>{m.last_sign_in_at ? date(m.last_sign_in_at) : t('common.never')}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : <Empty />}
      <section className="section card-panel" aria-labelledby="invite-h">
        <h2 id="invite-h">{t('team.invite')}</h2>
        {role !== 'owner' ? <p className="note">{t('team.ownersOnly')}</p> : (
          <>
            <form className="row end" onSubmit={invite}>
              <label className="field"><span>{t('team.inviteEmail')}</span><input type="email" value={email} onChange={(e) => setEmail(e.target.value)} /></label>
              <label className="field narrow">
                <span>{t('team.role')}</span>
                <select value={inviteRole} onChange={(e) => setInviteRole(e.target.value as Role)}>
                  <option value="owner">{t('role.owner')}</option>
                  <option value="developer">{t('role.developer')}</option>
                  <option value="viewer">{t('role.viewer')}</option>
                </select>
              </label>
              <button type="submit" className="button primary">{t('team.invite')}</button>
            </form>
            <ErrorMessage error={error} />
            {invitation ? (
              <div className="alert alert-ok" role="status">
                <p>{t('team.inviteLink', { time: date(invitation.expires_at) })}</p>
                <p className="break"><Mono><span data-testid="invitation-url">{invitation.url}</span></Mono> <CopyButton text={invitation.url} label="URL" /></p>
              </div>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
