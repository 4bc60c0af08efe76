/**
 * QR_INTEROP (spec 4.5), Colombia's Bre-B: a dynamic, single-use EMVCo
 * merchant-presented QR (`rail.qr`) for the intent's amount, paid to the
 * merchant's active Bre-B key (`rail.alias`; bre-b/), from any bank or wallet
 * app of the network. A transfer of another amount, or after expiry, is
 * reversed (apm/service.ts `payToQr`).
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
    async initiate(_intent, tools) {
      return { ...(await tools.qr()), ...(tools.mock ? { automaticOutcome: 'approve' as const } : {}) };
    },
    testData:
      "The QR's page (`rail.payment_link`) plays the customer's banking app; POST /v1/sandbox/payments/{id}/simulate with `amount` plays a transfer of another amount (reversed).",
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
