/**
 * Spanish and English. The language comes from the browser (navigator.languages)
 * until the person picks one; the choice is kept in localStorage.
 */
import { createContext, useContext } from 'react';
import METHODS from '@pasarela/client/methods.json';

/** The gateway's payment methods, with their labels: its method registry, as the client package publishes it. */
export { METHODS };

import * as account from './messages/account';
import * as developers from './messages/developers';
import * as payments from './messages/payments';
import * as money from './messages/money';

/** Every message in English, by area (messages/): each area's Spanish has exactly its English keys. */
const en = { ...account.en, ...developers.en, ...payments.en, ...money.en };

export type MessageKey = keyof typeof en;

const es: Record<MessageKey, string> = { ...account.es, ...developers.es, ...payments.es, ...money.es };

export type Language = 'es' | 'en';

/** ISO 4217 minor digits of the gateway's currencies (packages/server/src/lib/money.ts, CURRENCIES). */
const MINOR_DIGITS: Record<string, number> = {
  COP: 2,
  USD: 2,
  EUR: 2,
  MXN: 2,
  BRL: 2,
  PEN: 2,
  ARS: 2,
  GBP: 2,
  CAD: 2,
  UYU: 2,
  CLP: 0,
  JPY: 0,
  PYG: 0,
  KRW: 0,
  KWD: 3,
  BHD: 3,
};
/** Currencies people write without cents when the amount is whole (COP 25,000), as the hosted pages do. */
const WHOLE_WITHOUT_CENTS = new Set(['COP']);
/** A decimal string as the API writes amounts; negative for what leaves a balance (a refund's entry, a chargeback fee). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * How many decimals an amount is shown with: every decimal it has (never
 * rounded: a refund of COP 40,000.50 shows its 50 cents), at least the
 * currency's minor digits, except a whole COP amount (COP 25,000).
 */
export function fractionDigits(text: string, currency: string): number {
  const own = (text.split('.')[1] ?? '').length;
  const minor = MINOR_DIGITS[currency] ?? 2;
  const whole = !/[1-9]/.test(text.split('.')[1] ?? '');
  if (whole && WHOLE_WITHOUT_CENTS.has(currency)) return 0;
  return Math.max(own, minor);
}
const dictionaries: Record<Language, Record<MessageKey, string>> = { en, es };

export function initialLanguage(): Language {
  const saved = localStorage.getItem('pasarela.language');
  if (saved === 'es' || saved === 'en') return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if (base === 'es' || base === 'en') return base;
  }
  return 'es';
}

export interface Translator {
  language: Language;
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
  /** A status or other enum value, translated when known. */
  status: (value: string) => string;
  money: (amount: string | number, currency: string) => string;
  date: (iso: string | null | undefined) => string;
  /** A rail (BANK_REDIRECT...) by its name in the language (`@pasarela/client/methods.json`); an unknown one as it is. */
  method: (rail: string) => string;
  /** An ISO 8583 response code with its meaning: "51 · Insufficient funds". */
  responseCode: (code: string | null | undefined) => string;
  /** A chargeback's reason in the language (by its network reason code), else the network's own text. */
  reason: (code: string, text: string) => string;
  /** A file size: "48 bytes", "1.2 KB", "3.4 MB". */
  bytes: (size: number) => string;
}

/** ISO 8583 response codes (the sandbox network's, docs/sandbox.md "Test cards", and the common others). */
const RESPONSE_CODES: Record<string, { en: string; es: string }> = {
  '00': { en: 'Approved', es: 'Aprobada' },
  '01': { en: 'Refer to the card issuer', es: 'Consultar al emisor' },
  '05': { en: 'Do not honour (generic decline)', es: 'No aprobada (declinación genérica)' },
  '09': { en: 'Request in progress', es: 'Solicitud en curso' },
  '12': { en: 'Invalid transaction', es: 'Transacción inválida' },
  '13': { en: 'Invalid amount', es: 'Monto inválido' },
  '14': { en: 'Invalid card number', es: 'Número de tarjeta inválido' },
  '41': { en: 'Lost card', es: 'Tarjeta perdida' },
  '43': { en: 'Stolen card', es: 'Tarjeta robada' },
  '51': { en: 'Insufficient funds', es: 'Fondos insuficientes' },
  '54': { en: 'Expired card', es: 'Tarjeta vencida' },
  '55': { en: 'Incorrect PIN', es: 'PIN incorrecto' },
  '57': { en: 'Transaction not permitted to the cardholder', es: 'Transacción no permitida al tarjetahabiente' },
  '58': { en: 'Installments not allowed by the issuer', es: 'El emisor no permite pagar en cuotas' },
  '59': { en: 'Suspected fraud', es: 'Sospecha de fraude' },
  '61': { en: 'Exceeds the withdrawal limit', es: 'Excede el límite' },
  '62': { en: 'Restricted card', es: 'Tarjeta restringida' },
  '65': { en: 'Exceeds the activity limit', es: 'Excede el número de usos' },
  '91': { en: 'Issuer unavailable', es: 'Emisor no disponible' },
  '96': { en: 'System malfunction (processing error)', es: 'Falla del sistema (error de procesamiento)' },
};

/** Card network chargeback reason codes (Visa's, which the sandbox uses). */
const REASONS: Record<string, { en: string; es: string }> = {
  '10.1': { en: 'Fraud: EMV liability shift (counterfeit)', es: 'Fraude: cambio de responsabilidad EMV (falsificación)' },
  '10.2': { en: 'Fraud: EMV liability shift (non-counterfeit)', es: 'Fraude: cambio de responsabilidad EMV (sin falsificación)' },
  '10.3': { en: 'Fraud: card-present environment', es: 'Fraude: compra con tarjeta presente' },
  '10.4': { en: 'Fraud: card-absent environment', es: 'Fraude: compra sin tarjeta presente' },
  '10.5': { en: 'Fraud: monitoring program', es: 'Fraude: programa de monitoreo' },
  '11.1': { en: 'Card recovery bulletin', es: 'Tarjeta en boletín de recuperación' },
  '11.2': { en: 'Declined authorization', es: 'Autorización declinada' },
  '11.3': { en: 'No authorization', es: 'Sin autorización' },
  '12.1': { en: 'Late presentment', es: 'Presentación tardía' },
  '12.2': { en: 'Incorrect transaction code', es: 'Código de transacción incorrecto' },
  '12.3': { en: 'Incorrect currency', es: 'Moneda incorrecta' },
  '12.4': { en: 'Incorrect account number', es: 'Número de cuenta incorrecto' },
  '12.5': { en: 'Incorrect amount', es: 'Monto incorrecto' },
  '12.6': { en: 'Duplicate processing or paid by other means', es: 'Cobro duplicado o pagado por otro medio' },
  '12.7': { en: 'Invalid data', es: 'Datos inválidos' },
  '13.1': { en: 'Merchandise or services not received', es: 'Producto o servicio no recibido' },
  '13.2': { en: 'Cancelled recurring transaction', es: 'Transacción recurrente cancelada' },
  '13.3': { en: 'Not as described or defective', es: 'No corresponde a lo descrito o defectuoso' },
  '13.4': { en: 'Counterfeit merchandise', es: 'Mercancía falsificada' },
  '13.5': { en: 'Misrepresentation', es: 'Información engañosa' },
  '13.6': { en: 'Credit not processed', es: 'Reembolso no procesado' },
  '13.7': { en: 'Cancelled merchandise or services', es: 'Producto o servicio cancelado' },
};

export function translator(language: Language): Translator {
  const dictionary = dictionaries[language];
  const locale = language === 'es' ? 'es-CO' : 'en-US';
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const t: Translator['t'] = (key, values) => {
    let text = dictionary[key];
    if (values) for (const [name, value] of Object.entries(values)) text = text.replaceAll(`{${name}}`, String(value));
    return text;
  };
  return {
    language,
    t,
    status: (value) => {
      const key = `status.${value}` as MessageKey;
      return key in dictionary ? dictionary[key] : value;
    },
    money: (amount, currency) => {
      const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
      // Not a plain decimal (a half-typed amount): as typed, never a rounded guess.
      if (!DECIMAL.test(text)) return `${currency} ${text}`;
      const fraction = fractionDigits(text, currency);
      const key = `${currency}:${fraction}`;
      let format = moneyFormats.get(key);
      if (!format) {
        const digits = { minimumFractionDigits: fraction, maximumFractionDigits: fraction };
        try {
          format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code', ...digits });
        } catch {
          format = new Intl.NumberFormat(locale, digits);
        }
        moneyFormats.set(key, format);
      }
      // The decimal string itself (Intl formats it exactly, no float in between): "40000.50" stays 40,000.50.
      return format.format(text as unknown as number);
    },
    date: (iso) => (iso ? dateFormat.format(new Date(iso)) : '—'),
    method: (rail) => METHODS.find((m) => m.id === rail)?.label[language] ?? rail,
    responseCode: (code) => {
      if (!code) return '—';
      const meaning = RESPONSE_CODES[code];
      return meaning ? `${code} · ${meaning[language]}` : code;
    },
    reason: (code, text) => {
      const known = REASONS[code];
      return `${code} · ${known ? known[language] : text}`;
    },
    bytes: (size) => {
      if (size < 1024) return t('common.bytes', { n: size });
      const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
      if (size < 1024 * 1024) return `${number.format(size / 1024)} KB`;
      return `${number.format(size / (1024 * 1024))} MB`;
    },
  };
}

export const I18n = createContext<Translator>(translator('es'));
export const useI18n = (): Translator => useContext(I18n);
