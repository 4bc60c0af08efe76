/**
 * Colombian interoperable QR rail: EMVCo merchant-presented QR payloads.
 *
 * The payload follows the public EMVCo "QR Code Specification for Payment
 * Systems — Merchant-Presented Mode" (the base of the Colombian interoperable
 * QR standard): a flat sequence of TLV data objects (2-digit id, 2-digit
 * length, value), ending with a CRC-16/CCITT-FALSE over everything before it.
 * Of the Colombian templates (80–99) it emits, when asked, the channel (80)
 * and the transaction identifier (90); the tax fields (81–85) are not emitted.
 *
 * This module is pure apart from `qrImageDataUri`, which renders a PNG.
 */
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no xorout. */
export function crc16ccittFalse(input: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(input, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * One EMVCo data object: 2-digit id, 2-digit length, value. The length counts
 * characters (UTF-16 code units; every value this module emits is ASCII).
 */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`TLV id must be two digits, got "${id}"`);
  if (value.length > 99) {
    throw new RangeError(`TLV ${id}: value is ${value.length} characters, the maximum is 99`);
  }
  return id + String(value.length).padStart(2, '0') + value;
}

/**
 * Top-level data objects of a TLV payload, by id. Templates (e.g. 26, 62) come
 * back as their raw value, which is itself TLV and can be passed to parseTlv.
 * Throws on a malformed or truncated payload or a repeated id.
 */
export function parseTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const head = payload.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new SyntaxError(`Malformed TLV header at offset ${at}`);
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    const start = at + 4;
    if (start + length > payload.length) {
      throw new SyntaxError(`TLV ${id} at offset ${at} runs past the end of the payload`);
    }
    if (fields.has(id)) throw new SyntaxError(`TLV ${id} appears more than once`);
    fields.set(id, payload.slice(start, start + length));
    at = start + length;
  }
  return fields;
}

/**
 * Whether the payload ends with a CRC data object ("6304" + 4 hex digits)
 * matching the CRC-16/CCITT-FALSE of everything before those 4 digits.
 * Hex digits are compared case-insensitively.
 */
export function verifyCrc(payload: string): boolean {
  if (payload.length < 8) return false;
  const crcTag = payload.slice(-8, -4);
  const given = payload.slice(-4);
  if (crcTag !== '6304' || !/^[0-9A-Fa-f]{4}$/.test(given)) return false;
  return crc16ccittFalse(payload.slice(0, -4)) === given.toUpperCase();
}

/** Letters that Unicode decomposition does not reduce to ASCII. */
const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
};

/**
 * Folds text to printable ASCII: accents are stripped ("Café" -> "Cafe",
 * "Bogotá" -> "Bogota", "Ñ" -> "N"), other characters that have no ASCII form
 * are dropped, whitespace is collapsed, and the result is cut to `max`.
 */
function asciiText(text: string, max: number): string {
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, (ch) => EXTRA_FOLDS[ch] ?? (/\s/.test(ch) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    .trim();
  return folded.slice(0, max).trimEnd();
}

/** A value that must be carried verbatim: printable ASCII, 1..max characters. */
function exactAscii(field: string, value: string, max: number): string {
  if (value.length === 0 || value.length > max || !/^[\x20-\x7E]+$/.test(value)) {
    throw new RangeError(`${field} must be 1-${max} printable ASCII characters`);
  }
  return value;
}

/** Integer minor units (centavos) to "units.cc" without floating point. */
function formatAmount(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new RangeError('amountMinor must be a positive integer number of minor units');
  }
  const digits = String(amountMinor).padStart(3, '0');
  const amount = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  if (amount.length > 13) throw new RangeError('amount exceeds the 13 characters EMVCo allows');
  return amount;
}

export interface EmvMerchantPresentedInput {
  /** Merchant account information (template 26): GUI/domain and merchant id (a Bre-B key). */
  merchantAccount: { gui: string; merchantId: string };
  /** Folded to ASCII and cut to 25 characters. */
  merchantName: string;
  /** Folded to ASCII and cut to 15 characters. */
  merchantCity: string;
  /**
   * Amount in COP minor units (centavos); 1500000 -> "15000.00". Absent: a
   * static QR (point of initiation "11"), the payer types the amount.
   */
  amountMinor?: number;
  /** Reference label (62/05), 1-25 printable ASCII characters, never truncated; static QRs may have none. */
  reference?: string;
  /** ISO 18245 merchant category code, 4 digits; default "0000". */
  mcc?: string;
  /** Postal code (61), up to 10 printable ASCII characters. */
  postalCode?: string;
  /**
   * Colombian template 80, sub-field 01: the channel that made the QR
   * (`ECOMM` internet, `APP`, `POS`, ...). Absent: no template 80.
   */
  channel?: string;
  /**
   * Colombian template 90, sub-field 01: the transaction identifier, up to 19
   * characters for an instant payment; `000000` on a static QR. Absent: no template 90.
   */
  transactionId?: string;
}

/** ISO 4217 numeric code of the Colombian peso. */
const CURRENCY_COP = '170';

/**
 * An EMVCo merchant-presented payload in COP, ending in its CRC: dynamic
 * (single use, with the amount) or static (no amount). Data objects are
 * emitted in ascending id order: 00 format "01", 01 point of initiation
 * ("12" dynamic, "11" static), 26 merchant account, 52 MCC, 53 currency
 * "170", 54 amount (dynamic only), 58 country "CO", 59 name, 60 city,
 * 61 postal code (if given), 62 additional data (05 reference, if given),
 * 80 channel and 90 transaction id (the Colombian fields, if given), 63 CRC.
 */
export function emvMerchantPresentedPayload(input: EmvMerchantPresentedInput): string {
  const gui = exactAscii('merchantAccount.gui', input.merchantAccount.gui, 32);
  const merchantId = exactAscii('merchantAccount.merchantId', input.merchantAccount.merchantId, 99);
  const mcc = input.mcc ?? '0000';
  if (!/^\d{4}$/.test(mcc)) throw new RangeError('mcc must be 4 digits');
  const name = asciiText(input.merchantName, 25);
  if (!name) throw new RangeError('merchantName has no representable characters');
  const city = asciiText(input.merchantCity, 15);
  if (!city) throw new RangeError('merchantCity has no representable characters');
  const dynamic = input.amountMinor !== undefined;

  let payload =
    tlv('00', '01') +
    tlv('01', dynamic ? '12' : '11') +
    tlv('26', tlv('00', gui) + tlv('01', merchantId)) +
    tlv('52', mcc) +
    tlv('53', CURRENCY_COP) +
    (dynamic ? tlv('54', formatAmount(input.amountMinor!)) : '') +
    tlv('58', 'CO') +
    tlv('59', name) +
    tlv('60', city);
  if (input.postalCode !== undefined) {
    payload += tlv('61', exactAscii('postalCode', input.postalCode, 10));
  }
  if (input.reference !== undefined) payload += tlv('62', tlv('05', exactAscii('reference', input.reference, 25)));
  if (input.channel !== undefined) payload += tlv('80', tlv('01', exactAscii('channel', input.channel, 6)));
  if (input.transactionId !== undefined) payload += tlv('90', tlv('01', exactAscii('transactionId', input.transactionId, 19)));
  payload += '6304';
  return payload + crc16ccittFalse(payload);
}

const QR_WIDTH = 300;
const QR_MARGIN = 2;
const QR_CACHE_SIZE = 512;
const rendered = new Map<string, string>();

/**
 * The content rendered as a QR code: a PNG data URI (ECC level M, margin 2
 * modules, 300 × 300 px). The modules come from `qrcode`; the PNG is written
 * here as a 1-bit grayscale image (the library's PNG renderer builds and
 * compresses a 32-bit RGBA image, about 15 times the CPU). The same pixels:
 * module (i, j) covers the pixels whose floor((p − margin × scale) / scale)
 * is i, j, as in `qrcode`. Recent images are cached (the payment view
 * renders the same content again).
 */
export function qrImageDataUri(content: string): string {
  const hit = rendered.get(content);
  if (hit !== undefined) return hit;
  const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
  const uri = `data:image/png;base64,${qrPng(modules.size, modules.data, QR_WIDTH, QR_MARGIN).toString('base64')}`;
  if (rendered.size >= QR_CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
  rendered.set(content, uri);
  return uri;
}

/** A width × width 1-bit grayscale PNG of a QR matrix (`data[row × size + column]` truthy = dark). */
export function qrPng(size: number, data: ArrayLike<number | boolean>, width: number, margin: number): Buffer {
  const scale = width / (size + margin * 2);
  const scaledMargin = margin * scale;
  const rowBytes = Math.ceil(width / 8);
  const stride = rowBytes + 1; // the filter-type byte (0, none) opens each row
  const raw = Buffer.alloc(stride * width);
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = x >= scaledMargin && x < width - scaledMargin ? Math.floor((x - scaledMargin) / scale) : -1;
  // Pixel rows of the same module row are the same bytes: pack each module row once (index size: the margin).
  const packed = new Map<number, Buffer>();
  const rowOf = (i: number): Buffer => {
    let bytes = packed.get(i);
    if (!bytes) {
      bytes = Buffer.alloc(rowBytes);
      for (let x = 0; x < width; x++) {
        const j = column[x]!;
        // 1 = white in 1-bit grayscale; dark pixels leave their bit at 0.
        if (i < 0 || j < 0 || !data[i * size + j]) bytes[x >> 3]! |= 0x80 >> (x & 7);
      }
      packed.set(i, bytes);
    }
    return bytes;
  };
  for (let y = 0; y < width; y++) {
    const i = y >= scaledMargin && y < width - scaledMargin ? Math.floor((y - scaledMargin) / scale) : -1;
    rowOf(i).copy(raw, y * stride + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale; compression, filter and interlace 0
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'ascii');
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(bytes: Buffer): number {
  let c = -1;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
