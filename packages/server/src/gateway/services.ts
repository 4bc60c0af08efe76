/**
 * The services several features share, built once when the gateway is built,
 * before any module registers (app.ts). A service only one feature uses is
 * built by that feature's module instead (`<feature>/module.ts`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SigningKeys } from '../auth/signing-keys.js';
import type { TokenService } from '../auth/tokens.js';
import { CheckoutSessionService } from '../checkout/service.js';
import { CardAttemptGuard } from '../links/card-attempts.js';
import type { Config } from '../config/config.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import { CardNetworkSimulator } from '../connectors/card-network/simulator.js';
import { NoCardNetwork } from '../connectors/card-network/unavailable.js';
import type { RailConnector } from '../connectors/rails/connector.js';
import { RailSimulator } from '../connectors/rails/simulator.js';
import { ConnectorAccounts } from '../connectors/accounts.js';
import { ConnectorHttpClient } from '../connectors/http.js';
import { ConnectorRegistry, type ConnectorDefinition } from '../connectors/registry.js';
import { RoutedCardNetwork } from '../connectors/routed-card-network.js';
import type { MethodRegistry } from '../payments/methods/registry.js';
import { Router } from '../connectors/routing.js';
import { simulatorConnector } from '../connectors/simulator.js';
import { DEFAULT_ACCOUNT, InboundNotifications, type NotificationSink } from '../connectors/notifications.js';
import { signingKey, SimulatorNotifier } from '../connectors/simulator-notifications.js';
import { stripeConnector, stripeEndpointAt } from '../connectors/stripe/index.js';
import { MERCADOPAGO_API, mercadoPagoConnector } from '../connectors/mercadopago/index.js';
import { ConfigError } from '../config/config.js';
import { CardPresentService } from '../card-present/service.js';
import { deploymentSecret } from '../crypto/deployment-secrets.js';
import { ProcessorAuthentications } from '../payments/processor-authentication.js';
import type { Keyring } from '../crypto/keyring.js';
import type { Db } from '../db/database.js';
import { EncryptionKeyService } from '../encryption-keys/service.js';
import { InstrumentService } from '../instruments/service.js';
import type { Vault } from '../instruments/vault.js';
import type { Metrics } from '../observability/metrics.js';
import { PaymentActions } from '../payments/actions.js';
import { PaymentLifecycle } from '../payments/lifecycle.js';
import { PaymentService } from '../payments/service.js';
import { PaymentAuthentications } from '../payments/authentication.js';
import { emvMerchantPresentedPayload } from '../payments/apm/qr.js';
import { AlternativePaymentService } from '../payments/apm/service.js';
import { RemoteRails } from '../payments/apm/remote-rails.js';
import { merchantKeyOf } from '../bre-b/service.js';
import { RefundService } from '../payments/refunds/service.js';
import { UserService } from '../users/service.js';
import type { SandboxClock } from '../clock/clock.js';
import { EventStreamHub } from '../webhooks/stream.js';
import { DashboardService } from '../dashboard/service.js';
import type { UrlPolicy } from '../webhooks/url-guard.js';
import type { RsaKeyPairSource } from '../crypto/rsa-key-pairs.js';

export interface Services {
  /** Every sandbox timer reads an organization's time here (test clocks, docs/sandbox.md). */
  clock: SandboxClock;
  tokens: TokenService;
  signingKeys: SigningKeys;
  metrics: Metrics;
  vault: Vault;
  encryptionKeys: EncryptionKeyService;
  instruments: InstrumentService;
  /**
   * The card network: routes each payment to the organization's connector
   * accounts (connectors/routing.ts), or to the default account: the sandbox
   * simulator, or the 503 answer when CONNECTORS=none.
   */
  network: CardNetworkConnector;
  /** The registered connectors (connectors/registry.ts). */
  connectorRegistry: ConnectorRegistry;
  /** The organizations' connector accounts (connectors/accounts.ts). */
  connectorAccounts: ConnectorAccounts;
  /** Routing per organization (connectors/routing.ts). */
  router: Router;
  /** The inbound path of connectors' notifications; features register their handlers (connectors/notifications.ts). */
  notifications: InboundNotifications;
  lifecycle: PaymentLifecycle;
  payments: PaymentService;
  /** 3-D Secure of card payments and the sandbox challenge (payments/authentication.ts); undefined in production. */
  authentications: PaymentAuthentications | undefined;
  /** 3-D Secure that a processor asks for (Stripe's `requires_action`): the cardholder's return page, its notifications and expiry (payments/processor-authentication.ts). */
  processorAuthentications: ProcessorAuthentications;
  refunds: RefundService;
  actions: PaymentActions;
  users: UserService;
  /** Checkout sessions: the browser's only credential (docs/fields.md). */
  checkout: CheckoutSessionService;
  /** The payment methods: the built-in ones and GatewayOptions.methods (payments/methods/registry.ts). */
  methods: MethodRegistry;
  /** The rails: the sandbox simulator, or none when CONNECTORS=none. */
  rails: RailConnector | undefined;
  apm: AlternativePaymentService;
  cardPresent: CardPresentService;
  /** Where a webhook endpoint or an enrollment callback may point. */
  webhookPolicy: UrlPolicy;
  /** The card-testing caps of the hosted checkout and the embedded fields (links/card-attempts.ts). */
  cardAttempts: CardAttemptGuard;
  /** GET /v1/events/stream's poller for this process. */
  eventStreams: EventStreamHub;
  /** The dashboard's users, sessions and one-time links (its module, main.ts, the CLI and the tests use it). */
  dashboard: DashboardService;
  /** Where the dashboard's built files are (GatewayOptions.dashboardDist; undefined: packages/dashboard/dist). */
  dashboardDist: string | undefined;
}

/** What the gateway built before the services: the cross-cutting hooks need these. */
export interface Foundations {
  config: Config;
  db: Db;
  /** The one clock, built in createGateway. */
  clock: SandboxClock;
  keyring: Keyring;
  log: FastifyBaseLogger;
  tokens: TokenService;
  signingKeys: SigningKeys;
  metrics: Metrics;
  vault: Vault;
  /** GatewayOptions.dashboardDist. */
  dashboardDist: string | undefined;
  /** GatewayOptions.connectors: registered beside the built-in ones, replacing a built-in of the same id. */
  connectors?: readonly ConnectorDefinition[] | undefined;
  /** The payment methods, built in createGateway (the OpenAPI document lists them too). */
  methods: MethodRegistry;
  /** GatewayOptions.rsaKeyPairs: where the organizations' encryption keys come from. */
  rsaKeyPairs?: RsaKeyPairSource | undefined;
}

export async function buildServices({
  config,
  db,
  clock,
  keyring,
  log,
  tokens,
  signingKeys,
  metrics,
  vault,
  dashboardDist,
  connectors,
  methods,
  rsaKeyPairs,
}: Foundations): Promise<Services> {
  // Cards: keys, vault, the network.
  const encryptionKeys = new EncryptionKeyService(
    db,
    keyring,
    {
      modulusLength: config.cards.encryptionKeyBits,
      graceSeconds: config.cards.encryptionKeyGraceSeconds,
    },
    clock,
    rsaKeyPairs,
  );
  const instruments = new InstrumentService(db, encryptionKeys, vault, clock);
  // Connectors: the registry, the organizations' accounts and their routing; the default account is CONNECTORS.
  const remote = config.simulatorAuthorization === 'remote';
  const chargebackResponseSeconds = config.cards.chargebackResponseSeconds;
  // The built-in connectors; one of GatewayOptions.connectors with the same id takes its place (tests point stripe at a fake Stripe).
  const connectorRegistry = new ConnectorRegistry();
  const own = new Set((connectors ?? []).map((d) => d.id));
  for (const definition of [
    simulatorConnector({ remote, chargebackResponseSeconds }),
    stripeConnector(stripeEndpointAt(config.stripe.apiUrl, config.stripe.timeoutMs)),
    mercadoPagoConnector({ baseUrl: config.mercadopago.apiUrl, limits: { ...MERCADOPAGO_API.limits, timeoutMs: config.mercadopago.timeoutMs } }),
  ] as ConnectorDefinition[]) {
    if (!own.has(definition.id)) connectorRegistry.register(definition);
  }
  for (const definition of connectors ?? []) connectorRegistry.register(definition);
  const connectorHttp = new ConnectorHttpClient(metrics.registry);
  // Connectors in this process hand their notifications to the inbound path (built below, once the accounts exist).
  const sink: NotificationSink = { receive: (accountId, request) => notifications.receive(accountId, request) };
  // A processor's 3-D Secure page sends the cardholder back to the gateway's return page (built below, once the lifecycle exists).
  const returnUrl = (reference: string): string => processorAuthentications.returnUrl(reference);
  const connectorAccounts = new ConnectorAccounts(
    db,
    keyring,
    connectorRegistry,
    { db, clock, http: connectorHttp, notifications: sink, returnUrl },
    config,
    clock,
  );
  // Production refuses to start while an enabled account keeps credentials it refuses (test credentials from a sandbox).
  const refusedAccounts = await connectorAccounts.productionProblems();
  if (refusedAccounts.length)
    throw new ConfigError(`ENVIRONMENT=production refuses these connector accounts' credentials; rotate or disable them:\n${refusedAccounts.join('\n')}`);
  const router = new Router(db, connectorAccounts, clock);
  // The default simulator signs its notifications with a secret of the deployment: no one outside can send them.
  const defaultCredentials =
    config.connectors === 'simulator'
      ? { api_key: DEFAULT_ACCOUNT, notification_secret: `whsec_${(await deploymentSecret(db, keyring, 'simulator_notifications', clock)).toString('base64')}` }
      : undefined;
  const notifications = new InboundNotifications(
    db,
    connectorRegistry,
    connectorAccounts,
    clock,
    defaultCredentials && { connector: 'simulator', credentials: defaultCredentials },
  );
  const defaultNetwork = defaultCredentials
    ? new CardNetworkSimulator(db, clock, {
        remote,
        chargebackResponseSeconds,
        notifier: new SimulatorNotifier(sink, DEFAULT_ACCOUNT, signingKey(defaultCredentials), clock),
      })
    : new NoCardNetwork();
  const usableHere = config.environment === 'sandbox' || config.simulatedRehearsal;
  const routable = connectorRegistry.list().some((c) => c.families.includes('card') && (!c.sandboxOnly || usableHere));
  const network = new RoutedCardNetwork(db, defaultNetwork, connectorAccounts, router, clock, routable, log);
  const lifecycle = new PaymentLifecycle(db, network, config.cards, clock);
  // 3-D Secure runs against the sandbox's directory and issuers (cards/three-ds.ts): in the sandbox only.
  const authentications =
    config.environment === 'sandbox'
      ? new PaymentAuthentications(db, network, lifecycle, instruments, {
          secret: await deploymentSecret(db, keyring, 'three_ds_challenge', clock),
          publicBaseUrl: config.publicBaseUrl,
        })
      : undefined;
  const processorAuthentications = new ProcessorAuthentications(db, network, lifecycle, {
    secret: await deploymentSecret(db, keyring, 'payment_return', clock),
    publicBaseUrl: config.publicBaseUrl,
  });
  const payments = new PaymentService(db, encryptionKeys, instruments, network, lifecycle, clock, authentications);
  const refunds = new RefundService(db, network, clock);
  const actions = new PaymentActions(db, network, lifecycle, payments, refunds);
  const users = new UserService(db, instruments, clock);
  // The decline caps per client address (and per link or checkout session): the hosted checkout and the embedded fields share them.
  const cardAttempts = new CardAttemptGuard(
    db,
    await deploymentSecret(db, keyring, 'link_address_hash', clock),
    {
      perLink: config.links.cardDeclinesPerLink,
      perAddress: config.links.cardDeclinesPerAddress,
      windowSeconds: config.links.cardDeclineWindowSeconds,
    },
    clock,
  );
  const checkout = new CheckoutSessionService(db, tokens, { payments, instruments, users, cardAttempts }, { sandbox: config.environment === 'sandbox' }, clock);
  const rails =
    config.connectors === 'simulator'
      ? new RailSimulator(await deploymentSecret(db, keyring, 'otp_hash', clock), {
          publicBaseUrl: config.publicBaseUrl,
          otpValiditySeconds: config.rails.otpValiditySeconds,
          qrPayload: emvMerchantPresentedPayload,
          clock,
          rails: (railId) => methods.rail(railId)?.sandbox,
          merchantKey: merchantKeyOf,
        })
      : undefined;
  const apm = new AlternativePaymentService(db, rails, config, clock, methods, new RemoteRails(db, connectorAccounts, router, clock));
  const cardPresent = new CardPresentService(db, instruments, network, lifecycle, clock);
  const webhookPolicy = { requireHttps: config.environment === 'production', allowPrivate: config.webhooks.allowPrivateUrls };
  const eventStreams = new EventStreamHub(db, log, {
    pollIntervalMs: config.eventStream.pollIntervalMs,
    maxPerOrganization: config.eventStream.maxPerOrganization,
  });
  const dashboard = await DashboardService.open(db, keyring, config, clock);
  return {
    connectorRegistry,
    connectorAccounts,
    router,
    notifications,
    cardAttempts,
    clock,
    tokens,
    signingKeys,
    metrics,
    vault,
    encryptionKeys,
    instruments,
    network,
    lifecycle,
    payments,
    authentications,
    processorAuthentications,
    refunds,
    actions,
    users,
    checkout,
    methods,
    rails,
    apm,
    cardPresent,
    webhookPolicy,
    eventStreams,
    dashboard,
    dashboardDist,
  };
}
