/**
 * The field rules the rails share (spec 4.5), for their definitions'
 * `validate`: a required customer field, an identity document of an allowed
 * type, a Colombian mobile, an e-mail address, an http(s) URL, a bank of the
 * current list. Each failure is one error naming its field.
 */
import type { ErrorDetail } from '../../errors/api-error.js';
import { documentProblem, type DocumentType } from './documents.js';
import type { IntentRequest } from './registry.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A Colombian mobile: 10 digits starting with 3 (optionally written with +57). */
export function normalizePhone(raw: string): string | undefined {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '');
  return /^3\d{9}$/.test(digits) ? digits : undefined;
}

export interface RuleBook {
  /** `customer.<field>` must be there and not blank. */
  required(field: string): void;
  /** `customer.document_type`, when given, is one of `allowed`, and `customer.document` has its shape. */
  document(allowed: readonly DocumentType[]): void;
  /** `customer.phone_number` is required and a Colombian mobile: its 10 digits, or undefined. */
  phone(): string | undefined;
  /** `customer.email`, when given, is an e-mail address. */
  email(): void;
  /** `return_url` is required and an http(s) URL. */
  returnUrl(): void;
  /** `customer.bank_id` is required and in the current bank list. */
  bank(): void;
}

/** The rule book over one request, pushing its problems into `errors`. */
export function ruleBook(request: IntentRequest, bankIds: ReadonlySet<string>, errors: ErrorDetail[]): RuleBook {
  const c = request.customer ?? {};
  const required = (field: string) => {
    if (!c[field]?.trim()) errors.push({ field: `customer.${field}`, message: 'is required' });
  };
  return {
    required,
    document(allowed) {
      if (c.document_type && !allowed.includes(c.document_type as DocumentType)) {
        errors.push({ field: 'customer.document_type', message: `must be one of ${allowed.join(', ')}` });
      } else if (c.document_type && c.document) {
        const problem = documentProblem(c.document_type as DocumentType, c.document);
        if (problem) errors.push({ field: 'customer.document', message: problem });
      }
    },
    phone() {
      required('phone_number');
      if (!c.phone_number) return undefined;
      const phone = normalizePhone(c.phone_number);
      if (!phone) errors.push({ field: 'customer.phone_number', message: 'must be a Colombian mobile number: 10 digits starting with 3' });
      return phone;
    },
    email() {
      if (c.email && !EMAIL.test(c.email)) errors.push({ field: 'customer.email', message: 'must be an e-mail address' });
    },
    returnUrl() {
      if (!request.return_url) errors.push({ field: 'return_url', message: 'is required' });
      else if (!/^https?:\/\/[^\s]+$/.test(request.return_url) || !URL.canParse(request.return_url))
        errors.push({ field: 'return_url', message: 'must be an http(s) URL' });
    },
    bank() {
      required('bank_id');
      if (c.bank_id && !bankIds.has(c.bank_id)) errors.push({ field: 'customer.bank_id', message: 'is not in the current bank list (GET /api/banks)' });
    },
  };
}
