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
