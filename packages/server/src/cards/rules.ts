/**
 * Card number, expiry, CVV and holder rules (spec 4.3 rule 1): the checks a
 * card passes before it enters the vault. Pure functions, no I/O.
 */
import type { ErrorDetail } from '../errors/api-error.js';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'jcb' | 'unknown';

interface BrandRule {
  brand: Exclude<CardBrand, 'unknown'>;
  prefix: RegExp;
  lengths: number[];
  cvvLength: number;
}

// Order matters: the first matching prefix wins.
const BRANDS: BrandRule[] = [
  { brand: 'amex', prefix: /^3[47]/, lengths: [15], cvvLength: 4 },
  { brand: 'diners', prefix: /^3(0[0-5]|[68])/, lengths: [14, 16, 19], cvvLength: 3 },
  { brand: 'jcb', prefix: /^35(2[89]|[3-8])/, lengths: [16, 17, 18, 19], cvvLength: 3 },
  { brand: 'visa', prefix: /^4/, lengths: [13, 16, 19], cvvLength: 3 },
  { brand: 'mastercard', prefix: /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/, lengths: [16], cvvLength: 3 },
  { brand: 'discover', prefix: /^(6011|65|64[4-9])/, lengths: [16, 17, 18, 19], cvvLength: 3 },
];

export function brandOf(number: string): CardBrand {
  return BRANDS.find((b) => b.prefix.test(number))?.brand ?? 'unknown';
}

export function cvvLengthOf(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length > 0 && sum % 10 === 0;
}

export interface ClearCard {
  number: string;
  expirationMonth: string;
  expirationYear: string;
  holderName: string;
  cvv: string;
}

export interface ValidCard {
  number: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
  holderName: string;
}

/**
 * Fields are named as in the request (`prefix` + name), so 422 details point at what the caller sent.
 * `cvvOptional`: a card read at a terminal (chip, contactless, swipe) has no CVV; an empty one is accepted.
 */
export function validateCard(
  card: ClearCard,
  fieldNames: Record<keyof ClearCard, string>,
  /** The real time, from the caller's clock: whether the card has expired. */
  now: Date,
  options: { cvvOptional?: boolean } = {},
): { card?: ValidCard; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];
  const number = card.number.replace(/[\s-]/g, '');
  const brand = brandOf(number);
  if (!/^\d+$/.test(number)) errors.push({ field: fieldNames.number, message: 'must contain only digits' });
  else {
    const rule = BRANDS.find((b) => b.brand === brand);
    const lengths = rule?.lengths ?? [12, 13, 14, 15, 16, 17, 18, 19];
    if (!lengths.includes(number.length)) {
      errors.push({ field: fieldNames.number, message: `a ${brand === 'unknown' ? 'card' : brand} number has ${lengths.join(' or ')} digits` });
    } else if (!luhnValid(number)) errors.push({ field: fieldNames.number, message: 'is not a valid card number (Luhn check failed)' });
  }

  const month = /^\d{1,2}$/.test(card.expirationMonth.trim()) ? Number(card.expirationMonth.trim()) : NaN;
  if (!(month >= 1 && month <= 12)) errors.push({ field: fieldNames.expirationMonth, message: 'must be a month from 1 to 12' });
  const yearText = card.expirationYear.trim();
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : NaN;
  if (Number.isNaN(year)) errors.push({ field: fieldNames.expirationYear, message: 'must be a year of 4 (or 2) digits' });
  else if (month >= 1 && month <= 12) {
    // A card is valid through the last day of its expiry month.
    const endOfMonth = Date.UTC(year, month, 1);
    if (endOfMonth <= now.getTime()) errors.push({ field: fieldNames.expirationYear, message: 'the card has expired' });
    else if (year > now.getUTCFullYear() + 30) errors.push({ field: fieldNames.expirationYear, message: 'is too far in the future' });
  }

  const cvvLength = cvvLengthOf(brand);
  if (!(options.cvvOptional && card.cvv === '') && !new RegExp(`^\\d{${cvvLength}}$`).test(card.cvv)) {
    errors.push({ field: fieldNames.cvv, message: `must be ${cvvLength} digits for this card` });
  }
  const holderName = card.holderName.trim().replace(/\s+/g, ' ');
  if (!holderName) errors.push({ field: fieldNames.holderName, message: 'must not be empty' });
  else if (holderName.length > 100) errors.push({ field: fieldNames.holderName, message: 'must be at most 100 characters' });

  if (errors.length > 0) return { errors };
  return { card: { number, brand, expMonth: month, expYear: year, holderName }, errors };
}
