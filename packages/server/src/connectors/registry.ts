/**
 * The connectors the gateway knows, each registered once with its
 * definition: its id, the method families it serves, the schema of the
 * credentials a merchant gives it (checked when a connector account is
 * created or rotated, connectors/accounts.ts) and the factories that build
 * its port implementations (card-network/connector.ts, rails/connector.ts)
 * from those credentials and the deployment's shared parts.
 *
 * A connector is one folder under connectors/ plus one `register` call
 * (docs/internals.md "Connectors", "Add a connector"). The sandbox's
 * simulator is one of them; CONNECTORS=simulator makes it every
 * organization's default account (gateway/services.ts).
 */
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { SandboxClock } from '../clock/clock.js';
import type { Db } from '../db/database.js';
import type { ErrorDetail } from '../errors/api-error.js';
import type { CardNetworkConnector } from './card-network/connector.js';
import type { RemoteRailConnector } from './rails/connector.js';
import type { ConnectorHttpClient } from './http.js';
import type { NotificationRequest, NotificationSink, ReadNotification } from './notifications.js';
import { isPlainOrigin } from '../lib/origins.js';

export const METHOD_FAMILIES = ['card', 'rail'] as const;
export type MethodFamily = (typeof METHOD_FAMILIES)[number];

/** What every connector may use besides its own credentials. */
export interface ConnectorDeps {
  db: Db;
  clock: SandboxClock;
  /** The one outbound HTTP client of connectors (timeouts, retries with the same idempotency key, metrics). */
  http: ConnectorHttpClient;
  /** The connector account the instance serves (or `default`): its metrics label and log field. */
  accountId: string;
  /** Where a connector that runs in this process hands its notifications (notifications.ts): the same checks as the route. */
  notifications?: NotificationSink;
  /**
   * The gateway's page a processor sends the cardholder back to after its own
   * authentication (3-D Secure), for the payment of this reference: it asks
   * the processor for the outcome, records it and sends the cardholder on to
   * the merchant (payments/processor-authentication.ts).
   */
  returnUrl?: (reference: string) => string;
}

export interface ConnectorDefinition<Credentials extends TSchema = TSchema> {
  /** Lowercase, stable: stored with every connector account (`simulator`, `stripe`, ...). */
  id: string;
  description: string;
  families: readonly MethodFamily[];
  /** The credentials a connector account of this connector carries (validated on create and rotation; never returned). */
  credentials: Credentials;
  /** Only in the sandbox (or a production rehearsal, ALLOW_SIMULATED_CONNECTORS): a simulator never takes real money. */
  sandboxOnly?: boolean;
  /** Builds the card network port; required when `families` has `card`. */
  card?(credentials: Static<Credentials>, deps: ConnectorDeps): CardNetworkConnector;
  /** The rail payment methods it serves (`BANK_REDIRECT`, `CASH`, ...); required when `families` has `rail`. */
  rails?: readonly string[];
  /** Builds the rail port of the methods in `rails` (rails/connector.ts `RemoteRailConnector`); required when `families` has `rail`. */
  rail?(credentials: Static<Credentials>, deps: ConnectorDeps): RemoteRailConnector;
  /**
   * Checks an inbound notification's authenticity (notifications.ts): the raw
   * body and headers, with the account's credentials. `true`: authentic;
   * `false` or the problems (401 naming them) otherwise. Undefined: the
   * connector sends none.
   */
  verifyNotification?: (credentials: Static<Credentials>, request: NotificationRequest, clock: SandboxClock) => boolean | ErrorDetail[];
  /**
   * Reads a verified body into the connector's id of the notification and one
   * typed `InboundNotification` (notifications.ts), or the problems (400
   * naming each). Required with `verifyNotification`.
   */
  readNotification?: (body: Buffer, context?: NotificationContext) => ReadNotification | ErrorDetail[] | Promise<ReadNotification | ErrorDetail[]>;
  /**
   * What production refuses beyond the schema (test credentials), each naming
   * its field: 422 on create and rotation, and a refused start for an enabled
   * account that has them (accounts.ts `productionProblems`).
   */
  productionProblems?: (credentials: Static<Credentials>) => ErrorDetail[];
  /**
   * The origins (`https://host[:port]`) of the pages the connector sends a
   * cardholder to for its own authentication (3-D Secure: `next_action`'s
   * `redirect_to_url`), including any page those pages send the cardholder
   * on to before the gateway's return page. The embedded fields' frame shows
   * them inside itself, so its CSP `frame-src` names these origins and no
   * other (fields/routes.ts). Undefined: the connector sends the cardholder
   * to no page of its own.
   */
  authenticationOrigins?: readonly string[];
}

/** What a connector whose notifications carry only ids reads the rest with: the account's credentials and the connector HTTP client. */
export interface NotificationContext {
  credentials: Record<string, unknown>;
  http: ConnectorHttpClient;
}

export class ConnectorRegistry {
  private readonly definitions = new Map<string, ConnectorDefinition>();

  register<C extends TSchema>(definition: ConnectorDefinition<C>): this {
    if (!/^[a-z][a-z0-9_-]{1,39}$/.test(definition.id))
      throw new Error(`connector id ${JSON.stringify(definition.id)} must be lowercase letters, digits, - or _`);
    if (this.definitions.has(definition.id)) throw new Error(`connector ${definition.id} is registered twice`);
    if (definition.families.includes('card') && !definition.card) throw new Error(`connector ${definition.id} serves cards but has no card factory`);
    if (definition.families.includes('rail') && (!definition.rail || !definition.rails?.length))
      throw new Error(`connector ${definition.id} serves rails but has no rail factory or no rail ids`);
    if (Boolean(definition.verifyNotification) !== Boolean(definition.readNotification))
      throw new Error(`connector ${definition.id} must define both verifyNotification and readNotification, or neither`);
    for (const origin of definition.authenticationOrigins ?? [])
      if (!isPlainOrigin(origin)) throw new Error(`connector ${definition.id}: authentication origin ${JSON.stringify(origin)} must be an http(s) origin`);
    this.definitions.set(definition.id, definition);
    return this;
  }

  get(id: string): ConnectorDefinition | undefined {
    return this.definitions.get(id);
  }

  list(): ConnectorDefinition[] {
    return [...this.definitions.values()];
  }

  /** The registered connectors' authentication origins, each once, in registration order. */
  authenticationOrigins(): string[] {
    return [...new Set(this.list().flatMap((definition) => definition.authenticationOrigins ?? []))];
  }

  /** Every problem of `credentials` against the connector's schema, each naming its field (`credentials.<path>`). */
  credentialProblems(definition: ConnectorDefinition, credentials: unknown): ErrorDetail[] {
    const problems: ErrorDetail[] = [];
    for (const error of Value.Errors(definition.credentials, credentials)) {
      if (error.keyword === 'boolean') continue;
      const params = error.params as { requiredProperties?: string[]; additionalProperties?: string[] };
      const path = error.instancePath.split('/').filter(Boolean).join('.');
      const field = (name: string) => ['credentials', path, name].filter(Boolean).join('.');
      if (error.keyword === 'required' && params.requiredProperties) {
        for (const name of params.requiredProperties) problems.push({ field: field(name), message: `is required by connector ${definition.id}` });
      } else if (error.keyword === 'additionalProperties' && params.additionalProperties) {
        for (const name of params.additionalProperties) problems.push({ field: field(name), message: `is not a credential of connector ${definition.id}` });
      } else {
        problems.push({ field: field(''), message: error.message });
      }
    }
    return problems;
  }
}
