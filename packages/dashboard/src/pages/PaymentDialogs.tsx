/** The payment page's dialogs that move money: a partial or full capture, and a refund. */
import { useState, type FormEvent } from 'react';
import { gateway, type CardPayment } from '../api';
import { useI18n } from '../i18n';
import { Dialog, ErrorMessage, useAction } from '../ui';

/** a − b of two decimal amounts, exactly (in minor units), as a decimal string. */
export function minus(a: string, b: string): string {
  const digits = Math.max((a.split('.')[1] ?? '').length, (b.split('.')[1] ?? '').length);
  const minor = (x: string) => BigInt(x.replace('.', '') + '0'.repeat(digits - (x.split('.')[1] ?? '').length));
  const text = (minor(a) - minor(b)).toString().padStart(digits + 1, '0');
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

export function CaptureDialog({ payment, onClose, onDone }: { payment: CardPayment; onClose: () => void; onDone: () => void }) {
  const { t, money } = useI18n();
  const authorized = payment.amount_authorized ?? payment.amount;
  const [amount, setAmount] = useState(authorized);
  const { busy, error, run } = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      const whole = amount.trim() === authorized;
      await gateway.payments.capture(payment.id, whole ? {} : { amount: amount.trim() });
      onDone();
    });
  };
  return (
    <Dialog open title={t('payments.capture')} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span>{t('payments.captureAmount', { currency: payment.currency, max: money(authorized, payment.currency) })}</span>
          <input inputMode="decimal" required pattern="\d+(\.\d+)?" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <p className="muted">{t('payments.captureNote')}</p>
        <p>{t('payments.captureConfirm', { amount: money(amount || '0', payment.currency) })}</p>
        <ErrorMessage error={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {t('payments.capture')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function RefundDialog({ payment, max, onClose, onDone }: { payment: CardPayment; max: string; onClose: () => void; onDone: () => void }) {
  const { t, money, responseCode } = useI18n();
  const [amount, setAmount] = useState(max);
  const { busy, error, run } = useAction();
  // A refund the network refused is an answer (201, REJECTED), not an error: the dialog stays open and says so.
  const [rejected, setRejected] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRejected(null);
    run(async () => {
      const refund = await gateway.payments.refund(payment.id, { amount: amount.trim() });
      if (refund.status === 'REJECTED') return setRejected(responseCode(refund.response_code));
      onDone();
    });
  };
  return (
    <Dialog open title={t('payments.refund')} onClose={rejected ? onDone : onClose}>
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span>{t('payments.refundAmount', { currency: payment.currency })}</span>
          <input inputMode="decimal" required pattern="\d+(\.\d+)?" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <p className="muted">{t('payments.refundConfirm', { amount: money(amount || '0', payment.currency) })}</p>
        {rejected ? (
          <div className="alert alert-error" role="alert">
            <p>{t('payments.refundRejected', { code: rejected })}</p>
          </div>
        ) : null}
        <ErrorMessage error={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={rejected ? onDone : onClose}>
            {rejected ? t('common.close') : t('common.cancel')}
          </button>
          <button type="submit" className="button danger" disabled={busy}>
            {t('payments.refund')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
