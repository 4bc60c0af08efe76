/**
 * Code 128 (ISO/IEC 15417): the barcode of a cash payment's voucher, which a
 * store's scanner reads. Each symbol is three bars and three spaces, eleven
 * modules wide; the symbol check character is the start value plus each
 * value times its position, modulo 103; the stop pattern is thirteen modules.
 *
 * The encoder takes text and FNC1 (GS1-128 field separators) and picks code
 * set C for pairs of digits and code set B for everything else; the decoder
 * reads bars back to text (the tests check one against the other). The SVG
 * renders the bars with a quiet zone of ten modules on each side.
 */

/** Element widths (bar, space, bar, space, bar, space) of values 0 to 105; 106 is the stop. */
// biome-ignore format: the table reads ten values a line
const PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const CODE_B = 100;
export const CODE_C = 99;
export const FNC1 = 102;
export const START_B = 104;
export const START_C = 105;
export const STOP = 106;

/** The FNC1 marker in the text the encoder takes and the decoder gives back (GS1's group separator). */
export const FNC1_CHAR = '\u001d';

/** A symbol's modules as a bit string, 1 for a bar module, 0 for a space module. */
export function modulesOf(value: number): string {
  const widths = PATTERNS[value];
  if (widths === undefined) throw new RangeError(`Code 128 has no symbol value ${value}`);
  return [...widths].map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(w))).join('');
}

/** The symbol check character of the values from the start symbol on. */
export function checksum(values: readonly number[]): number {
  return values.reduce((sum, value, i) => sum + value * Math.max(i, 1), 0) % 103;
}

const digitRun = (text: string, at: number) => {
  let end = at;
  while (end < text.length && /\d/.test(text[end]!)) end++;
  return end - at;
};

/**
 * The symbol values of `text` (printable ASCII and FNC1_CHAR), start and check
 * character included, stop excluded: code set C for runs of four or more
 * digits (or two at the start), code set B otherwise.
 */
export function encodeValues(text: string): number[] {
  if (text.length === 0) throw new RangeError('Code 128 needs at least one character');
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch !== FNC1_CHAR && (code < 32 || code > 126)) throw new RangeError(`Code 128 code set B has no character ${JSON.stringify(ch)}`);
  }
  const values: number[] = [];
  const firstRun = digitRun(text.replace(FNC1_CHAR, ''), 0);
  let set: 'B' | 'C' = (text.startsWith(FNC1_CHAR) && firstRun >= 2) || digitRun(text, 0) >= 4 || (text.length === 2 && digitRun(text, 0) === 2) ? 'C' : 'B';
  values.push(set === 'C' ? START_C : START_B);
  let at = 0;
  while (at < text.length) {
    const ch = text[at]!;
    if (ch === FNC1_CHAR) {
      values.push(FNC1);
      at++;
      continue;
    }
    const run = digitRun(text, at);
    if (set === 'C' && run >= 2) {
      values.push(Number(text.slice(at, at + 2)));
      at += 2;
      continue;
    }
    if (set === 'B' && run >= 4) {
      // An odd run: its first digit in B, the pairs after it in C.
      if (run % 2 === 1) {
        values.push(ch.charCodeAt(0) - 32);
        at++;
      }
      values.push(CODE_C);
      set = 'C';
      continue;
    }
    if (set === 'C') {
      values.push(CODE_B);
      set = 'B';
    }
    values.push(ch.charCodeAt(0) - 32);
    at++;
  }
  values.push(checksum(values));
  return values;
}

/** The whole symbol's modules: start, data, check character, stop. */
export function encodeModules(text: string): string {
  return [...encodeValues(text), STOP].map(modulesOf).join('');
}

/** Reads the modules of a symbol back to its text: throws on an unknown pattern, a wrong check character or a missing stop. */
export function decodeModules(modules: string): string {
  const stop = modulesOf(STOP);
  if (!modules.endsWith(stop)) throw new SyntaxError('no stop pattern');
  const body = modules.slice(0, -stop.length);
  if (body.length % 11 !== 0) throw new SyntaxError('the symbols are not eleven modules each');
  const byModules = new Map(PATTERNS.slice(0, STOP).map((_, value) => [modulesOf(value), value]));
  const values: number[] = [];
  for (let at = 0; at < body.length; at += 11) {
    const value = byModules.get(body.slice(at, at + 11));
    if (value === undefined) throw new SyntaxError(`unknown symbol at module ${at}`);
    values.push(value);
  }
  const check = values.pop();
  if (check !== checksum(values)) throw new SyntaxError('wrong check character');
  let set: 'B' | 'C';
  if (values[0] === START_B) set = 'B';
  else if (values[0] === START_C) set = 'C';
  else throw new SyntaxError('no start B or start C');
  let text = '';
  for (const value of values.slice(1)) {
    if (value === FNC1) text += FNC1_CHAR;
    else if (set === 'C' && value === CODE_B) set = 'B';
    else if (set === 'B' && value === CODE_C) set = 'C';
    else if (set === 'C' && value < 100) text += String(value).padStart(2, '0');
    else if (set === 'B' && value < 95) text += String.fromCharCode(value + 32);
    else throw new SyntaxError(`value ${value} is not supported in code set ${set}`);
  }
  return text;
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** The symbol as an SVG image: one rect per bar, `moduleWidth` user units per module, with the human-readable line under it. */
export function code128Svg(text: string, options: { caption?: string; moduleWidth?: number; height?: number } = {}): string {
  const modules = encodeModules(text);
  const unit = options.moduleWidth ?? 2;
  const height = options.height ?? 80;
  const quiet = 10 * unit;
  const width = modules.length * unit + 2 * quiet;
  const captionHeight = options.caption ? 20 : 0;
  const bars: string[] = [];
  for (let at = 0; at < modules.length; ) {
    if (modules[at] === '0') {
      at++;
      continue;
    }
    let end = at;
    while (modules[end] === '1') end++;
    bars.push(`<rect x="${quiet + at * unit}" y="0" width="${(end - at) * unit}" height="${height}"/>`);
    at = end;
  }
  const title = escapeXml(options.caption ?? text.replaceAll(FNC1_CHAR, ' '));
  const caption = options.caption
    ? `<text x="${width / 2}" y="${height + 15}" font-family="monospace" font-size="12" text-anchor="middle">${escapeXml(options.caption)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${width} ${height + captionHeight}" width="${width}" height="${height + captionHeight}"><title>${title}</title><rect width="100%" height="100%" fill="#fff"/><g fill="#000">${bars.join('')}</g>${caption}</svg>`;
}
