/**
 * The field rules of the intent table (spec 4.5): each failure names its field.
 */
import type { ErrorDetail } from '../errors/api-error.js';
import { toMinorUnits, amountProblemMessage } from '../lib/money.js';
import { documentProblem, type DocumentType } from './documents.js';
import { RAILS, RAIL_TYPES, type CreateIntent, type RailId } from './schemas.js';

const BANK_DOCUMENTS: DocumentType[] = ['CC', 'CE', 'NIT', 'PASSPORT'];
const OTP_DOCUMENTS: DocumentType[] = ['CC', 'CE', 'TI'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A Colombian mobile: 10 digits starting with 3 (optionally written with +57). */
export function normalizePhone(raw: string): string | undefined {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '');
  return /^3\d{9}$/.test(digits) ? digits : undefined;
}

export interface ValidIntent {
  railId: RailId;
  amount: number;
  phoneNumber?: string;
  bankId?: string;
}

export function validateIntent(body: CreateIntent, bankIds: Set<string>): { intent?: ValidIntent; errors: ErrorDetail[] } {
  const errors: ErrorDetail[] = [];
  if (body.currency !== 'COP') errors.push({ field: 'currency', message: 'must be COP (alternative payments are Colombian)' });
  let amount: number | undefined;
  const parsed = toMinorUnits(body.amount, 'COP');
  if ('problem' in parsed) errors.push({ field: 'amount', message: amountProblemMessage(parsed.problem, 'COP') });
  else amount = parsed.minor;

  const railId = (RAILS as readonly string[]).includes(body.rail_id) ? (body.rail_id as RailId) : undefined;
  if (!railId) errors.push({ field: 'rail_id', message: `must be one of ${RAILS.join(', ')}` });
  else if (body.rail_type !== RAIL_TYPES[railId]) errors.push({ field: 'rail_type', message: `must be ${RAIL_TYPES[railId]} for ${railId}` });

  const c = body.customer ?? {};
  const required = (field: keyof typeof c) => {
    if (!c[field]?.trim()) errors.push({ field: `customer.${field}`, message: 'is required' });
  };
  const checkDocument = (allowed: DocumentType[]) => {
    if (c.document_type && !allowed.includes(c.document_type as DocumentType)) {
      errors.push({ field: 'customer.document_type', message: `must be one of ${allowed.join(', ')}` });
    } else if (c.document_type && c.document) {
      const problem = documentProblem(c.document_type as DocumentType, c.document);
      if (problem) errors.push({ field: 'customer.document', message: problem });
    }
  };
  let phoneNumber: string | undefined;

  if (railId === 'BANK_REDIRECT') {
    if (!body.return_url) errors.push({ field: 'return_url', message: 'is required' });
    else if (!/^https?:\/\/[^\s]+$/.test(body.return_url) || !URL.canParse(body.return_url))
      errors.push({ field: 'return_url', message: 'must be an http(s) URL' });
    required('bank_id');
    if (c.bank_id && !bankIds.has(c.bank_id)) errors.push({ field: 'customer.bank_id', message: 'is not in the current bank list (GET /api/banks)' });
    for (const field of ['document', 'document_type', 'first_name', 'last_name', 'email'] as const) required(field);
    if (c.email && !EMAIL.test(c.email)) errors.push({ field: 'customer.email', message: 'must be an e-mail address' });
    checkDocument(BANK_DOCUMENTS);
  }
  if (railId === 'WALLET_PUSH' || railId === 'WALLET_OTP') {
    required('phone_number');
    if (c.phone_number) {
      phoneNumber = normalizePhone(c.phone_number);
      if (!phoneNumber) errors.push({ field: 'customer.phone_number', message: 'must be a Colombian mobile number: 10 digits starting with 3' });
    }
  }
  if (railId === 'WALLET_OTP') checkDocument(OTP_DOCUMENTS);

  if (errors.length > 0 || !railId || amount === undefined) return { errors };
  return { intent: { railId, amount, ...(phoneNumber ? { phoneNumber } : {}), ...(c.bank_id ? { bankId: c.bank_id } : {}) }, errors };
}
