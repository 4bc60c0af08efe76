/**
 * Colombian identity documents (spec 4.5 customer.document / document_type):
 * shape checks per type, and the NIT's check digit with the DIAN algorithm.
 */
export type DocumentType = 'CC' | 'CE' | 'NIT' | 'PASSPORT' | 'TI';

// DIAN weights, applied from the rightmost digit of the NIT's number.
const DIAN_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

export function nitCheckDigit(number: string): number {
  const digits = number.split('').reverse();
  const sum = digits.reduce((acc, d, i) => acc + Number(d) * DIAN_WEIGHTS[i]!, 0);
  const remainder = sum % 11;
  return remainder > 1 ? 11 - remainder : remainder;
}

/** A problem with the document, or undefined when it is well formed. */
export function documentProblem(type: DocumentType, raw: string): string | undefined {
  const value = raw.trim();
  switch (type) {
    case 'CC':
      return /^\d{6,10}$/.test(value) ? undefined : 'a CC has 6 to 10 digits';
    case 'TI':
      return /^\d{10,11}$/.test(value) ? undefined : 'a TI has 10 or 11 digits';
    case 'CE':
      return /^[A-Za-z0-9]{6,12}$/.test(value) ? undefined : 'a CE has 6 to 12 letters or digits';
    case 'PASSPORT':
      return /^[A-Za-z0-9]{5,20}$/.test(value) ? undefined : 'a passport number has 5 to 20 letters or digits';
    case 'NIT': {
      // 9 digits and the check digit, with or without dots and a dash: 900.123.456-8 or 9001234568.
      const compact = value.replace(/\./g, '');
      const match = /^(\d{8,14})-?(\d)$/.exec(compact);
      if (!match) return 'a NIT has 9 digits and a check digit (900123456-8)';
      return nitCheckDigit(match[1]!) === Number(match[2]) ? undefined : 'the NIT check digit is wrong';
    }
  }
}
