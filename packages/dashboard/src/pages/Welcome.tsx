import { useEffect, useState, type FormEvent } from 'react';
import { api, type Session } from '../api';
import { useI18n } from '../i18n';
import { Link, navigate, useLocation } from '../router';
import { ErrorMessage, Loading, PageHeader, useAction, useLoad } from '../ui';
import { AuthFrame } from './SignIn';

/**
 * The one-time link's token: in the URL's fragment (`#token=...`, which the browser never sends, so
 * it reaches no server or proxy log), or in the query of a link made before the fragment was used.
 * Read once, then taken out of the address bar and the history.
 */
function linkToken(search: URLSearchParams): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? search.get('token') ?? '';
}

/** /dashboard/welcome#token=...: the one-time link of an invitation, the first run or the CLI. */
export function Welcome({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const { t } = useI18n();
  const { search } = useLocation();
  const [token] = useState(() => linkToken(search));
  useEffect(() => {
    if (window.location.hash || window.location.search) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  const link = useLoad(() => api.oneTimeLink(token), [token]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState('');
  const { busy, error, setError, run } = useAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password.length < 12) return setProblem(t('welcome.short'));
    if (password !== repeat) return setProblem(t('welcome.mismatch'));
    setProblem('');
    return run(async () => {
      const session = await api.setPassword(token, password, link.data?.email ? undefined : email);
      onSignedIn(session);
      navigate('/payments', true);
    });
  };

  return (
    <AuthFrame>
      <PageHeader title={t('welcome.title')} />
      {link.loading ? (
        <Loading />
      ) : !link.data ? (
        <>
          <div className="alert alert-error" role="alert">
            <p>{t('welcome.invalid')}</p>
          </div>
          <p>
            <Link to="/sign-in">{t('welcome.signIn')}</Link>
          </p>
        </>
      ) : (
        <form onSubmit={submit} className="form" noValidate>
          <p>{t('welcome.invited', { organization: link.data.organization_name, role: t(`role.${link.data.role}`) })}</p>
          {link.data.email ? (
            <p className="muted">{link.data.email}</p>
          ) : (
            <label className="field">
              <span>{t('signIn.email')}</span>
              <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
          )}
          <label className="field">
            <span>{t('welcome.password')}</span>
            <input
              type="password"
              autoComplete="new-password"
              minLength={12}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={problem === t('welcome.short') || undefined}
            />
          </label>
          <label className="field">
            <span>{t('welcome.confirm')}</span>
            <input
              type="password"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              aria-invalid={problem === t('welcome.mismatch') || undefined}
            />
          </label>
          {problem ? (
            <div className="alert alert-error" role="alert">
              <p>{problem}</p>
            </div>
          ) : null}
          <ErrorMessage error={error} />
          <button type="submit" className="button primary wide" disabled={busy}>
            {t('welcome.submit')}
          </button>
        </form>
      )}
    </AuthFrame>
  );
}
