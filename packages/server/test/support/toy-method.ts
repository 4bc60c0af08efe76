/**
 * A payment method registered by the tests only (GatewayOptions.methods), as
 * a new rail's folder under src/payments/methods/ would define one: a voucher
 * the customer types (8 digits), of its own rail type, with its own validity
 * setting, texts and sandbox test data. docs/architecture.md "Add a payment
 * method" follows these steps; test/method-registry.test.ts shows it reaches
 * every list of methods without an edit outside the test folder.
 */
import { Type } from 'typebox';
import type { PaymentMethodDefinition } from '../../src/payments/methods/registry.js';

export const toyVoucher: PaymentMethodDefinition = {
  id: 'TOY_VOUCHER',
  family: 'rail',
  railType: 'VOUCHER',
  // The request schema's fragment: the customer field it reads.
  customer: { voucher_code: Type.Optional(Type.String({ maxLength: 12 })) },
  validate(request, rules, errors) {
    rules.required('voucher_code');
    const code = request.customer?.voucher_code;
    if (code && !/^\d{8}$/.test(code)) errors.push({ field: 'customer.voucher_code', message: 'must be 8 digits' });
    return {};
  },
  validity: { setting: 'TOY_VOUCHER_VALIDITY_SECONDS', defaultSeconds: 10 * 60 },
  sandbox: {
    // Test data: the rail mock (an amount ending in 00) approves; any other waits for the sandbox controls.
    initiate: (_intent, tools) => (tools.mock ? { automaticOutcome: 'approve' } : {}),
    testData: 'An amount whose integer part ends in 00 is approved; any other waits for POST /v1/sandbox/payments/{id}/simulate.',
  },
  checkout: { fields: [{ name: 'voucher_code', label: { es: 'Código del vale', en: 'Voucher code' } }], then: 'approve' },
  texts: {
    es: { label: 'Vale de prueba', waitingLead: 'Su vale se está validando.', declinedReason: 'El vale no fue aceptado.' },
    en: { label: 'Toy voucher', waitingLead: 'Your voucher is being checked.', declinedReason: 'The voucher was not accepted.' },
  },
  dashboardLabel: { es: 'Vale de prueba', en: 'Toy voucher' },
};
