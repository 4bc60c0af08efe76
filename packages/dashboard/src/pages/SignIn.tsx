import { useState, type FormEvent } from 'react';
import { api, ApiError, type Session } from '../api';
import { useI18n } from '../i18n';
import { PageHeader, useAction } from '../ui';

export function AuthFrame({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="auth">
      <div className="auth-card">
        <p className="auth-brand">
          <span className="logo" aria-hidden="true">
            P
          </span>{' '}
          Pasarela
        </p>
        {children}
      </div>
    </main>
  );
}

export function SignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error: failure, run } = useAction();
  // Sign-in failures in the person's words; the server's message only for the unexpected.
  const error = !failure
    ? ''
    : failure instanceof ApiError && failure.status === 429
      ? t('signIn.tooMany')
      : failure instanceof ApiError && failure.status === 401
        ? t('signIn.failed')
        : failure instanceof Error
          ? failure.message
          : t('common.error');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => onSignedIn(await api.signIn(email, password)));
  };
  return (
    <AuthFrame>
      <PageHeader title={t('signIn.title')} />
      <form onSubmit={submit} className="form" noValidate>
        <label className="field">
          <span>{t('signIn.email')}</span>
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('signIn.password')}</span>
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error ? (
          <div className="alert alert-error" role="alert">
            <p>{error}</p>
          </div>
        ) : null}
        <button type="submit" className="button primary wide" disabled={busy}>
          {t('signIn.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
