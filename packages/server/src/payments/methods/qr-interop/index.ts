/**
 * QR_INTEROP (spec 4.5): an EMVCo merchant-presented QR (`rail.qr`) and its
 * short alias, paid from any bank or wallet app of the interoperable network.
 */
import type { PaymentMethodDefinition } from '../registry.js';

export const qrInterop: PaymentMethodDefinition = {
  id: 'QR_INTEROP',
  family: 'rail',
  railType: 'BANK_TRANSFER',
  customer: {},
  validate: () => ({}),
  validity: { setting: 'QR_VALIDITY_SECONDS', defaultSeconds: 15 * 60 },
  sandbox: {
    initiate(_intent, tools) {
      return { ...tools.qr(), ...(tools.mock ? { automaticOutcome: 'approve' as const } : {}) };
    },
    testData: "The QR's page (`rail.payment_link`) plays the customer's banking app.",
  },
  checkout: { fields: [], then: 'qr' },
  texts: {
    es: {
      label: 'Código QR',
      waitingLead: 'Escanee el código con la aplicación de su banco o billetera. Esta página se actualiza sola cuando pague.',
      declinedReason: 'El pago con código QR no fue aprobado.',
    },
    en: {
      label: 'QR code',
      waitingLead: 'Scan the code with your bank or wallet app. This page updates itself once you pay.',
      declinedReason: 'The QR code payment was not approved.',
    },
  },
  dashboardLabel: { es: 'Código QR (app del banco)', en: 'QR code (bank app)' },
};
