/**
 * The BIN table the migrations load (brand, type, issuer, country). It covers
 * the sandbox's test cards and some common ranges; an operator can add rows.
 */
export const BIN_SEED = [
  { bin: '424242', brand: 'visa', type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '400005', brand: 'visa', type: 'debit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '40000566', brand: 'visa', type: 'debit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '400000', brand: 'visa', type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '40000000', brand: 'visa', type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '410000', brand: 'visa', type: 'credit', issuer: 'Pasarela Test Bank', country: 'COL' },
  { bin: '411111', brand: 'visa', type: 'credit', issuer: 'Banco de Pruebas', country: 'COL' },
  { bin: '555555', brand: 'mastercard', type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '520082', brand: 'mastercard', type: 'debit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '222300', brand: 'mastercard', type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '378282', brand: 'amex', type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '371449', brand: 'amex', type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '601111', brand: 'discover', type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '353011', brand: 'jcb', type: 'credit', issuer: 'Pasarela Test Bank', country: 'JPN' },
  { bin: '305693', brand: 'diners', type: 'credit', issuer: 'Pasarela Test Bank', country: 'USA' },
  { bin: '457562', brand: 'visa', type: 'prepaid', issuer: 'Banco de Pruebas', country: 'COL' },
];

/**
 * The 3-D Secure version each seeded BIN supports (migration 009; docs/sandbox.md
 * "3-D Secure version"). A BIN absent here, or null, has no 3-D Secure.
 */
export const BIN_3DS_VERSIONS: Record<string, string | null> = {
  '424242': '2.2.0',
  '400005': '2.2.0',
  '40000566': '2.1.0',
  '400000': '2.1.0',
  '40000000': '2.2.0',
  '410000': '1.0.2',
  '411111': null,
  '555555': '2.2.0',
  '520082': '2.1.0',
  '222300': '2.2.0',
  '378282': '1.0.2',
  '371449': '2.1.0',
  '601111': '2.2.0',
  '353011': '2.1.0',
  '305693': null,
  '457562': null,
};
