import type { Permission } from '../http/permissions.js';

/**
 * What each permission (spec section 5) allows, as the OpenAPI document's
 * `oauth2` security scheme lists it. A Record over `Permission`, so a new
 * permission without a description does not compile.
 */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'payments:read': 'Read card and alternative payments, their transactions, fraud evaluations and refunds.',
  'payments:write': 'Create card payments and alternative-payment intents; authorize, capture, cancel, reverse and adjust them.',
  'payments:refund': 'Refund card payments (POST /v1/refunds and the refund actions).',
  'organizations:read': 'Read the organizations of the client.',
  'organizations:write': 'Update organizations, and create them.',
  'organizations:create': 'Register new organizations.',
  'merchants:read': 'Read merchants, sub-merchants and fee rules.',
  'merchants:write': 'Create, update and delete merchants and fee rules.',
  'instruments:read': 'Read instruments (masked card data), the BIN lookup and the active encryption key.',
  'instruments:write': 'Tokenize cards, update and delete instruments, create enrollment links.',
  'instruments:read-sensitive-data':
    'Read unmasked card numbers (GET /v1/instruments/{id}?include=number; PCI DSS SAQ D clients only). Every read is an audit event.',
  'card-present:read': 'Read card-present payments and payment instructions.',
  'card-present:write': 'Create card-present payments and payment instructions, and act on them.',
  'chargebacks:read': 'Read chargebacks, their analysis, comments and attachments.',
  'chargebacks:write': 'Accept, review and dispute chargebacks; add comments and attachments.',
  'cashouts:read': 'Read cashouts (the refunds of alternative payments).',
  'cashouts:write': 'Create cashouts.',
  'fraud:read': 'Read fraud evaluations and rules.',
  'fraud:write': 'Change the fraud rules.',
  'clients:read': 'Read the API clients of the organization (never their secrets).',
  'terminals:read': 'Read terminals and their users.',
  'terminals:write': 'Create, update and delete terminals and their users.',
  'points:read': 'Read points of sale and their terminals.',
  'points:write': 'Create, update and delete points of sale; attach terminals.',
  'webhooks:read': 'Read webhook endpoints, deliveries and events.',
  'webhooks:write': 'Create, update and delete webhook endpoints; send test events and redeliveries.',
  'users:read': 'Read users (the shoppers whose cards are saved).',
  'users:write': 'Create users; add and remove their instruments.',
  'secrets:read': "Read secrets, such as a webhook endpoint's signing secret.",
  'links-api:read': 'Read payment and enrollment links.',
  'links:write': 'Create payment links.',
  '3ds:write': 'Run 3-D Secure flows (the version check).',
  'compliance:write': "Compliance settings: create or rotate the organization's encryption key (POST /v1/encryption/keys).",
  'payment-instructions:ws': 'Open the WebSocket at /v1/payment-instructions/ws: a terminal receives its payment instructions in real time.',
  'connector-accounts:read': 'Read connector accounts (never their credentials) and the routing rules.',
  'connector-accounts:write': 'Add, update, rotate and delete connector accounts; replace the routing rules.',
  'balance:read': "Read the organization's balances, the ledger entries behind them, the settlements, the payouts and the balance settings.",
  'payouts:write': 'Pay out the available balance (POST /v1/payouts) and change the settlement and payout settings.',
  'reports:read': 'Make and download reconciliation reports of payouts and periods.',
};
