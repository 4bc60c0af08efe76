/**
 * The reusable card form, bundled alone as /fields/v1/card-form.js with the
 * global `PasarelaCardForm` for the gateway's own hosted pages (payment-link
 * checkout, enrollment form). The embedded-fields iframe uses the same core.
 *
 *   const form = PasarelaCardForm.render(container, { publicKey, locale: 'es', accent, onValidity });
 *   if (form.isValid()) body = { type: 'CARD', ...(await form.encrypt()) };
 *
 * Keep this surface stable: hosted pages depend on exactly these members.
 */
import { createCardForm, type EncryptedCard } from './form/controller.js';
import type { Locale } from './form/i18n.js';

export interface RenderOptions {
  publicKey: string;
  locale: Locale;
  accent?: string;
  onValidity?(ok: boolean): void;
  /** Offers the installments selector for a credit card: how many installments the card of this BIN takes. */
  installments?(bin: string): Promise<{ allowed: boolean; max: number } | undefined>;
}

export interface CardForm {
  isValid(): boolean;
  /** The five encrypted fields of POST /v1/instruments; rejects (and shows the problems) when the form is not valid. */
  encrypt(): Promise<EncryptedCard>;
  /** A fresh encrypted CVV for POST /v1/payments. */
  encryptCvv(): Promise<string>;
  /** Focuses the first field with a problem (or the card number). */
  focus(): void;
  /** The installments the cardholder chose: 1 unless the selector is shown (a credit card). */
  installments(): number;
}

export function render(container: HTMLElement, options: RenderOptions): CardForm {
  const form = createCardForm(container, options);
  return {
    isValid: () => form.isValid(),
    encrypt: () => form.encrypt(),
    encryptCvv: () => form.encryptCvv(),
    focus: () => form.focus(),
    installments: () => form.installments(),
  };
}
