/**
 * Mercado Pago as a registered connector (connectors/registry.ts): card
 * payments in Colombia (COP) through its Checkout API, spoken as the
 * official `mercadopago` package does (api.ts: its request and response
 * types, its typed errors) over the gateway's one connector HTTP client;
 * the card port in card-network.ts, PSE and Efecty cash in rails.ts; its webhooks checked with the
 * package's own signature validator (notifications.ts).
 * docs/connectors.md "Mercado Pago" is the operator's guide.
 *
 * A connector account of `mercadopago` carries the organization's access
 * token, the secret signature of its webhooks and the payer email Mercado
 * Pago requires on every payment. Where the API is (api.mercadopago.com) is
 * the deployment's choice, never an account's: tests point
 * `mercadoPagoConnector` at a fake Mercado Pago.
 */
import { Type, type Static } from 'typebox';
import type { ErrorDetail } from '../../errors/api-error.js';
import type { ConnectorDefinition } from '../registry.js';
import { MERCADOPAGO_API, MercadoPagoApi, type MercadoPagoEndpoint } from './api.js';
import { MercadoPagoCardNetwork } from './card-network.js';
import { MERCADOPAGO_RAILS, MercadoPagoRails } from './rails.js';
import { readMercadoPagoNotification, verifyMercadoPagoNotification } from './notifications.js';

export { MERCADOPAGO_API, type MercadoPagoEndpoint } from './api.js';

export const MercadoPagoCredentials = Type.Object(
  {
    access_token: Type.String({
      pattern: '^(TEST|APP_USR)-[0-9A-Za-z-]{20,250}$',
      description:
        "The application's access token: `TEST-...` (test credentials: start there; refused in production) or `APP_USR-...` (production credentials, or a test user's).",
    }),
    webhook_secret: Type.String({
      pattern: '^[0-9A-Za-z]{16,128}$',
      description: "The secret signature of the application's webhooks (Your integrations > Webhooks), which signs the `x-signature` header.",
    }),
    payer_email: Type.String({
      format: 'email',
      maxLength: 254,
      description: "The payer email Mercado Pago requires on every card payment (the merchant's own address, or a test user's in test mode).",
    }),
  },
  { additionalProperties: false },
);

/** What production refuses beyond the schema: test credentials move no real money. */
function productionProblems(credentials: Static<typeof MercadoPagoCredentials>): ErrorDetail[] {
  return credentials.access_token.startsWith('TEST-')
    ? [
        {
          field: 'credentials.access_token',
          message: "is a test access token (TEST-...): production takes the application's production credentials (APP_USR-...)",
        },
      ]
    : [];
}

export function mercadoPagoConnector(endpoint: MercadoPagoEndpoint = MERCADOPAGO_API): ConnectorDefinition<typeof MercadoPagoCredentials> {
  return {
    id: 'mercadopago',
    description:
      'Mercado Pago in Colombia (COP) with your own Mercado Pago credentials: card payments (authorization with capture: false, capture, cancel, refunds, chargebacks), PSE (BANK_REDIRECT) and Efecty cash (CASH).',
    families: ['card', 'rail'],
    rails: Object.keys(MERCADOPAGO_RAILS),
    credentials: MercadoPagoCredentials,
    productionProblems,
    card: (credentials, deps) =>
      new MercadoPagoCardNetwork(new MercadoPagoApi(deps.http, endpoint, credentials.access_token), { email: credentials.payer_email }),
    rail: (credentials, deps) => new MercadoPagoRails(new MercadoPagoApi(deps.http, endpoint, credentials.access_token), credentials.payer_email),
    verifyNotification: (credentials, request, clock) => verifyMercadoPagoNotification(credentials.webhook_secret, request, clock),
    readNotification: (body, context) =>
      readMercadoPagoNotification(
        body,
        context && new MercadoPagoApi(context.http, endpoint, (context.credentials as Static<typeof MercadoPagoCredentials>).access_token),
      ),
  };
}
