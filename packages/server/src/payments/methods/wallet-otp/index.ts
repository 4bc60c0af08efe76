/**
 * WALLET_OTP (spec 4.5): the rail sends the customer an OTP by SMS; the
 * merchant's checkout sends it to POST /v1/payments/intents/{id}/confirm.
 */
import { Type } from 'typebox';
import type { DocumentType } from '../documents.js';
import type { PaymentMethodDefinition } from '../registry.js';

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const DOCUMENTS: DocumentType[] = ['CC', 'CE', 'TI'];

export const walletOtp: PaymentMethodDefinition = {
  id: 'WALLET_OTP',
  family: 'rail',
  railType: 'WALLET',
  customer: { phone_number: Text(20), document: Text(20), document_type: Text(10) },
  validate: (_request, rules) => {
    const phoneNumber = rules.phone();
    rules.document(DOCUMENTS);
    return phoneNumber ? { phoneNumber } : {};
  },
  connector: { confirm: 'otp' },
  validity: { setting: 'WALLET_OTP_VALIDITY_SECONDS', defaultSeconds: 15 * 60 },
  sandbox: {
    async initiate(_intent, tools) {
      const sent = await tools.sendOtp();
      return { ...sent, ...(tools.mock ? { automaticOutcome: 'approve' as const } : {}) };
    },
    customer: 'otp',
    testData: 'The OTP arrives in GET /v1/sandbox/sms; with the rail mock it is 123456.',
  },
  checkout: { fields: [{ name: 'phone_number' }], then: 'otp' },
  texts: {
    es: {
      label: 'Billetera (código por SMS)',
      waitingLead: 'Ingrese el código que recibió por SMS.',
      declinedReason: 'El pago no fue aprobado en su billetera.',
    },
    en: {
      label: 'Wallet (SMS code)',
      waitingLead: 'Enter the code you received by SMS.',
      declinedReason: 'The payment was not approved in your wallet.',
    },
  },
  dashboardLabel: { es: 'Billetera (código por SMS)', en: 'Wallet (SMS code)' },
};
