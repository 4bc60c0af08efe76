import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, gateway, PasarelaError, setCsrfToken, setOrganization, whenSignedOut, type Session } from './api';
import { I18n, initialLanguage, translator, useI18n, type Language } from './i18n';
import { Link, match, navigate, useLocation } from './router';
import { clockNow, SessionContext, useSession, type SessionState } from './session';
import { duration, Loading } from './ui';
import { SignIn } from './pages/SignIn';
import { Welcome } from './pages/Welcome';
import { Payments } from './pages/Payments';
import { PaymentDetail } from './pages/PaymentDetail';
import { Links } from './pages/Links';
import { Disputes } from './pages/Disputes';
import { Balance } from './pages/Balance';
import { BrebKeys } from './pages/BrebKeys';
import { ApiKeys } from './pages/ApiKeys';
import { Webhooks } from './pages/Webhooks';
import { Connectors } from './pages/Connectors';
import { Events } from './pages/Events';
import { Sandbox } from './pages/Sandbox';
import { Team } from './pages/Team';

type Theme = 'light' | 'dark';

function initialTheme(): Theme {
  const saved = localStorage.getItem('pasarela.theme');
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function App() {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [organizationId, setOrganizationId] = useState<string>('');
  const [sandbox, setSandbox] = useState<boolean | null>(null);
  const i18n = useMemo(() => translator(language), [language]);
  const location = useLocation();

  useEffect(() => {
    document.documentElement.lang = language;
    localStorage.setItem('pasarela.language', language);
  }, [language]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const signedIn = useCallback((value: Session) => {
    setCsrfToken(value.csrf_token);
    // The sub-organization this user chose last, kept across reloads (if the session may still see it).
    const saved = localStorage.getItem(organizationKey(value.user.id));
    const chosen = saved && saved !== value.organization.id && value.organizations.some((o) => o.id === saved) ? saved : null;
    setOrganization(chosen);
    setOrganizationId(chosen ?? value.organization.id);
    setSession(value);
  }, []);

  useEffect(() => {
    whenSignedOut(() => setSession(null));
    // No content (204): nobody is signed in.
    api.session().then(
      (session) => (session ? signedIn(session) : setSession(null)),
      () => setSession(null),
    );
  }, [signedIn]);

  useEffect(() => {
    if (!session) return;
    if (session.environment) return setSandbox(session.environment === 'sandbox');
    // The sandbox controls answer 404 in production: the Sandbox page shows only where they exist.
    gateway.sandbox.sms.list({ phone_number: '3000000000' }).then(
      () => setSandbox(true),
      (e: unknown) => setSandbox(e instanceof PasarelaError && e.status === 404 ? false : true),
    );
  }, [session]);

  // The organization's test clock (sandbox only): how far its time is ahead of the real time.
  const [clock, setClock] = useState<{ offsetSeconds: number }>({ offsetSeconds: 0 });
  const [clockTick, setClockTick] = useState(0);
  useEffect(() => {
    if (!session || sandbox !== true) return setClock({ offsetSeconds: 0 });
    let live = true;
    gateway.sandbox.clock.retrieve().then(
      (view) => live && setClock({ offsetSeconds: view.offset_seconds }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [session, sandbox, organizationId, clockTick]);
  const refreshClock = useCallback(() => setClockTick((n) => n + 1), []);

  const publicPage = location.path === '/sign-in' || location.path === '/welcome';
  useEffect(() => {
    if (session === null && !publicPage) navigate(`/sign-in`, true);
    if (session && location.path === '/sign-in') navigate('/payments', true);
    if (session && location.path === '/') navigate('/payments', true);
  }, [session, publicPage, location.path]);

  let content: ReactNode;
  if (location.path === '/welcome') content = <Welcome onSignedIn={signedIn} />;
  else if (session === undefined) content = <Loading />;
  else if (session === null) content = <SignIn onSignedIn={signedIn} />;
  else {
    const state: SessionState = { session, organizationId, role: session.user.role, sandbox, clockOffsetSeconds: clock.offsetSeconds, refreshClock };
    content = (
      <SessionContext.Provider value={state}>
        <Shell
          theme={theme}
          onTheme={() => {
            const next = theme === 'dark' ? 'light' : 'dark';
            localStorage.setItem('pasarela.theme', next);
            setTheme(next);
          }}
          language={language}
          onLanguage={setLanguage}
          onOrganization={(id) => {
            setOrganization(id === session.organization.id ? null : id);
            setOrganizationId(id);
            if (id === session.organization.id) localStorage.removeItem(organizationKey(session.user.id));
            else localStorage.setItem(organizationKey(session.user.id), id);
          }}
          onSignOut={() => {
            api
              .signOut()
              .catch(() => undefined)
              .finally(() => {
                setSession(null);
                navigate('/sign-in', true);
              });
          }}
        >
          <Page key={organizationId} path={location.path} />
        </Shell>
      </SessionContext.Provider>
    );
  }
  return <I18n.Provider value={i18n}>{content}</I18n.Provider>;
}

/** Where the chosen sub-organization is remembered, per dashboard user. */
const organizationKey = (userId: string) => `pasarela.organization.${userId}`;

function Page({ path }: { path: string }) {
  const payment = match('/payments/:id', path);
  if (payment) return <PaymentDetail id={payment.id!} />;
  switch (path) {
    case '/payments':
      return <Payments />;
    case '/links':
      return <Links />;
    case '/disputes':
      return <Disputes />;
    case '/balance':
      return <Balance />;
    case '/bre-b/keys':
      return <BrebKeys />;
    case '/developers/keys':
      return <ApiKeys />;
    case '/developers/webhooks':
      return <Webhooks />;
    case '/developers/events':
      return <Events />;
    // Connector accounts.
    case '/developers/connectors':
      return <Connectors />;
    case '/sandbox':
      return <Sandbox />;
    case '/team':
      return <Team />;
    default:
      return <Payments />;
  }
}

function NavLink({ to, children }: { to: string; children: ReactNode }) {
  const { path } = useLocation();
  const active = path === to || path.startsWith(`${to}/`);
  return (
    <Link to={to} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function Shell({
  children,
  theme,
  onTheme,
  language,
  onLanguage,
  onOrganization,
  onSignOut,
}: {
  children: ReactNode;
  theme: Theme;
  onTheme: () => void;
  language: Language;
  onLanguage: (language: Language) => void;
  onOrganization: (id: string) => void;
  onSignOut: () => void;
}) {
  const { t, date } = useI18n();
  const { session, organizationId, sandbox, clockOffsetSeconds } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const { path } = useLocation();
  useEffect(() => setMenuOpen(false), [path]);
  const organizations = session.organizations.length ? session.organizations : [session.organization];
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <div className="brand">
          <button type="button" className="button menu-toggle" aria-expanded={menuOpen} aria-controls="sidebar" onClick={() => setMenuOpen(!menuOpen)}>
            {t('nav.menu')}
          </button>
          <span className="logo" aria-hidden="true">
            P
          </span>
          <span className="brand-name">Pasarela</span>
        </div>
        <div className="topbar-controls">
          <label className="inline-field">
            <span className="visually-hidden">{t('top.organization')}</span>
            <select value={organizationId} onChange={(e) => onOrganization(e.target.value)} disabled={organizations.length < 2}>
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-field">
            <span className="visually-hidden">{t('top.language')}</span>
            <select value={language} onChange={(e) => onLanguage(e.target.value as Language)}>
              <option value="es">Español</option>
              <option value="en">English</option>
            </select>
          </label>
          <button type="button" className="button" onClick={onTheme} aria-pressed={theme === 'dark'}>
            {theme === 'dark' ? t('top.theme.light') : t('top.theme.dark')}
          </button>
          <button
            type="button"
            className="button"
            onClick={onSignOut}
            title={t('top.signedInAs', { email: session.user.email, role: t(`role.${session.user.role}`) })}
          >
            {t('top.signOut')}
          </button>
        </div>
      </header>
      <nav id="sidebar" className={menuOpen ? 'sidebar open' : 'sidebar'} aria-label={t('nav.main')}>
        <ul>
          <li>
            <NavLink to="/payments">{t('nav.payments')}</NavLink>
          </li>
          <li>
            <NavLink to="/links">{t('nav.links')}</NavLink>
          </li>
          <li>
            <NavLink to="/disputes">{t('nav.disputes')}</NavLink>
          </li>
          <li>
            <NavLink to="/balance">{t('nav.balance')}</NavLink>
          </li>
          <li>
            <NavLink to="/bre-b/keys">{t('nav.breb')}</NavLink>
          </li>
        </ul>
        <p className="nav-heading" id="nav-developers">
          {t('nav.developers')}
        </p>
        <ul aria-labelledby="nav-developers">
          <li>
            <NavLink to="/developers/keys">{t('nav.keys')}</NavLink>
          </li>
          <li>
            <NavLink to="/developers/webhooks">{t('nav.webhooks')}</NavLink>
          </li>
          <li>
            <NavLink to="/developers/events">{t('nav.events')}</NavLink>
          </li>
          {/* Connector accounts. */}
          <li>
            <NavLink to="/developers/connectors">{t('nav.connectors')}</NavLink>
          </li>
        </ul>
        <ul>
          {sandbox !== false ? (
            <li>
              <NavLink to="/sandbox">{t('nav.sandbox')}</NavLink>
            </li>
          ) : null}
          <li>
            <NavLink to="/team">{t('nav.team')}</NavLink>
          </li>
        </ul>
        <p className="signed-in">
          {session.user.email} · {t(`role.${session.user.role}`)}
        </p>
      </nav>
      <main id="main" className="content">
        {clockOffsetSeconds > 0 ? (
          <p className="clock-banner" role="status">
            {t('clock.banner', { offset: duration(clockOffsetSeconds), time: date(new Date(clockNow({ clockOffsetSeconds })).toISOString()) })}
          </p>
        ) : null}
        {children}
      </main>
    </div>
  );
}
