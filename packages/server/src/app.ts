/**
 * Assembles the gateway: database, keys, services, HTTP app and job runner.
 * `createGateway` is what main.ts runs and what the tests start, so tests
 * exercise exactly the production wiring.
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import websocket from '@fastify/websocket';
import type { Config } from './config/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.js';
import { loadKeyring, type Keyring } from './crypto/keyring.js';
import { deploymentSecret } from './crypto/deployment-secrets.js';
import { SigningKeys } from './auth/signing-keys.js';
import { TokenService } from './auth/tokens.js';
import { registerAuthentication } from './auth/authenticate.js';
import { oauthRoutes } from './auth/oauth.routes.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './errors/handler.js';
import { registerValidation } from './http/validation.js';
import { fastifyTrustProxy, httpsOptions, registerTransport, securityHeaders } from './http/transport.js';
import { registerRequestTimeout } from './http/timeout.js';
import { registerIdempotency } from './idempotency/plugin.js';
import { createRateLimiter } from './ratelimit/limiter.js';
import { registerRateLimit } from './ratelimit/plugin.js';
import { JobRunner } from './jobs/runner.js';
import { registerMaintenance, scheduleMaintenance } from './jobs/maintenance.js';
import { loggerOptions } from './observability/logger.js';
import { createMetrics, instrumentRequests } from './observability/metrics.js';
import { listenMetrics, type MetricsListener } from './observability/metrics-listener.js';
import { registerOpenApi } from './discovery/openapi.js';
import { registerDeprecation } from './http/deprecation.js';
import { discoveryRoutes } from './discovery/routes.js';
import { OrganizationService } from './organizations/service.js';
import { organizationRoutes } from './organizations/routes.js';
import { newId } from './lib/ids.js';
import { EncryptionKeyService } from './encryption-keys/service.js';
import { encryptionKeyRoutes } from './encryption-keys/routes.js';
import { Vault } from './instruments/vault.js';
import { InstrumentService } from './instruments/service.js';
import { instrumentRoutes } from './instruments/routes.js';
import { CardNetworkSimulator } from './connectors/card-network/simulator.js';
import { NoCardNetwork } from './connectors/card-network/unavailable.js';
import { PaymentLifecycle } from './payments/lifecycle.js';
import { PaymentService } from './payments/service.js';
import { paymentRoutes } from './payments/routes.js';
import { registerPaymentJobs } from './payments/jobs.js';
import { PaymentActions } from './payments/actions.js';
import { TransactionService } from './transactions/service.js';
import { transactionRoutes } from './transactions/routes.js';
import { RefundService } from './refunds/service.js';
import { refundRoutes } from './refunds/routes.js';
import { chargebackRoutes } from './chargebacks/routes.js';
import { ChargebackService } from './chargebacks/service.js';
import { registerChargebackJobs } from './chargebacks/jobs.js';
import { WebhookDeliverer } from './webhooks/delivery.js';
import { WebhookService } from './webhooks/service.js';
import { webhookRoutes } from './webhooks/routes.js';
import { DELIVER_JOB, webhookFanOut } from './webhooks/outbox.js';
import { registerReactions } from './events/store.js';
import { linkSettlement } from './links/outcomes.js';
import { instructionSettlement } from './payment-instructions/outcomes.js';
import { EventStreamHub, eventStreamRoutes } from './webhooks/stream.js';
import { AlternativePaymentService } from './apm/service.js';
import { RailSimulator } from './connectors/rails/simulator.js';
import { apmRoutes } from './apm/routes.js';
import { bankPageRoutes } from './apm/bank-page.js';
import { fieldsRoutes } from './fields/routes.js';
import { registerApmJobs } from './apm/jobs.js';
import { CashoutService } from './cashouts/service.js';
import { cashoutRoutes } from './cashouts/routes.js';
import { UserService } from './users/service.js';
import { userRoutes } from './users/routes.js';
import { MerchantService } from './merchants/merchants.service.js';
import { TerminalService } from './merchants/terminals.service.js';
import { merchantRoutes } from './merchants/routes.js';
import { LinkService } from './links/service.js';
import { linkRoutes } from './links/routes.js';
import { hostedPageRoutes } from './links/pages.js';
import { CardAttemptGuard } from './links/card-attempts.js';
import { registerLinkJobs } from './links/jobs.js';
import { FeeRuleService } from './fees/service.js';
import { feeRuleRoutes } from './fees/routes.js';
import { FraudService } from './fraud/service.js';
import { fraudRoutes } from './fraud/routes.js';
import { threeDsRoutes } from './threeds/routes.js';
import { CardPresentService } from './card-present/service.js';
import { cardPresentRoutes } from './card-present/routes.js';
import { PaymentInstructionService } from './payment-instructions/service.js';
import { TerminalHub } from './payment-instructions/hub.js';
import { paymentInstructionRoutes } from './payment-instructions/routes.js';
import { registerPaymentInstructionJobs } from './payment-instructions/jobs.js';
import { postgresListener } from './payment-instructions/listener.js';
import { CheckoutSessionService } from './checkout/service.js';
import { checkoutSessionRoutes } from './checkout/routes.js';
import { SandboxClock } from './clock/clock.js';
import { ClockService } from './clock/service.js';
import { clockRoutes } from './clock/routes.js';
import './http/route-config.js';

export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
  scopes: readonly string[];
  /** A checkout session's token may call it (checkout/). */
  checkoutSession: boolean;
}

export interface Gateway {
  config: Config;
  app: FastifyInstance;
  database: DatabaseHandle;
  keyring: Keyring;
  jobs: JobRunner;
  /** METRICS_PORT's loopback listener, when configured. */
  metricsListener: MetricsListener | undefined;
  /** The open GET /v1/events/stream connections of this process. */
  eventStreams: EventStreamHub;
  /** Every route, as registered (the security tests walk this list). */
  routes: RouteEntry[];
  /** Stops the job runner, the HTTP server and the database, in that order. */
  close(): Promise<void>;
}

export interface GatewayOptions {
  /**
   * More routes, registered after the gateway's own with the same hooks (the
   * tests use it for an operation marked deprecated); main.ts passes none.
   */
  plugins?: FastifyPluginAsync[];
}

export async function createGateway(config: Config, options: GatewayOptions = {}): Promise<Gateway> {
  // What recording an event does in its transaction, in this order (docs/architecture.md "Events and webhooks").
  registerReactions([webhookFanOut, linkSettlement, instructionSettlement]);
  const database = openDatabase(config, { poolSize: config.databasePoolSize });
  const { db } = database;
  await migrateToLatest(db);
  const keyring = loadKeyring(config);
  const signingKeys = new SigningKeys(db, keyring);
  await signingKeys.load();
  // Every sandbox timer reads an organization's time here (test clocks, docs/sandbox.md).
  const clock = new SandboxClock(db, config.environment === 'sandbox');

  const tokens = new TokenService(db, signingKeys, {
    issuer: config.publicBaseUrl,
    audience: config.publicBaseUrl,
    ttlSeconds: config.tokenTtlSeconds,
    narrowTtlSeconds: config.narrowTokenTtlSeconds,
    revocationCacheMs: config.tokenRevocationCacheMs,
  });
  const requestLimiter = createRateLimiter('requests', { ...config.rateLimit, pool: database.pool });
  const tokenFailures = {
    // Keyed on client id and address together: a stranger who knows a client id cannot lock its owner out.
    perClientAddress: createRateLimiter('token_failures', { ...config.tokenFailureLimit, pool: database.pool }),
    // An office behind one NAT address may hold several clients: five times the per-client budget.
    perIp: createRateLimiter('token_failures_ip', { ...config.tokenFailureLimit, points: config.tokenFailureLimit.points * 5, pool: database.pool }),
  };
  const metrics = createMetrics();

  const https = httpsOptions(config);
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: () => newId('request'),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While closing, http/transport.ts answers 503 with our error body instead.
    return503OnClosing: false,
    // A URL that is not valid percent-encoding, and a request Node's parser refuses: our error body.
    frameworkErrors: frameworkErrorHandler(securityHeaders(config)),
    clientErrorHandler,
    ...(https ? { https } : {}),
  });

  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // Read lazily: later onRoute hooks (discovery/openapi.ts) may still amend the config.
      routes.push({
        method,
        url: route.url,
        get public() {
          return Boolean(route.config?.public);
        },
        get scopes() {
          return route.config?.scopes ?? [];
        },
        get checkoutSession() {
          return Boolean(route.config?.checkoutSession);
        },
      });
    }
  });

  // Order matters: errors and validation first, then the onRequest chain
  // transport -> authentication -> rate limit, then idempotency (preHandler).
  registerErrorHandling(app);
  registerValidation(app);
  // WebSocket upgrades (the terminals' /v1/payment-instructions/ws) run through the routes and
  // their hooks like any request; registered before authentication so that a refused upgrade's
  // socket is closed after its 401 (or any other answer).
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  instrumentRequests(app, metrics);
  registerTransport(app, config);
  registerRequestTimeout(app, config.requestTimeoutMs);
  registerAuthentication(app, tokens, requestLimiter);
  registerRateLimit(app, requestLimiter);
  const vault = new Vault(db, keyring);
  registerIdempotency(app, db, config.idempotencyTtlSeconds, await deploymentSecret(db, keyring, 'idempotency_request_hash'), (org, number) => vault.fingerprint(org, number));
  await registerOpenApi(app, config);
  registerDeprecation(app);

  await app.register(oauthRoutes, { tokens, failures: tokenFailures });
  // /metrics on this listener: with METRICS_TOKEN, behind it; else open in a sandbox without METRICS_PORT; else off.
  const metricsAccess = config.metricsToken ? { token: config.metricsToken } : config.environment === 'sandbox' && config.metricsPort === undefined ? 'open' : 'off';
  await app.register(discoveryRoutes, { db, issuer: config.publicBaseUrl, signingKeys, metrics, metricsAccess });
  await app.register(organizationRoutes, { organizations: new OrganizationService(db) });

  // Cards: keys, vault, the network (the sandbox simulator; a real acquirer connector would go here).
  const encryptionKeys = new EncryptionKeyService(db, keyring, {
    modulusLength: config.cards.encryptionKeyBits,
    graceSeconds: config.cards.encryptionKeyGraceSeconds,
  });
  const instruments = new InstrumentService(db, encryptionKeys, vault);
  const network = config.connectors === 'simulator' ? new CardNetworkSimulator(db, { remote: config.simulatorAuthorization === 'remote' }) : new NoCardNetwork();
  const lifecycle = new PaymentLifecycle(db, network, config.cards, clock);
  const payments = new PaymentService(db, encryptionKeys, instruments, network, lifecycle);
  const refunds = new RefundService(db, network);
  const actions = new PaymentActions(db, network, lifecycle, payments, refunds);
  const users = new UserService(db, instruments);
  // Checkout sessions: the browser's only credential (docs/fields.md).
  const checkout = new CheckoutSessionService(db, tokens, { payments, instruments, users }, { sandbox: config.environment === 'sandbox' });
  await app.register(checkoutSessionRoutes, { checkout });
  await app.register(encryptionKeyRoutes, { keys: encryptionKeys });
  await app.register(instrumentRoutes, { instruments, db, checkout });
  const rails =
    config.connectors === 'simulator'
      ? new RailSimulator(await deploymentSecret(db, keyring, 'otp_hash'), { publicBaseUrl: config.publicBaseUrl, otpValiditySeconds: config.rails.otpValiditySeconds, clock })
      : undefined;
  const apm = new AlternativePaymentService(db, rails, config, clock);
  await app.register(paymentRoutes, { payments, apm, actions, checkout });
  await app.register(transactionRoutes, { transactions: new TransactionService(db), actions });
  await app.register(apmRoutes, { apm, sandbox: config.environment === 'sandbox' });
  // The simulated rails' customer pages exist only where the simulator is the connector.
  if (config.connectors === 'simulator') await app.register(bankPageRoutes, { apm });
  await app.register(fieldsRoutes);
  await app.register(cashoutRoutes, { cashouts: new CashoutService(db, rails) });
  await app.register(userRoutes, { users, checkout });
  const merchants = new MerchantService(db);
  await app.register(merchantRoutes, { merchants, terminals: new TerminalService(db, merchants) });
  const webhookPolicy = { requireHttps: config.environment === 'production', allowPrivate: config.webhooks.allowPrivateUrls };
  const links = new LinkService(db, keyring, { publicBaseUrl: config.publicBaseUrl, webhookPolicy, minAmount: config.links.minAmount }, clock);
  await app.register(linkRoutes, { links });
  const cardAttempts = new CardAttemptGuard(db, await deploymentSecret(db, keyring, 'link_address_hash'), {
    perLink: config.links.cardDeclinesPerLink,
    perAddress: config.links.cardDeclinesPerAddress,
    windowSeconds: config.links.cardDeclineWindowSeconds,
  });
  await app.register(hostedPageRoutes, { links, keys: encryptionKeys, instruments, payments, apm, publicBaseUrl: config.publicBaseUrl, cardAttempts });
  await app.register(refundRoutes, { refunds });
  const chargebacks = new ChargebackService(db, network, { decisionDelaySeconds: config.cards.chargebackDecisionDelaySeconds }, clock);
  await app.register(chargebackRoutes, { chargebacks });
  // Fees, fraud rules and evaluations, 3-D Secure version check.
  await app.register(feeRuleRoutes, { feeRules: new FeeRuleService(db) });
  await app.register(fraudRoutes, { fraud: new FraudService(db) });
  await app.register(threeDsRoutes, { db });
  // Card-present payments and the payment instructions terminals receive over a WebSocket.
  const cardPresent = new CardPresentService(db, instruments, network, lifecycle);
  const instructions = new PaymentInstructionService(db, cardPresent, { ...config.paymentInstructions, notify: database.dialect === 'postgres' }, clock);
  await app.register(cardPresentRoutes, { cardPresent, actions });
  await app.register(paymentInstructionRoutes, { instructions, cardPresent, hub: new TerminalHub(instructions, tokens, app.log, {
      ...config.paymentInstructions,
      ...(database.dialect === 'postgres' ? { listen: postgresListener(config.database.url, app.log) } : {}),
    }),
  });

  const deliverer = new WebhookDeliverer(db, keyring, config.webhooks, webhookPolicy, clock);
  await app.register(webhookRoutes, {
    webhooks: new WebhookService(db, keyring, deliverer, { policy: webhookPolicy, secretGraceSeconds: config.webhooks.secretGraceSeconds }),
  });
  // GET /v1/events/stream: Server-Sent Events, fed by one poller per process (webhooks/stream.ts).
  const eventStreams = new EventStreamHub(db, app.log, { pollIntervalMs: config.eventStream.pollIntervalMs });
  await app.register(eventStreamRoutes, { hub: eventStreams, tokens, heartbeatMs: config.eventStream.heartbeatMs });

  for (const plugin of options.plugins ?? []) await app.register(plugin);

  const jobs = new JobRunner(db, database.dialect, app.log, metrics, { pollIntervalMs: config.jobs.pollIntervalMs, concurrency: config.jobs.concurrency, leaseSeconds: config.jobs.leaseSeconds });
  jobs.register(DELIVER_JOB, ({ payload }) => deliverer.deliver(String((payload as { delivery_id: unknown }).delivery_id)));
  registerMaintenance(jobs, db, encryptionKeys);
  registerPaymentJobs(jobs, { db, network, lifecycle, refunds });
  registerApmJobs(jobs, apm);
  registerPaymentInstructionJobs(jobs, instructions);
  registerLinkJobs(jobs, links, { policy: webhookPolicy, timeoutMs: config.webhooks.timeoutMs });
  registerChargebackJobs(jobs, chargebacks);
  await scheduleMaintenance(db);
  if (config.environment === 'sandbox') await app.register(clockRoutes, { clocks: new ClockService(db, database.dialect, clock, jobs) });

  await app.ready();
  const metricsListener = config.metricsPort === undefined ? undefined : await listenMetrics(metrics, config.metricsPort);
  if (config.jobs.enabled) jobs.start();

  return {
    config,
    app,
    database,
    keyring,
    jobs,
    metricsListener,
    eventStreams,
    routes,
    async close() {
      await jobs.stop();
      await metricsListener?.close();
      await app.close();
      await requestLimiter.close?.();
      await database.close();
    },
  };
}
