/**
 * lib/money.ts, the one place that converts request amounts to minor units and
 * back: each case is a rule a merchant's money depends on (an amount read
 * exactly, never rounded; two different amounts never taken for one; the
 * currency's own digits, three for KWD and BHD).
 */
import { describe, expect, it } from 'vitest';
import {
  amountProblemMessage,
  canonicalAmount,
  CURRENCIES,
  displayMoney,
  formatMinor,
  isZeroAmount,
  MAX_MINOR,
  minorToNumber,
  MoneyInput,
  MONEY_INPUT,
  toMinorUnits,
} from '../src/lib/money.js';

describe('canonicalAmount (the idempotency hash of an amount)', () => {
  it('gives every accepted way of writing one amount the same form', () => {
    for (const [forms, canonical] of [
      [[150000.5, '150000.50', '0150000.5', '00150000.500'], '150000.5'],
      [[150, 150.0, '150', '150.00', '0150.0'], '150'],
      [[0.05, '0.05', '00.050'], '0.05'],
      [['0', '000', '0.00'], '0'],
      [[1.234, '1.2340'], '1.234'],
    ] as const) {
      for (const form of forms) expect([form, canonicalAmount(form)]).toEqual([form, canonical]);
    }
  });

  it('never gives two different amounts the same form: 100 and 10, 1.05 and 1.5, 10.01 and 10.1', () => {
    const pairs: Array<[unknown, unknown]> = [
      [100, 10],
      ['100', '10'],
      ['100.00', '10.00'],
      [1.05, 1.5],
      ['1.05', '1.50'],
      ['10.01', '10.1'],
      ['1000', '1'],
      ['0.10', '0.01'],
    ];
    for (const [a, b] of pairs) expect([a, b, canonicalAmount(a) === canonicalAmount(b)]).toEqual([a, b, false]);
  });

  it('has no form for what is not a plain decimal: an exponent, a sign, infinity, another type', () => {
    for (const value of [1e-7, 1e21, '1e5', '1.5e2', -5, '-5', '+5', Infinity, NaN, '', ' 5', '.5', '5.', null, undefined, true, {}, ['5']]) {
      expect([value, canonicalAmount(value)]).toEqual([value, undefined]);
    }
  });
});

describe('toMinorUnits', () => {
  it("reads the currency's digits: two (USD), none (CLP, JPY), three (KWD, BHD)", () => {
    expect(toMinorUnits(150.25, 'USD')).toEqual({ minor: 15025 });
    expect(toMinorUnits('150.2', 'USD')).toEqual({ minor: 15020 });
    expect(toMinorUnits(1500, 'CLP')).toEqual({ minor: 1500 });
    expect(toMinorUnits('1500', 'JPY')).toEqual({ minor: 1500 });
    expect(toMinorUnits(1.234, 'KWD')).toEqual({ minor: 1234 });
    expect(toMinorUnits('1.2', 'BHD')).toEqual({ minor: 1200 });
    expect(toMinorUnits('0.001', 'KWD')).toEqual({ minor: 1 });
    // Whole and fraction digits alike are an amount, not zero.
    expect(toMinorUnits('1.1', 'USD')).toEqual({ minor: 110 });
    expect(toMinorUnits(5.05, 'USD')).toEqual({ minor: 505 });
    expect(toMinorUnits('12.012', 'KWD')).toEqual({ minor: 12012 });
    expect(toMinorUnits('1.2345', 'KWD')).toEqual({ problem: 'too_many_decimals' });
    expect(toMinorUnits(1.2345, 'BHD')).toEqual({ problem: 'too_many_decimals' });
    expect(toMinorUnits(0.5, 'CLP')).toEqual({ problem: 'too_many_decimals' });
    expect(toMinorUnits(10, 'XXX')).toEqual({ problem: 'unknown_currency' });
    expect(toMinorUnits('10', 'usd')).toEqual({ problem: 'unknown_currency' });
  });

  it('a number written with an exponent is never read as zero or rounded: 1e-7 has too many decimals, 1e21 is too large', () => {
    expect(toMinorUnits(1e-7, 'USD')).toEqual({ problem: 'too_many_decimals' });
    expect(toMinorUnits(5e-7, 'KWD')).toEqual({ problem: 'too_many_decimals' });
    expect(toMinorUnits(1e21, 'USD')).toEqual({ problem: 'too_large' });
    expect(toMinorUnits(1e21, 'CLP')).toEqual({ problem: 'too_large' });
  });

  it('refuses zero and negatives as not positive, whatever the form', () => {
    for (const amount of [0, -0, -1, -0.01, '0', '0.00', '000']) {
      expect([amount, toMinorUnits(amount, 'USD')]).toEqual([amount, { problem: 'not_positive' }]);
    }
    for (const amount of [Infinity, -Infinity, NaN]) expect(toMinorUnits(amount, 'USD')).toEqual({ problem: 'not_a_number' });
    expect(toMinorUnits(null as unknown as number, 'USD')).toEqual({ problem: 'not_a_number' });
  });

  it('takes MAX_MINOR exactly and refuses one more, so no amount above 2^53 is ever rounded silently', () => {
    expect(MAX_MINOR).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(toMinorUnits('9999999999.99', 'USD')).toEqual({ minor: MAX_MINOR });
    expect(toMinorUnits(9999999999.99, 'USD')).toEqual({ minor: MAX_MINOR });
    expect(toMinorUnits('999999999999', 'CLP')).toEqual({ minor: MAX_MINOR });
    expect(toMinorUnits('999999999.999', 'KWD')).toEqual({ minor: MAX_MINOR });
    expect(toMinorUnits('10000000000.00', 'USD')).toEqual({ problem: 'too_large' });
    expect(toMinorUnits('1000000000000', 'CLP')).toEqual({ problem: 'too_large' });
    // 2^53 + 1 (9007199254740993) is not a double: read as digits, it must be refused, not rounded to 2^53.
    expect(toMinorUnits('9007199254740993', 'CLP')).toEqual({ problem: 'too_large' });
    expect(toMinorUnits('90071992547409.93', 'USD')).toEqual({ problem: 'too_large' });
    expect(toMinorUnits('999999999999999', 'CLP')).toEqual({ problem: 'too_large' });
    expect(toMinorUnits('1000000000000000', 'CLP')).toEqual({ problem: 'too_large' });
    expect(toMinorUnits(2 ** 53 + 2, 'CLP')).toEqual({ problem: 'too_large' });
    // Leading zeros do not count against the length.
    expect(toMinorUnits('0000000000000000001.00', 'USD')).toEqual({ minor: 100 });
  });
});

describe('amounts shown back', () => {
  it("formatMinor writes the currency's digits always, padding small amounts", () => {
    expect(formatMinor(15_000_000, 'COP')).toBe('150000.00');
    expect(formatMinor(5, 'USD')).toBe('0.05');
    expect(formatMinor(50, 'USD')).toBe('0.50');
    expect(formatMinor(0, 'USD')).toBe('0.00');
    expect(formatMinor(1500, 'CLP')).toBe('1500');
    expect(formatMinor(1234, 'KWD')).toBe('1.234');
    expect(formatMinor(1, 'BHD')).toBe('0.001');
    expect(formatMinor(MAX_MINOR, 'USD')).toBe('9999999999.99');
    expect(formatMinor(1234, 'XXX')).toBe('12.34');
  });

  it('minorToNumber is the amount in major units, exact', () => {
    expect(minorToNumber(15025, 'USD')).toBe(150.25);
    expect(minorToNumber(1234, 'KWD')).toBe(1.234);
    expect(minorToNumber(1500, 'JPY')).toBe(1500);
    expect(minorToNumber(MAX_MINOR, 'USD')).toBe(9999999999.99);
  });

  it('displayMoney writes what a person reads in each language, cents only where they mean something', () => {
    expect(displayMoney(2_500_000, 'COP', 'es')).toBe('COP 25.000');
    expect(displayMoney(2_500_000, 'COP', 'en')).toBe('COP 25,000');
    expect(displayMoney(2_500_050, 'COP', 'en')).toBe('COP 25,000.50');
    expect(displayMoney(15000, 'USD', 'es')).toBe('USD 150,00');
    expect(displayMoney(15000, 'USD', 'en')).toBe('USD 150.00');
    expect(displayMoney(15050, 'USD', 'en')).toBe('USD 150.50');
    expect(displayMoney(1500, 'CLP', 'es')).toBe('CLP 1.500');
    expect(displayMoney(1234, 'KWD', 'en')).toBe('KWD 1.234');
    expect(displayMoney(1000, 'BHD', 'en')).toBe('BHD 1.000');
    expect(displayMoney(1234, 'XXX', 'en')).toBe('XXX 12.34');
  });
});

describe('schema and messages', () => {
  it('isZeroAmount is true only for zero', () => {
    for (const zero of [0, '0', '0.00', '000.0']) expect([zero, isZeroAmount(zero)]).toEqual([zero, true]);
    for (const other of [0.01, '0.01', '10', '1.00', 'x', '', '-0']) expect([other, isZeroAmount(other)]).toEqual([other, false]);
  });

  it('MoneyInput takes a number or a decimal string, marked for the idempotency hash', () => {
    const schema = MoneyInput({ description: 'The amount.' }) as unknown as Record<string | symbol, unknown>;
    expect(schema[MONEY_INPUT]).toBe(true);
    expect(schema.type).toEqual(['number', 'string']);
    expect(schema.pattern).toBe('^\\d+(\\.\\d+)?$');
    expect(schema.description).toMatch(/^The amount\. A JSON number or a decimal string in major units/);
    expect(schema.examples).toEqual([150000, '150000.00']);
    expect((MoneyInput() as unknown as { description: string }).description).toMatch(/^A JSON number/);
  });

  it("each problem has its message, naming the currency's digits", () => {
    expect(amountProblemMessage('unknown_currency', 'XXX')).toBe('is not a supported ISO 4217 currency');
    expect(amountProblemMessage('not_positive', 'USD')).toBe('must be greater than 0');
    expect(amountProblemMessage('too_many_decimals', 'KWD')).toBe('KWD amounts have at most 3 decimal places');
    expect(amountProblemMessage('too_many_decimals', 'CLP')).toBe('CLP amounts have at most 0 decimal places');
    expect(amountProblemMessage('too_large', 'USD')).toBe('is too large');
    expect(amountProblemMessage('not_a_number', 'USD')).toBe('must be a number or a decimal string such as "150000.00"');
  });

  it('the currencies and their ISO 4217 digits', () => {
    expect(CURRENCIES).toEqual({
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
    });
  });
});
