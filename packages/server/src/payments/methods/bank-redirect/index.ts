/**
 * BANK_REDIRECT (spec 4.5): the customer goes to their bank's page
 * (`rail.payment_link`) and approves there; the bank then processes it
 * (IN_PROGRESS / PENDING_PROVIDER) and settles.
 */
import { Type } from 'typebox';
import { PERSON_TYPES, type DocumentType, type PersonType } from '../documents.js';
import type { PaymentMethodDefinition } from '../registry.js';

const Text = (max: number, description?: string) => Type.Optional(Type.String({ maxLength: max, ...(description ? { description } : {}) }));

/**
 * The document types PSE takes: the spec's four (CC, CE, NIT, PASSPORT) and
 * the others PSE lists (PP is PSE's code for a passport, PASSPORT's synonym).
 */
export const PSE_DOCUMENTS: DocumentType[] = ['CC', 'CE', 'NIT', 'PASSPORT', 'PP', 'TI', 'RC', 'IDC', 'CEL', 'DE'];

export const bankRedirect: PaymentMethodDefinition = {
  id: 'BANK_REDIRECT',
  family: 'rail',
  railType: 'BANK_TRANSFER',
  customer: {
    bank_id: Text(16, 'Required: the PSE financial institution code, an `id` of GET /api/banks.'),
    person_type: Text(
      10,
      "Optional: `natural` or `legal` (PSE's persona natural or jurídica). A legal person is identified by its NIT. When absent: `legal` for a NIT, `natural` otherwise.",
    ),
    document_type: Text(10, `Required: ${PSE_DOCUMENTS.join(', ')} (PP and PASSPORT are both a passport).`),
    document: Text(20, 'Required: the document number, digits only for CC, TI, RC, IDC and CEL; a NIT with its check digit (900123456-8).'),
    first_name: Text(100, "Required (a legal person: its name's first part, or the whole name)."),
    last_name: Text(100, 'Required.'),
    email: Text(254, "Required: the payer's e-mail; the bank sends the receipt to it."),
  },
  validate(request, rules, errors) {
    rules.returnUrl();
    rules.bank();
    for (const field of ['document', 'document_type', 'first_name', 'last_name', 'email']) rules.required(field);
    rules.email();
    rules.document(PSE_DOCUMENTS);
    const customer = request.customer ?? {};
    const personType = customer.person_type;
    const documentType = customer.document_type;
    if (personType !== undefined && !PERSON_TYPES.includes(personType as PersonType))
      errors.push({ field: 'customer.person_type', message: 'must be natural or legal' });
    else if (personType === 'legal' && documentType && documentType !== 'NIT' && PSE_DOCUMENTS.includes(documentType as DocumentType))
      errors.push({ field: 'customer.document_type', message: `a legal person is identified by its NIT, not a ${documentType}` });
    return {};
  },
  validity: { setting: 'BANK_REDIRECT_VALIDITY_SECONDS', defaultSeconds: 21 * 60 },
  sandbox: {
    async initiate(_intent, tools) {
      const pageToken = tools.bankPage();
      const automaticOutcome = tools.mock ? 'approve' : await tools.bankOutcome(_intent.bankId);
      return { pageToken, ...(automaticOutcome ? { automaticOutcome } : {}) };
    },
    customer: 'bank-page',
    testData:
      'Each test bank of GET /api/banks decides by itself (its `sandbox_outcome`): 9001 approves, 9002 rejects, 9003 fails, 9004 answers pending and approves later, 9005 is abandoned by its customer; the others wait for the customer on the bank page.',
  },
  checkout: {
    fields: [
      { name: 'bank_id' },
      { name: 'person_type' },
      { name: 'document_type' },
      { name: 'document' },
      { name: 'first_name' },
      { name: 'last_name' },
      { name: 'email' },
    ],
    then: 'redirect',
  },
  texts: {
    es: {
      label: 'Transferencia desde su banco',
      waitingLead: 'Su pago espera que usted lo apruebe en su banco.',
      declinedReason: 'El pago no fue aprobado en su banco.',
    },
    en: {
      label: 'Transfer from your bank',
      waitingLead: 'Your payment is waiting for you to approve it at your bank.',
      declinedReason: 'The payment was not approved at your bank.',
    },
  },
  dashboardLabel: { es: 'Transferencia bancaria (redirección)', en: 'Bank transfer (redirect)' },
};
