/**
 * Colombian identity documents (spec 4.5 customer.document / document_type):
 * shape checks per type, and the NIT's check digit with the DIAN algorithm.
 * The types are PSE's (the bank-redirect rail): CC cédula de ciudadanía, CE
 * cédula de extranjería, NIT, TI tarjeta de identidad, PP pasaporte (the
 * spec's PASSPORT is the same document), RC registro civil, IDC identificador
 * único de cliente, CEL número de celular, DE documento de identificación
 * extranjero. A type whose number is numeric takes digits only.
 */
export type DocumentType = 'CC' | 'CE' | 'NIT' | 'PASSPORT' | 'TI' | 'PP' | 'RC' | 'IDC' | 'CEL' | 'DE';

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
      return /^\d{6,10}$/.test(value) ? undefined : 'a CC has 6 to 10 digits, digits only';
    case 'TI':
      return /^\d{10,11}$/.test(value) ? undefined : 'a TI has 10 or 11 digits, digits only';
    case 'CE':
      return /^[A-Za-z0-9]{6,12}$/.test(value) ? undefined : 'a CE has 6 to 12 letters or digits';
    case 'PASSPORT':
    case 'PP':
      return /^[A-Za-z0-9]{5,20}$/.test(value) ? undefined : 'a passport number has 5 to 20 letters or digits';
    case 'RC':
      return /^\d{10,11}$/.test(value) ? undefined : 'an RC has 10 or 11 digits, digits only';
    case 'IDC':
      return /^\d{5,20}$/.test(value) ? undefined : 'an IDC has 5 to 20 digits, digits only';
    case 'CEL':
      return /^3\d{9}$/.test(value) ? undefined : 'a CEL is a Colombian mobile number: 10 digits starting with 3, digits only';
    case 'DE':
      return /^[A-Za-z0-9]{4,20}$/.test(value) ? undefined : 'a DE has 4 to 20 letters or digits';
    case 'NIT': {
      // 9 digits and the check digit, with or without dots and a dash: 900.123.456-8 or 9001234568.
      const compact = value.replace(/\./g, '');
      const match = /^(\d{8,14})-?(\d)$/.exec(compact);
      if (!match) return 'a NIT has 9 digits and a check digit (900123456-8)';
      return nitCheckDigit(match[1]!) === Number(match[2]) ? undefined : 'the NIT check digit is wrong';
    }
  }
}

export const PERSON_TYPES = ['natural', 'legal'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

/**
 * The payer's person type as PSE asks for it: `customer.person_type` when
 * given, else `legal` for a NIT and `natural` for any other document (the
 * field is optional, so intents written before it keep working).
 */
export function payerPersonType(customer: Record<string, unknown>): PersonType {
  if (customer.person_type === 'natural' || customer.person_type === 'legal') return customer.person_type;
  return customer.document_type === 'NIT' ? 'legal' : 'natural';
}
