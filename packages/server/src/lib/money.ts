/**
 * Money is integer minor units everywhere inside the service. Requests carry a
 * JSON number in major units with at most the currency's ISO 4217 minor digits,
 * or the same as a decimal string (`"150000.00"`, what card payment responses
 * return) (docs/api-conventions.md "Money"); this file is the one place that
 * converts, and MoneyInput is the one request schema of a money amount.
 */
import { Type, type TUnsafe } from 'typebox';

/** ISO 4217 minor digits of the currencies the service accepts. */
export const CURRENCIES: Record<string, number> = {
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

/** Largest amount in minor units (well inside Number.MAX_SAFE_INTEGER and PostgreSQL bigint). */
export const MAX_MINOR = 999_999_999_999;

export type AmountProblem = 'not_positive' | 'too_many_decimals' | 'too_large' | 'unknown_currency' | 'not_a_number';

/** A money amount as a request may send it: a JSON number, or a decimal string such as "150000.00". */
export type MoneyAmount = number | string;

/** Digits, optionally a point and more digits: no sign, exponent, spaces or thousands separators. */
export const DECIMAL_STRING = /^\d+(\.\d+)?$/;

/**
 * Marks a MoneyInput schema (a symbol: no validator or document sees it), so
 * what reads a route's schema can find its amounts: the idempotency hash
 * takes `150000`, `150000.0` and `"150000.00"` as the one amount they are.
 */
export const MONEY_INPUT = Symbol.for('pasarela.moneyInput');

/**
 * An amount the schema accepted, in one form: its decimal digits without
 * leading zeros or trailing fractional zeros (`"0150000.50"` and `150000.5`
 * are `150000.5`), or undefined for what is not a plain decimal (a negative
 * number, an exponent: refused by toMinorUnits anyway).
 */
export function canonicalAmount(amount: unknown): string | undefined {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : typeof amount === 'string' ? amount : '';
  if (!DECIMAL_STRING.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals ? `${digits}.${decimals}` : digits;
}

/**
 * The request schema of every money amount: a JSON number or a decimal string
 * in major units. The string's form is checked by the schema; the currency's
 * digits and the range by toMinorUnits, which names the field in a 422.
 */
export function MoneyInput(options: { description?: string } = {}): TUnsafe<MoneyAmount> {
  return Type.Unsafe<MoneyAmount>({
    [MONEY_INPUT]: true,
    type: ['number', 'string'],
    pattern: DECIMAL_STRING.source,
    description:
      (options.description ? `${options.description} ` : '') +
      'A JSON number or a decimal string in major units (`150000.5` or `"150000.50"`), with at most the currency\'s minor digits.',
    examples: [150000, '150000.00'],
  });
}

/** 0, or a decimal string of zeros ("0.00"): where an amount may be zero (a fee rule's fixed part). */
export function isZeroAmount(amount: MoneyAmount): boolean {
  return typeof amount === 'number' ? amount === 0 : DECIMAL_STRING.test(amount) && !/[1-9]/.test(amount);
}

/**
 * Converts a request amount to minor units without floating-point arithmetic:
 * a string's digits, or the number's shortest decimal representation, are read as digits.
 */
export function toMinorUnits(amount: MoneyAmount, currency: string): { minor: number } | { problem: AmountProblem } {
  const digits = CURRENCIES[currency];
  if (digits === undefined) return { problem: 'unknown_currency' };
  let text: string;
  if (typeof amount === 'string') {
    if (!DECIMAL_STRING.test(amount)) return { problem: 'not_a_number' };
    text = amount.replace(/^0+(?=\d)/, '');
  } else {
    if (typeof amount !== 'number' || !Number.isFinite(amount)) return { problem: 'not_a_number' };
    if (amount <= 0) return { problem: 'not_positive' };
    text = String(amount);
    if (/e/i.test(text)) return { problem: amount < 1 ? 'too_many_decimals' : 'too_large' };
  }
  const [whole = '0', fraction = ''] = text.split('.');
  if (!/[1-9]/.test(whole + fraction)) return { problem: 'not_positive' };
  if (fraction.length > digits) return { problem: 'too_many_decimals' };
  if (whole.length > 15) return { problem: 'too_large' };
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  if (minor > MAX_MINOR) return { problem: 'too_large' };
  return { minor };
}

/** "15000.00": the minor digits always shown (card payment responses). */
export function formatMinor(minor: number, currency: string): string {
  const digits = CURRENCIES[currency] ?? 2;
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A JSON number in major units (APM responses), exact for every amount below MAX_MINOR. */
export function minorToNumber(minor: number, currency: string): number {
  return Number(formatMinor(minor, currency));
}

export function amountProblemMessage(problem: AmountProblem, currency: string): string {
  switch (problem) {
    case 'unknown_currency':
      return `is not a supported ISO 4217 currency`;
    case 'not_positive':
      return 'must be greater than 0';
    case 'too_many_decimals':
      return `${currency} amounts have at most ${CURRENCIES[currency]} decimal places`;
    case 'too_large':
      return 'is too large';
    case 'not_a_number':
      return 'must be a number or a decimal string such as "150000.00"';
  }
}

/** The locale of each hosted-page language, for amounts shown to a person. */
const DISPLAY_LOCALES = { es: 'es-CO', en: 'en-US' } as const;
/** Currencies people write without cents when the amount is whole (COP 25.000, not COP 25.000,00). */
const WHOLE_WITHOUT_CENTS = new Set(['COP']);

/**
 * An amount as a person reads it on a hosted page, in the page's language:
 * "COP 25.000" (es), "COP 25,000" (en), "USD 150,00" (es), "USD 150.00" (en).
 * Never the API's "25000.00".
 */
export function displayMoney(minor: number, currency: string, lang: 'es' | 'en'): string {
  const digits = CURRENCIES[currency] ?? 2;
  const whole = minor % 10 ** digits === 0;
  const fraction = whole && WHOLE_WITHOUT_CENTS.has(currency) ? 0 : digits;
  const text = new Intl.NumberFormat(DISPLAY_LOCALES[lang], { minimumFractionDigits: fraction, maximumFractionDigits: digits, useGrouping: true }).format(
    minor / 10 ** digits,
  );
  return `${currency} ${text}`;
}
