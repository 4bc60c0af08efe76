/** Shared pieces: page header, status badge, copy button, confirmation dialog, errors, pagination. */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { PasarelaError } from '@pasarela/client';
import { ApiError } from './api';
import { useI18n } from './i18n';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Pasarela`;
  }, [title]);
  return (
    <header className="page-header">
      <h1 id="page-title" tabIndex={-1}>
        {title}
      </h1>
      {children ? <div className="page-actions">{children}</div> : null}
    </header>
  );
}

const TONES: Record<string, string> = {
  APPROVED: 'good',
  SUCCEEDED: 'good',
  SUCCESS: 'good',
  WON: 'good',
  enabled: 'good',
  active: 'good',
  succeeded: 'good',
  paid: 'good',
  in_transit: 'info',
  running: 'warn',
  used: 'good',
  PENDING: 'warn',
  AUTHORIZED: 'info',
  IN_PROGRESS: 'warn',
  PENDING_PROVIDER: 'warn',
  OPEN: 'warn',
  DISPUTED: 'info',
  pending: 'warn',
  pending_verification: 'warn',
  opened: 'info',
  created: 'info',
  REJECTED: 'bad',
  DECLINED: 'bad',
  FAILED: 'bad',
  LOST: 'bad',
  failed: 'bad',
  revoked: 'muted',
  disabled: 'muted',
  expired: 'muted',
  moved: 'muted',
  CANCELLED: 'muted',
  REFUNDED: 'muted',
  ACCEPTED: 'muted',
  PARTIALLY_REFUNDED: 'info',
};

export function Badge({ value }: { value: string }) {
  const { status } = useI18n();
  return <span className={`badge badge-${TONES[value] ?? 'muted'}`}>{status(value)}</span>;
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button small"
      aria-label={label ? `${t('common.copy')}: ${label}` : t('common.copy')}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
        window.setTimeout(() => setCopied(false), 2000);
      }}
    >
      {copied ? t('common.copied') : t('common.copy')}
    </button>
  );
}

/** The message of an error from the gateway, with each detail beside its field. */
export function ErrorMessage({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (!error) return null;
  let message = t('common.error');
  let details: string[] = [];
  if (error instanceof ApiError || error instanceof PasarelaError) {
    message = error.status === 403 ? t('common.forbidden') : error.message;
    details = error.details.map((d) => (d.field ? `${d.field}: ${d.message ?? ''}` : (d.message ?? '')));
  } else if (error instanceof Error) message = error.message;
  return (
    <div className="alert alert-error" role="alert">
      <p>{message}</p>
      {details.length ? (
        <ul>
          {details.map((d, i) => (
            <li key={i}>{d}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A modal dialog (the native <dialog>: focus trapped, Escape closes). */
export function Dialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={id} onClose={onClose}>
      {open ? (
        <>
          <h2 id={id}>{title}</h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The button that closes without acting (default "Cancel"; say what it keeps where "Cancel" would be ambiguous). */
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { busy, error, run } = useAction();
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <p>{message}</p>
      <ErrorMessage error={error} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {cancelLabel ?? t('common.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'button danger' : 'button primary'}
          disabled={busy}
          onClick={() =>
            run(async () => {
              await onConfirm();
              onClose();
            })
          }
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/** Loads data with `load` whenever `deps` change; `reload` runs it again. */
export function useLoad<T>(load: () => PromiseLike<T>, deps: unknown[]): { data: T | undefined; error: unknown; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      live = false;
    };
    // deps are the caller's: load reads them.
  }, [...deps, tick]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="muted" role="status">
      {t('common.loading')}
    </p>
  );
}

/** An empty list or section, in words that say what is missing (`message`), or the generic "Nothing here yet." */
export function Empty({ message }: { message?: string }) {
  const { t } = useI18n();
  return <p className="empty">{message ?? t('common.none')}</p>;
}

/** Keyset pagination over a list's starting_after / ending_before. */
export function Pager({ hasMore, canGoBack, onNext, onPrevious }: { hasMore: boolean; canGoBack: boolean; onNext: () => void; onPrevious: () => void }) {
  const { t } = useI18n();
  if (!hasMore && !canGoBack) return null;
  return (
    <nav className="pager" aria-label={t('common.next')}>
      <button type="button" className="button" disabled={!canGoBack} onClick={onPrevious}>
        ← {t('common.previous')}
      </button>
      <button type="button" className="button" disabled={!hasMore} onClick={onNext}>
        {t('common.next')} →
      </button>
    </nav>
  );
}

/** A length of time in its two largest units: "3 d 2 h", "5 h 10 min", "45 min", "30 s". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return `${minutes} min`;
  return `${s % 60} s`;
}

export function Mono({ children }: { children: ReactNode }) {
  return <code className="mono">{children}</code>;
}

/** A form's or button's action: `busy` while it runs, its failure in `error` (shown by ErrorMessage). */
export function useAction(): { busy: boolean; error: unknown; setError: (error: unknown) => void; run: (action: () => Promise<void>) => void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    action()
      .catch((e: unknown) => setError(e))
      .finally(() => setBusy(false));
  };
  return { busy, error, setError, run };
}
