/**
 * What a cash payment's voucher carries besides its amount: the payment
 * reference the store's clerk types or scans, the agreement code ("convenio")
 * that tells the store whom it collects for, and the barcode's text.
 *
 * The barcode follows the GS1-128 layout of Colombian collection barcodes:
 * (415) the collector's 13-digit location number, (8020) the payment
 * reference, (3900) the amount in whole pesos, (96) the last day to pay
 * (YYYYMMDD, Colombian time), with FNC1 after each variable-length field.
 */
import { luhnValid } from '../../../cards/rules.js';
import { FNC1_CHAR } from './code128.js';

/** The sandbox collector's agreement code: the store asks for it with the reference. */
export const CASH_AGREEMENT_CODE = '99017';

/** A GS1 check digit (mod 10, weights 3 and 1 from the right) appended to `digits`. */
export function withGs1CheckDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

/** The sandbox collector's location number (GS1 prefix 770, Colombia). */
export const CASH_COLLECTOR_GLN = withGs1CheckDigit('770999800000');

/** A payment reference: 12 digits whose last is a Luhn check digit (a mistyped digit is caught at the store). */
export const CASH_REFERENCE = /^[1-9]\d{11}$/;

export function isCashReference(text: string): boolean {
  return CASH_REFERENCE.test(text) && luhnValid(text);
}

/** Colombia is UTC-5 all year (no daylight saving). */
const BOGOTA_OFFSET_MS = -5 * 3600 * 1000;

export interface CashBarcode {
  /** What the symbol encodes, FNC1 written as FNC1_CHAR. */
  data: string;
  /** The human-readable line: each field with its application identifier in brackets. */
  text: string;
}

export function cashBarcode(input: { reference: string; amountMinor: number; expiresAt: string }): CashBarcode {
  const pesos = String(Math.floor(input.amountMinor / 100)).padStart(10, '0');
  const lastDay = new Date(Date.parse(input.expiresAt) + BOGOTA_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return {
    data: `${FNC1_CHAR}415${CASH_COLLECTOR_GLN}8020${input.reference}${FNC1_CHAR}3900${pesos}${FNC1_CHAR}96${lastDay}`,
    text: `(415)${CASH_COLLECTOR_GLN}(8020)${input.reference}(3900)${pesos}(96)${lastDay}`,
  };
}
