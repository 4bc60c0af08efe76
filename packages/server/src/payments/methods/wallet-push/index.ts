/** WALLET_PUSH (spec 4.5): the customer approves a push notification in the wallet app. */
import { Type } from 'typebox';
import type { RailOutcome } from '../../../connectors/rails/connector.js';
import type { PaymentMethodDefinition } from '../registry.js';

/** Test phones that decide by themselves (docs/sandbox.md). */
export const TEST_PHONES: Record<string, RailOutcome> = { '3991111111': 'approve', '3992222222': 'reject' };

export const walletPush: PaymentMethodDefinition = {
  id: 'WALLET_PUSH',
  family: 'rail',
  railType: 'WALLET',
  customer: { phone_number: Type.Optional(Type.String({ maxLength: 20 })) },
  validate: (_request, rules) => {
    const phoneNumber = rules.phone();
    return phoneNumber ? { phoneNumber } : {};
  },
  validity: { setting: 'WALLET_PUSH_VALIDITY_SECONDS', defaultSeconds: 45 * 60 },
  sandbox: {
    initiate(intent, tools) {
      const automaticOutcome = tools.mock ? 'approve' : intent.phoneNumber ? TEST_PHONES[intent.phoneNumber] : undefined;
      return automaticOutcome ? { automaticOutcome } : {};
    },
    testData: 'Phone 3991111111 approves and 3992222222 rejects by themselves; any other waits for the sandbox controls.',
  },
  checkout: { fields: [{ name: 'phone_number' }], then: 'approve' },
  texts: {
    es: {
      label: 'Billetera (notificación)',
      waitingLead: 'Apruebe el pago en su billetera. Esta página se actualiza sola cuando lo apruebe.',
      declinedReason: 'El pago no fue aprobado en su billetera.',
    },
    en: {
      label: 'Wallet (push notification)',
      waitingLead: 'Approve the payment in your wallet. This page updates itself once you approve it.',
      declinedReason: 'The payment was not approved in your wallet.',
    },
  },
  dashboardLabel: { es: 'Billetera (aprobación en la app)', en: 'Wallet (app approval)' },
};
