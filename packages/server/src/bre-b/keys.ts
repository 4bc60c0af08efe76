/**
 * Bre-B keys ("llaves"): the identifiers a payer sends money to instead of an
 * account number (docs/sandbox.md "Bre-B"). Five types; each is normalized to
 * one written form, so the same key typed two ways is one key across the
 * gateway. The forms are disjoint: a value belongs to one type only.
 *
 * - `id_number`: an identity document number (cédula, NIT without its check
 *   digit): 6 to 10 digits, not starting with 0; dots and spaces dropped.
 * - `mobile`: a Colombian mobile, 10 digits starting with 3 (+57 dropped).
 * - `email`: an e-mail address, at most 92 characters, lowercased.
 * - `alphanumeric`: `@` then 3 to 20 letters or digits, uppercased.
 * - `merchant_code`: the merchant code a financial institution assigns:
 *   10 digits starting with `00`.
 */
import type { ErrorDetail } from '../errors/api-error.js';

export const KEY_TYPES = ['id_number', 'mobile', 'email', 'alphanumeric', 'merchant_code'] as const;
export type KeyType = (typeof KEY_TYPES)[number];

/** At most four keys per account (organization). */
export const MAX_KEYS = 4;

const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** The rule of each type, as the 422 names it. */
export const KEY_RULES: Record<KeyType, string> = {
  id_number: 'an identity document number: 6 to 10 digits, not starting with 0',
  mobile: 'a Colombian mobile number: 10 digits starting with 3',
  email: 'an e-mail address of at most 92 characters',
  alphanumeric: "'@' followed by 3 to 20 letters or digits",
  merchant_code: 'a merchant code: 10 digits starting with 00',
};

/** The key's one written form, or undefined when it is not a key of this type. */
export function normalizeKey(type: KeyType, raw: string): string | undefined {
  const value = raw.trim();
  switch (type) {
    case 'id_number': {
      const digits = value.replace(/[.\s]/g, '');
      return /^[1-9]\d{5,9}$/.test(digits) ? digits : undefined;
    }
    case 'mobile': {
      const digits = value.replace(/[\s-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '');
      return /^3\d{9}$/.test(digits) ? digits : undefined;
    }
    case 'email': {
      const lower = value.toLowerCase();
      return lower.length <= 92 && EMAIL.test(lower) ? lower : undefined;
    }
    case 'alphanumeric':
      return /^@[A-Za-z0-9]{3,20}$/.test(value) ? value.toUpperCase() : undefined;
    case 'merchant_code': {
      const digits = value.replace(/\s/g, '');
      return /^00\d{8}$/.test(digits) ? digits : undefined;
    }
  }
}

/** The type a bare key (as a payer types it) is, by its form, with its normalized value. */
export function classifyKey(raw: string): { type: KeyType; value: string } | undefined {
  const value = raw.trim();
  const order: KeyType[] = value.startsWith('@') ? ['alphanumeric'] : value.includes('@') ? ['email'] : ['merchant_code', 'mobile', 'id_number'];
  for (const type of order) {
    const normalized = normalizeKey(type, value);
    if (normalized) return { type, value: normalized };
  }
  return undefined;
}

/** Validates a key of the request body: its normalized value, or the errors naming `type` or `value`. */
export function validateKey(body: { type: string; value: string }, errors: ErrorDetail[]): { type: KeyType; value: string } | undefined {
  if (!(KEY_TYPES as readonly string[]).includes(body.type)) {
    errors.push({ field: 'type', message: `must be one of ${KEY_TYPES.join(', ')}` });
    return undefined;
  }
  const type = body.type as KeyType;
  const value = normalizeKey(type, body.value);
  if (!value) {
    errors.push({ field: 'value', message: `must be ${KEY_RULES[type]} (type ${type})` });
    return undefined;
  }
  return { type, value };
}

/** A name as a key look-up shows it: the first letters of each word, the rest starred ("Ana Gómez" → "A** Gó***"). */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = [...word];
      const shown = letters.length <= 3 ? 1 : 2;
      return letters.slice(0, shown).join('') + '*'.repeat(letters.length - shown);
    })
    .join(' ');
}
