/**
 * CASH: the customer pays in cash at a store or banking agent (a
 * "corresponsal bancario"), as with Efecty or Baloto. The intent answers
 * with a payment reference, the agreement code, a Code 128 barcode and its
 * expiry (`rail.cash`); the store reports the payment (the sandbox's store:
 * POST /v1/sandbox/cash/payments), which approves it; an intent not paid by
 * its expiry is declined. The customer may pay up to the expiry, so it is
 * long and the merchant may choose it per intent (`expires_in`).
 */
import { Type } from 'typebox';
import type { PaymentMethodDefinition } from '../registry.js';

/** Stores take whole pesos from 1,000 to 3,000,000 per voucher (minor units). */
export const CASH_AMOUNT = { min: 1_000_00, max: 3_000_000_00 };

export const cash: PaymentMethodDefinition = {
  id: 'CASH',
  family: 'rail',
  railType: 'CASH',
  customer: {
    email: Type.Optional(Type.String({ maxLength: 254, description: "Optional for CASH: where the voucher's receipt goes." })),
  },
  validate: (_request, rules) => {
    rules.email();
    return {};
  },
  amount: { ...CASH_AMOUNT, wholeUnits: true },
  // 72 hours by default; per intent (`expires_in`) from one hour to 30 days.
  validity: { setting: 'CASH_VALIDITY_SECONDS', defaultSeconds: 72 * 3600, perRequest: { minSeconds: 3600, maxSeconds: 30 * 86400 } },
  sandbox: {
    initiate(_intent, tools) {
      return { reference: tools.reference(), pageToken: tools.bankPage(), ...(tools.mock ? { automaticOutcome: 'approve' as const } : {}) };
    },
    testData:
      'An amount whose integer part ends in 00 is paid at the store by itself after RAIL_MOCK_DELAY_SECONDS; any other waits for the store: POST /v1/sandbox/cash/payments with its reference.',
  },
  checkout: { fields: [], then: 'voucher' },
  texts: {
    es: {
      label: 'Efectivo en un punto de pago',
      waitingLead:
        'Pague en efectivo en un punto de pago o corresponsal bancario con esta referencia y el número de convenio antes de la fecha límite. Esta página se actualiza sola cuando pague.',
      declinedReason: 'La referencia de pago venció sin ser pagada.',
    },
    en: {
      label: 'Cash at a payment point',
      waitingLead:
        'Pay in cash at a payment point or banking agent with this reference and the agreement code before the deadline. This page updates itself once you pay.',
      declinedReason: 'The payment reference expired unpaid.',
    },
  },
  dashboardLabel: { es: 'Efectivo (punto de pago)', en: 'Cash (payment point)' },
};
