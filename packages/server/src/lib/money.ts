/**
 * Money is integer minor units everywhere inside the service. Requests carry a
 * JSON number in major units with at most the currency's ISO 4217 minor digits
 * (docs/api-conventions.md "Money"); this file is the one place that converts.
 */

/** ISO 4217 minor digits of the currencies the service accepts. */
export const CURRENCIES: Record<string, number> = {
  COP: 2, USD: 2, EUR: 2, MXN: 2, BRL: 2, PEN: 2, ARS: 2, GBP: 2, CAD: 2, UYU: 2,
  CLP: 0, JPY: 0, PYG: 0, KRW: 0,
  KWD: 3, BHD: 3,
};

/** Largest amount in minor units (well inside Number.MAX_SAFE_INTEGER and PostgreSQL bigint). */
export const MAX_MINOR = 999_999_999_999;

export type AmountProblem = 'not_positive' | 'too_many_decimals' | 'too_large' | 'unknown_currency' | 'not_a_number';

/**
 * Converts a request amount to minor units without floating-point arithmetic:
 * the number's shortest decimal representation is read as digits.
 */
export function toMinorUnits(amount: number, currency: string): { minor: number } | { problem: AmountProblem } {
  const digits = CURRENCIES[currency];
  if (digits === undefined) return { problem: 'unknown_currency' };
  if (!Number.isFinite(amount)) return { problem: 'not_a_number' };
  if (amount <= 0) return { problem: 'not_positive' };
  const text = String(amount);
  if (/e/i.test(text)) return { problem: amount < 1 ? 'too_many_decimals' : 'too_large' };
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > digits) return { problem: 'too_many_decimals' };
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
      return 'must be a number';
  }
}
