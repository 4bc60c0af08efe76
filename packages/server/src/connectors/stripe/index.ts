/**
 * Stripe as a registered connector (connectors/registry.ts): card payments
 * through the official `stripe` package (card-network.ts), its requests
 * carried by the gateway's one connector HTTP client (http-client.ts), its
 * webhook events checked with the package's own signature check
 * (notifications.ts). docs/connectors.md "Stripe" is the operator's guide.
 *
 * A connector account of `stripe` carries the organization's secret key and
 * the signing secret of the webhook endpoint it points at Pasarela. Where
 * Stripe's API is (api.stripe.com over HTTPS) is the deployment's choice,
 * never an account's: tests point `stripeConnector` at a fake Stripe.
 */
import Stripe from 'stripe';
import { Type, type Static } from 'typebox';
import type { ErrorDetail } from '../../errors/api-error.js';
import type { HttpClientOptions } from '../http.js';
import type { ConnectorDefinition } from '../registry.js';
import { StripeCardNetwork } from './card-network.js';
import { StripeHttpClient } from './http-client.js';
import { verifiedEvent, readStripeNotification } from './notifications.js';

export const StripeCredentials = Type.Object(
  {
    secret_key: Type.String({
      pattern: '^sk_(test|live)_[A-Za-z0-9]{10,247}$',
      description: "The account's secret API key: `sk_test_...` in Stripe's test mode (start there; refused in production), `sk_live_...` to move real money.",
    }),
    webhook_secret: Type.String({
      pattern: '^whsec_[A-Za-z0-9]{10,250}$',
      description: "The signing secret (`whsec_...`) of the webhook endpoint the Stripe account sends Pasarela's notification URL.",
    }),
  },
  { additionalProperties: false },
);

/** What production refuses beyond the schema: a test-mode key moves no real money. */
export function stripeProductionProblems(credentials: Static<typeof StripeCredentials>): ErrorDetail[] {
  return credentials.secret_key.startsWith('sk_test_')
    ? [{ field: 'credentials.secret_key', message: "is a test-mode key (sk_test_...): production takes the account's live secret key (sk_live_...)" }]
    : [];
}

export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'https' | 'http';
  /** The connector client's limits for Stripe's calls (connectors/http.ts). */
  limits: HttpClientOptions;
}

/** Stripe's API: a payment's authorization may take Stripe and the issuer tens of seconds. */
export const STRIPE_API: StripeEndpoint = { host: 'api.stripe.com', port: 443, protocol: 'https', limits: { timeoutMs: 40_000, retries: 2, backoffMs: 500 } };

/** Stripe's API at another origin (STRIPE_API_URL: a proxy of the operator's, or a fake Stripe in a rehearsal), with its time limit per attempt. */
export function stripeEndpointAt(origin: string, timeoutMs: number): StripeEndpoint {
  const url = new URL(origin);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
    limits: { ...STRIPE_API.limits, timeoutMs },
  };
}

/**
 * Where Stripe may send a cardholder for 3-D Secure (`next_action.redirect_to_url.url`, which the embedded fields'
 * frame shows inside itself): the origins Stripe's guide to showing that page in an iframe names for a Content
 * Security Policy (hooks.stripe.com, js.stripe.com; the third it names, the return_url's, is the gateway's own),
 * and the endpoint's own origin when it is not Stripe's (STRIPE_API_URL: a fake Stripe serves its page there).
 */
export function stripeAuthenticationOrigins(endpoint: StripeEndpoint): string[] {
  const origins = ['https://hooks.stripe.com', 'https://js.stripe.com'];
  const own = new URL(`${endpoint.protocol}://${endpoint.host}:${endpoint.port}`).origin;
  return own === 'https://api.stripe.com' ? origins : [...origins, own];
}

export function stripeConnector(endpoint: StripeEndpoint = STRIPE_API): ConnectorDefinition<typeof StripeCredentials> {
  return {
    id: 'stripe',
    description: 'Stripe card payments (PaymentIntents with manual capture, refunds, disputes) with your own Stripe keys.',
    families: ['card'],
    credentials: StripeCredentials,
    productionProblems: stripeProductionProblems,
    authenticationOrigins: stripeAuthenticationOrigins(endpoint),
    card: (credentials, deps) =>
      new StripeCardNetwork(
        new Stripe(credentials.secret_key, {
          host: endpoint.host,
          port: endpoint.port,
          protocol: endpoint.protocol,
          httpClient: new StripeHttpClient(deps.http, endpoint.limits),
          // The connector client retries, with the same idempotency key; the package must not retry on top.
          maxNetworkRetries: 0,
          timeout: endpoint.limits.timeoutMs,
          telemetry: false,
          appInfo: { name: 'Pasarela' },
        }),
        deps.returnUrl,
      ),
    verifyNotification: (credentials, request, clock) => verifiedEvent(credentials.webhook_secret, request, clock) !== undefined,
    readNotification: readStripeNotification,
  };
}
