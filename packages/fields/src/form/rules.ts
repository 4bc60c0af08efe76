/**
 * Card rules as the gateway checks them (packages/server/src/cards/rules.ts,
 * spec 4.3 rule 1), repeated here so the customer sees a mistake before
 * anything is sent. The gateway stays the authority.
 */

export type Brand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'jcb' | 'unknown';

interface BrandRule {
  brand: Exclude<Brand, 'unknown'>;
  prefix: RegExp;
  lengths: number[];
}

// Order matters: the first matching prefix wins (as on the server).
const BRANDS: BrandRule[] = [
  { brand: 'amex', prefix: /^3[47]/, lengths: [15] },
  { brand: 'diners', prefix: /^3(0[0-5]|[68])/, lengths: [14, 16, 19] },
  { brand: 'jcb', prefix: /^35(2[89]|[3-8])/, lengths: [16, 17, 18, 19] },
  { brand: 'visa', prefix: /^4/, lengths: [13, 16, 19] },
  { brand: 'mastercard', prefix: /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/, lengths: [16] },
  { brand: 'discover', prefix: /^(6011|65|64[4-9])/, lengths: [16, 17, 18, 19] },
];
const ANY_LENGTH = [12, 13, 14, 15, 16, 17, 18, 19];

export const BRAND_NAMES: Record<Brand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unknown: '',
};

export function brandOf(digits: string): Brand {
  return BRANDS.find((b) => b.prefix.test(digits))?.brand ?? 'unknown';
}

export function lengthsOf(brand: Brand): number[] {
  return BRANDS.find((b) => b.brand === brand)?.lengths ?? ANY_LENGTH;
}

export function cvvLengthOf(brand: Brand): number {
  return brand === 'amex' ? 4 : 3;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Why a field is not acceptable; keys of the localized messages (i18n.ts). */
export type Problem = 'required' | 'number_incomplete' | 'number_invalid' | 'expiry_invalid' | 'expiry_past' | 'cvv_length' | 'holder_too_long';

export function numberProblem(digits: string): Problem | null {
  if (!digits) return 'required';
  const lengths = lengthsOf(brandOf(digits));
  if (!lengths.includes(digits.length)) return 'number_incomplete';
  return luhnValid(digits) ? null : 'number_invalid';
}

export interface Expiry {
  month: number;
  year: number;
}

/** "MM/YY" or "MM/YYYY". */
export function parseExpiry(text: string): Expiry | null {
  const match = /^(\d{2})\/(\d{2}|\d{4})$/.exec(text.replace(/\s+/g, ''));
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export function expiryProblem(text: string, now = new Date()): Problem | null {
  if (!text.trim()) return 'required';
  const expiry = parseExpiry(text);
  if (!expiry) return 'expiry_invalid';
  // Valid through the last day of the expiry month (local time; the server checks in UTC).
  if (new Date(expiry.year, expiry.month, 1).getTime() <= now.getTime()) return 'expiry_past';
  if (expiry.year > now.getFullYear() + 30) return 'expiry_invalid';
  return null;
}

export function cvvProblem(cvv: string, brand: Brand): Problem | null {
  if (!cvv) return 'required';
  return new RegExp(`^\\d{${cvvLengthOf(brand)}}$`).test(cvv) ? null : 'cvv_length';
}

export function normalizeHolder(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

export function holderProblem(name: string): Problem | null {
  const normalized = normalizeHolder(name);
  if (!normalized) return 'required';
  return normalized.length > 100 ? 'holder_too_long' : null;
}
