/**
 * Cards (spec 4.1 to 4.4): their payments are made through /v1/payments and
 * the card form, not through intents, so this definition only names them
 * (the dashboard, the receipt); their rules are in payments/ and instruments/.
 */
import type { PaymentMethodDefinition } from '../registry.js';

export const card: PaymentMethodDefinition = {
  id: 'card',
  family: 'card',
  texts: { es: { label: 'Tarjeta' }, en: { label: 'Card' } },
  dashboardLabel: { es: 'Tarjeta', en: 'Card' },
};
