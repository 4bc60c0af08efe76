import { describe, expect, it } from 'vitest';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { crc16ccittFalse, emvMerchantPresentedPayload, parseTlv, qrImageDataUri, tlv, verifyCrc } from '../src/payments/apm/qr.js';

// jsqr is a UMD/CommonJS bundle whose typings declare `export default`; under
// NodeNext the default import is typed as the module object, and at runtime it
// is the function (which also carries a `default` property).
type JsQR = typeof jsQRModule.default;
const jsQR: JsQR = (jsQRModule as unknown as { default?: JsQR }).default ?? (jsQRModule as unknown as JsQR);

const input = {
  merchantAccount: { gui: 'CO.COM.PASARELA', merchantId: 'MRC0001' },
  merchantName: 'Tienda Café',
  merchantCity: 'Bogotá',
  amountMinor: 1_500_000,
  reference: 'pay_01HZX3',
};

describe('crc16ccittFalse', () => {
  it('matches the CRC-16/CCITT-FALSE check value', () => {
    expect(crc16ccittFalse('123456789')).toBe('29B1');
  });

  it('pads to four uppercase hex digits', () => {
    expect(crc16ccittFalse('')).toBe('FFFF');
    expect(crc16ccittFalse('hello')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('tlv', () => {
  it('encodes id, 2-digit length and value', () => {
    expect(tlv('58', 'CO')).toBe('5802CO');
    expect(tlv('62', tlv('05', 'ABC'))).toBe('62070503ABC');
  });

  it('rejects values longer than 99 characters and bad ids', () => {
    expect(tlv('05', 'x'.repeat(99))).toHaveLength(103);
    expect(() => tlv('05', 'x'.repeat(100))).toThrow(RangeError);
    expect(() => tlv('5', 'x')).toThrow(RangeError);
  });
});

describe('a published EMVCo vector (Pix)', () => {
  // Static Pix QR example from the Banco Central do Brasil's "Manual de
  // Padrões para Iniciação do Pix" (Pix is an EMVCo merchant-presented
  // profile using the same TLV format and CRC-16/CCITT-FALSE).
  const pix = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' + '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

  it('has a CRC equal to crc16ccittFalse of everything up to and including "6304"', () => {
    expect(pix.slice(-8, -4)).toBe('6304');
    expect(crc16ccittFalse(pix.slice(0, -4))).toBe(pix.slice(-4));
    expect(pix.slice(-4)).toBe('1D3D');
    expect(verifyCrc(pix)).toBe(true);
  });

  it('parses into its top-level fields', () => {
    const fields = parseTlv(pix);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('26')).toBe('0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('Fulano de Tal');
    expect(fields.get('63')).toBe('1D3D');
    const account = parseTlv(fields.get('26') ?? '');
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe('123e4567-e12b-12d1-a456-426655440000');
    expect([...fields.keys()]).toEqual(['00', '26', '52', '53', '58', '59', '60', '62', '63']);
  });
});

describe('parseTlv', () => {
  it('rejects malformed, truncated and repeated data objects', () => {
    expect(() => parseTlv('0002')).toThrow(SyntaxError);
    expect(() => parseTlv('00020')).toThrow(SyntaxError);
    expect(() => parseTlv('0a0201')).toThrow(SyntaxError);
    expect(() => parseTlv('000201000201')).toThrow(SyntaxError);
    expect(parseTlv('').size).toBe(0);
  });
});

describe('emvMerchantPresentedPayload', () => {
  const payload = emvMerchantPresentedPayload(input);
  const fields = parseTlv(payload);

  it('carries the Colombian dynamic QR fields', () => {
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('170');
    expect(fields.get('54')).toBe('15000.00');
    expect(fields.get('58')).toBe('CO');
    expect(fields.get('59')).toBe('Tienda Cafe');
    expect(fields.get('60')).toBe('Bogota');
    expect(fields.has('61')).toBe(false);
    expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(payload.startsWith('000201010212')).toBe(true);
  });

  it('nests the merchant account and the reference label', () => {
    const account = parseTlv(fields.get('26') ?? '');
    expect(account.get('00')).toBe('CO.COM.PASARELA');
    expect(account.get('01')).toBe('MRC0001');
    expect(parseTlv(fields.get('62') ?? '').get('05')).toBe('pay_01HZX3');
  });

  it('ends with a CRC over everything up to and including "6304"', () => {
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16ccittFalse(payload.slice(0, -4)));
    expect(verifyCrc(payload)).toBe(true);
  });

  it('fails verification when any one character changes', () => {
    for (let i = 0; i < payload.length; i++) {
      const ch = payload[i] === 'X' ? 'Y' : 'X';
      const tampered = payload.slice(0, i) + ch + payload.slice(i + 1);
      expect(verifyCrc(tampered), `position ${i}`).toBe(false);
    }
    expect(verifyCrc(payload.slice(0, -1))).toBe(false);
    expect(verifyCrc('')).toBe(false);
  });

  it('folds the name and city to ASCII and truncates them', () => {
    const f = parseTlv(
      emvMerchantPresentedPayload({
        ...input,
        merchantName: 'Panadería y Pastelería Doña Ñañez Ltda.',
        merchantCity: 'San José del Guaviare',
      }),
    );
    expect(f.get('59')).toBe('Panaderia y Pasteleria Do');
    expect(f.get('59')).toHaveLength(25);
    expect(f.get('60')).toBe('San Jose del Gu');
    expect(f.get('60')).toHaveLength(15);

    const g = parseTlv(emvMerchantPresentedPayload({ ...input, merchantName: 'Ñandú  Straße 🚀', merchantCity: 'Medellín' }));
    expect(g.get('59')).toBe('Nandu Strasse');
    expect(g.get('60')).toBe('Medellin');
  });

  it('formats the amount from minor units without floating point', () => {
    const amount = (amountMinor: number) => parseTlv(emvMerchantPresentedPayload({ ...input, amountMinor })).get('54');
    expect(amount(1)).toBe('0.01');
    expect(amount(10)).toBe('0.10');
    expect(amount(100)).toBe('1.00');
    expect(amount(1_500_000)).toBe('15000.00');
    expect(amount(123_456_789_01)).toBe('123456789.01');
    expect(() => amount(0)).toThrow(RangeError);
    expect(() => amount(1.5)).toThrow(RangeError);
    expect(() => amount(-100)).toThrow(RangeError);
  });

  it('accepts an MCC and postal code, and validates inputs', () => {
    const f = parseTlv(emvMerchantPresentedPayload({ ...input, mcc: '5411', postalCode: '110111' }));
    expect(f.get('52')).toBe('5411');
    expect(f.get('61')).toBe('110111');
    expect(() => emvMerchantPresentedPayload({ ...input, mcc: '54' })).toThrow(RangeError);
    expect(() => emvMerchantPresentedPayload({ ...input, reference: 'r'.repeat(26) })).toThrow(RangeError);
    expect(() => emvMerchantPresentedPayload({ ...input, reference: '' })).toThrow(RangeError);
    expect(() => emvMerchantPresentedPayload({ ...input, merchantName: '🚀' })).toThrow(RangeError);
    expect(() => emvMerchantPresentedPayload({ ...input, merchantAccount: { gui: 'CO.COM.PASARELA', merchantId: 'x'.repeat(90) } })).toThrow(RangeError);
  });
});

describe('qrImageDataUri', () => {
  it('renders a PNG that decodes back to the payload', async () => {
    const payload = emvMerchantPresentedPayload(input);
    const uri = await qrImageDataUri(payload);
    expect(uri).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

    const png = PNG.sync.read(Buffer.from(uri.slice('data:image/png;base64,'.length), 'base64'));
    expect(png.width).toBe(300);
    expect(png.height).toBe(300);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(payload);
  });

  it("is a 1-bit grayscale PNG with the same pixels as the qrcode library's own RGBA rendering", async () => {
    for (const payload of [
      emvMerchantPresentedPayload(input),
      emvMerchantPresentedPayload({ ...input, amountMinor: 123_456_789, reference: 'R'.repeat(25) }),
    ]) {
      const ours = PNG.sync.read(Buffer.from((await qrImageDataUri(payload)).split(',')[1]!, 'base64'));
      const theirs = PNG.sync.read(
        Buffer.from((await QRCode.toDataURL(payload, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 300 })).split(',')[1]!, 'base64'),
      );
      expect(ours.depth).toBe(1);
      expect(ours.colorType).toBe(0);
      expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
      // pngjs expands both to RGBA: every pixel the same.
      expect(Buffer.compare(ours.data, theirs.data)).toBe(0);
    }
  });
});
