/**
 * As-you-type formatting: the card number in its brand's groups (4-4-4-4,
 * American Express 4-6-5) and the expiry as MM/YY(YY). The caret stays after
 * the same digit it followed, so editing in the middle works.
 */
import { brandOf, lengthsOf, type Brand } from './rules.js';

export const digitsOf = (text: string): string => text.replace(/\D/g, '');

function groupsOf(brand: Brand): number[] {
  if (brand === 'amex') return [4, 6, 5];
  if (brand === 'diners') return [4, 6, 4, 5];
  return [4, 4, 4, 4, 3];
}

export function maxDigits(brand: Brand): number {
  return Math.max(...lengthsOf(brand));
}

export function formatNumber(text: string): string {
  const brand = brandOf(digitsOf(text));
  const digits = digitsOf(text).slice(0, maxDigits(brand));
  const parts: string[] = [];
  let at = 0;
  for (const size of groupsOf(brand)) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

export function formatExpiry(text: string): string {
  // "1/" means January: pad before the digits lose their separator.
  const padded = /^\s*\d\s*\//.test(text) ? `0${text.trim()}` : text;
  let digits = digitsOf(padded).slice(0, 6);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvv(text: string, brand: Brand): string {
  return digitsOf(text).slice(0, brand === 'amex' ? 4 : 3);
}

/**
 * Re-formats an input in place. Deleting a separator with Backspace deletes
 * the digit before it too (otherwise the separator would come right back).
 */
export function reformat(input: HTMLInputElement, format: (text: string) => string, event?: Event): void {
  let value = input.value;
  let caret = input.selectionStart ?? value.length;
  const atEnd = caret >= value.length;
  const previous = input.dataset.pfPrevious ?? '';
  if ((event as InputEvent | undefined)?.inputType === 'deleteContentBackward' && digitsOf(value) === digitsOf(previous) && caret > 0) {
    const before = value.slice(0, caret).replace(/\d(\D*)$/, '$1');
    value = before + value.slice(caret);
    caret = before.length;
  }
  const digitsBefore = digitsOf(value.slice(0, caret)).length;
  const next = format(value);
  input.value = next;
  input.dataset.pfPrevious = next;
  if (document.activeElement !== input) return;
  let position = next.length;
  if (!atEnd) {
    let seen = 0;
    position = 0;
    while (position < next.length && seen < digitsBefore) {
      if (/\d/.test(next.charAt(position))) seen++;
      position++;
    }
  }
  input.setSelectionRange(position, position);
}
