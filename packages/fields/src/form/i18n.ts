/** Spanish and English texts of the card fields. */
import type { Problem } from './rules.js';

export type Locale = 'es' | 'en';

export interface Texts {
  frameTitle: string;
  number: string;
  expiry: string;
  holder: string;
  cvv: string;
  numberPlaceholder: string;
  expiryPlaceholder: string;
  holderPlaceholder: string;
  cvvHint: string;
  cvvHintAmex: string;
  /** Why encrypt() refused: hosted pages show it as is. */
  incomplete: string;
  /** The installments selector of a credit card ("cuotas"). */
  installments: string;
  installmentsHint: string;
  /** One option: `{n}` installments; the first says it is one payment. */
  installmentsOne: string;
  problems: Record<Problem, string>;
}

/**
 * What a payment result says about a decline (the issuer's response code stays
 * with the merchant's server: GET /v1/payments/{id}, webhooks).
 */
export const DECLINE_MESSAGES: Record<Locale, string> = {
  es: 'La tarjeta fue rechazada. Intente con otra tarjeta.',
  en: 'The card was declined. Try another card.',
};

/** Separate, so the SDK bundle does not carry the field texts. */
export const FRAME_TITLES: Record<Locale, string> = { es: 'Datos de la tarjeta', en: 'Card details' };

export const TEXTS: Record<Locale, Texts> = {
  es: {
    frameTitle: 'Datos de la tarjeta',
    number: 'Número de la tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    holder: 'Nombre en la tarjeta',
    cvv: 'Código de seguridad',
    numberPlaceholder: '1234 1234 1234 1234',
    expiryPlaceholder: 'MM/AA',
    holderPlaceholder: 'Como aparece en la tarjeta',
    cvvHint: '3 dígitos al reverso de la tarjeta.',
    cvvHintAmex: '4 dígitos al frente de la tarjeta.',
    incomplete: 'Revise los datos de la tarjeta.',
    installments: 'Número de cuotas',
    installmentsHint: 'Su tarjeta de crédito permite pagar en cuotas mensuales.',
    installmentsOne: '1 (un solo pago)',
    problems: {
      required: 'Este campo es obligatorio.',
      number_incomplete: 'El número de la tarjeta está incompleto.',
      number_invalid: 'El número de la tarjeta no es válido.',
      expiry_invalid: 'Escriba una fecha válida (MM/AA).',
      expiry_past: 'La tarjeta está vencida.',
      cvv_length: 'El código de seguridad no tiene los dígitos correctos.',
      holder_too_long: 'El nombre tiene más de 100 caracteres.',
    },
  },
  en: {
    frameTitle: 'Card details',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    holder: 'Name on card',
    cvv: 'Security code',
    numberPlaceholder: '1234 1234 1234 1234',
    expiryPlaceholder: 'MM/YY',
    holderPlaceholder: 'As printed on the card',
    cvvHint: '3 digits on the back of the card.',
    cvvHintAmex: '4 digits on the front of the card.',
    incomplete: 'Check the card details.',
    installments: 'Number of installments',
    installmentsHint: 'Your credit card can pay in monthly installments.',
    installmentsOne: '1 (a single payment)',
    problems: {
      required: 'This field is required.',
      number_incomplete: 'The card number is incomplete.',
      number_invalid: 'The card number is not valid.',
      expiry_invalid: 'Enter a valid date (MM/YY).',
      expiry_past: 'The card has expired.',
      cvv_length: 'The security code has the wrong number of digits.',
      holder_too_long: 'The name is longer than 100 characters.',
    },
  },
};

/** An explicit `es`/`en` wins; otherwise the browser's language, English only when it asks for English. */
export function resolveLocale(requested: unknown, browserLanguage: string | undefined): Locale {
  const pick = (value: unknown): Locale | null => (typeof value === 'string' ? (/^en\b/i.test(value) ? 'en' : /^es\b/i.test(value) ? 'es' : null) : null);
  return pick(requested) ?? (pick(browserLanguage) === 'en' ? 'en' : 'es');
}
