/** A custom-amount link's amount field: read in the page's locale, checked against the link's range, its error shown beside it. */
import type { CheckoutConfig } from 'pasarela/page-config';
import { byId } from './dom.js';

export function amountField(cfg: CheckoutConfig) {
  const s = cfg.text;
  const amountInput = byId<HTMLInputElement>('custom-amount');
  const amountError = byId('custom-amount-error');

  /** An amount as typed in the page's locale ("25.000" or "25000,50" in Spanish, "25,000.50" in English), or NaN. */
  function parseAmount(typed: string): number {
    let text = typed
      .replace(/\s|\u00a0/g, '')
      .replace(new RegExp(`^${cfg.currency}`, 'i'), '')
      .replace(/^\$/, '');
    const [group, decimal] = cfg.lang === 'es' ? ['.', ','] : [',', '.'];
    const grouped = new RegExp(`^\\d{1,3}(\\${group}\\d{3})+(\\${decimal}\\d+)?$`);
    if (grouped.test(text)) text = text.split(group).join('');
    text = text.replace(decimal, '.');
    if (!/^\d+(\.\d+)?$/.test(text)) return NaN;
    if ((text.split('.')[1] ?? '').length > cfg.digits) return NaN;
    return Number(text);
  }

  /** The custom amount, checked; `show` also says what is wrong beside the field (an empty field only when paying). */
  function checkAmount(show: 'typing' | 'paying' | false): { ok: boolean; value?: number } {
    if (!amountInput) return { ok: true };
    const typed = amountInput.value.trim();
    const value = parseAmount(typed);
    const ok = typed !== '' && Number.isFinite(value) && value >= (cfg.min ?? 0) && value <= (cfg.max ?? Infinity);
    if (show && amountError) {
      const message = ok
        ? ''
        : typed === ''
          ? show === 'paying'
            ? s.amountRequired
            : ''
          : s.amountRange.replace('{min}', cfg.minText ?? '').replace('{max}', cfg.maxText ?? '');
      amountError.textContent = message;
      amountInput.setAttribute('aria-invalid', message ? 'true' : 'false');
    }
    return ok ? { ok, value } : { ok };
  }

  return { input: amountInput, check: checkAmount };
}
