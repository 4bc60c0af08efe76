/**
 * BANK_REDIRECT (spec 4.5): the customer goes to their bank's page
 * (`rail.payment_link`) and approves there; the bank then processes it
 * (IN_PROGRESS / PENDING_PROVIDER) and settles.
 */
import { Type } from 'typebox';
import type { DocumentType } from '../documents.js';
import type { PaymentMethodDefinition } from '../registry.js';

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const DOCUMENTS: DocumentType[] = ['CC', 'CE', 'NIT', 'PASSPORT'];

export const bankRedirect: PaymentMethodDefinition = {
  id: 'BANK_REDIRECT',
  family: 'rail',
  railType: 'BANK_TRANSFER',
  customer: { bank_id: Text(16), document: Text(20), document_type: Text(10), first_name: Text(100), last_name: Text(100), email: Text(254) },
  validate(_request, rules) {
    rules.returnUrl();
    rules.bank();
    for (const field of ['document', 'document_type', 'first_name', 'last_name', 'email']) rules.required(field);
    rules.email();
    rules.document(DOCUMENTS);
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
    testData: 'Each test bank of GET /api/banks decides by itself (its `sandbox_outcome`); the others wait for the customer on the bank page.',
  },
  checkout: {
    fields: [{ name: 'bank_id' }, { name: 'document_type' }, { name: 'document' }, { name: 'first_name' }, { name: 'last_name' }, { name: 'email' }],
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
