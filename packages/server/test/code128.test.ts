import { describe, expect, it } from 'vitest';
import {
  checksum,
  code128Svg,
  decodeModules,
  encodeModules,
  encodeValues,
  FNC1,
  FNC1_CHAR,
  modulesOf,
  START_B,
  START_C,
  STOP,
} from '../src/payments/methods/cash/code128.js';
import { cashBarcode, CASH_COLLECTOR_GLN, isCashReference, withGs1CheckDigit } from '../src/payments/methods/cash/voucher.js';

/** Reads an SVG's bars back to modules (each rect: x and width in units of `unit`, after a quiet zone of ten modules). */
function modulesOfSvg(svg: string, unit = 2): string {
  const bars = [...svg.matchAll(/<rect x="(\d+)" y="0" width="(\d+)"/g)].map((m) => ({ x: Number(m[1]) / unit - 10, w: Number(m[2]) / unit }));
  const end = bars.at(-1)!.x + bars.at(-1)!.w;
  const modules = Array.from({ length: end }, () => '0');
  for (const bar of bars) for (let i = 0; i < bar.w; i++) modules[bar.x + i] = '1';
  return modules.join('');
}

describe('Code 128', () => {
  it('draws the standard patterns of the start, stop and data symbols', () => {
    // ISO/IEC 15417's table: Start B 211214, Start C 211232, stop 2331112, FNC1 411131, value 0 212222, value 99 113141.
    expect(modulesOf(START_B)).toBe('11010010000');
    expect(modulesOf(START_C)).toBe('11010011100');
    expect(modulesOf(STOP)).toBe('1100011101011');
    expect(modulesOf(FNC1)).toBe('11110101110');
    expect(modulesOf(0)).toBe('11011001100');
    expect(modulesOf(99)).toBe('10111011110');
    // Every data symbol is eleven modules, starts with a bar, ends with a space, and no two are alike.
    const all = Array.from({ length: 106 }, (_, v) => modulesOf(v));
    for (const m of all) expect(m).toMatch(/^1[01]{9}0$/);
    expect(new Set(all).size).toBe(106);
  });

  it('computes the check character: the start value plus each value times its position, modulo 103', () => {
    // "PJJ123C" in code set B: 104 + 1·48 + 2·42 + 3·42 + 4·17 + 5·18 + 6·19 + 7·35 = 879, and 879 mod 103 = 55.
    expect(encodeValues('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
    expect(checksum([105, 12, 34, 56])).toBe((105 + 12 + 2 * 34 + 3 * 56) % 103);
  });

  it('packs digits in pairs with code set C and switches to B for the rest', () => {
    expect(encodeValues('123456')).toEqual([START_C, 12, 34, 56, checksum([START_C, 12, 34, 56])]);
    // An odd run of digits: the last one in code set B.
    const odd = encodeValues('12345');
    expect(odd.slice(0, 5)).toEqual([START_C, 12, 34, 100, 21]);
    // Text, then a long run of digits: B, then C.
    expect(encodeValues('AB12345678').slice(0, 8)).toEqual([START_B, 33, 34, 99, 12, 34, 56, 78]);
    // GS1-128: FNC1 first, in code set C.
    expect(encodeValues(`${FNC1_CHAR}8020123456`).slice(0, 3)).toEqual([START_C, FNC1, 80]);
  });

  it('decodes its bars back to the text, and refuses a wrong check character', () => {
    for (const text of ['PJJ123C', '12345', 'Pasarela 2026', `${FNC1_CHAR}4157709998000001${FNC1_CHAR}39001`, '0', 'A1B2C3D4E5', '9'.repeat(31)]) {
      expect(decodeModules(encodeModules(text))).toBe(text);
    }
    const modules = encodeModules('123456');
    // Replace the check character (the symbol before the stop) by another valid symbol.
    const tampered = modules.slice(0, -24) + modulesOf(7) + modules.slice(-13);
    expect(() => decodeModules(tampered)).toThrow(/check character/);
  });

  it('refuses what code set B cannot write', () => {
    expect(() => encodeValues('')).toThrow(RangeError);
    expect(() => encodeValues('ñ')).toThrow(RangeError);
  });

  it("renders an SVG whose bars read back to the voucher's barcode", () => {
    const barcode = cashBarcode({ reference: '412345678905', amountMinor: 50_000_00, expiresAt: '2026-12-02T03:00:00.000Z' });
    // The last day is Colombian time (UTC-5): 03:00 UTC on 2 December is still 1 December in Bogotá.
    expect(barcode.text).toBe(`(415)${CASH_COLLECTOR_GLN}(8020)412345678905(3900)0000050000(96)20261201`);
    const svg = code128Svg(barcode.data, { caption: barcode.text });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(`<title>${barcode.text}</title>`);
    expect(decodeModules(modulesOfSvg(svg))).toBe(barcode.data);
  });

  it('gives the collector a GS1 location number with its check digit, and references a Luhn check digit', () => {
    // GS1's own example of the check digit: 629104150021 → 3.
    expect(withGs1CheckDigit('629104150021')).toBe('6291041500213');
    expect(CASH_COLLECTOR_GLN).toMatch(/^770\d{10}$/);
    expect(isCashReference('412345678905')).toBe(true);
    expect(isCashReference('412345678903')).toBe(false);
    expect(isCashReference('012345678905')).toBe(false);
    expect(isCashReference('41234567890')).toBe(false);
  });
});
