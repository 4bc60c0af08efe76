/**
 * Assembles the gateway: database, keys, the cross-cutting hooks, then the
 * features as a list of modules (gateway/modules.ts: each feature's routes
 * and jobs, over the services they share, gateway/services.ts), and the job
 * runner. `createGateway` is what main.ts runs and what the tests start, so
 * tests exercise exactly the production wiring.
 */
import { parse as parseQuery } from 'node:querystring';
import { foldBracketKeys } from './lib/metadata.js';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import websocket from '@fastify/websocket';
import type { Config } from './config/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.js';
import { loadKeyring, type Keyring } from './crypto/keyring.js';
import { deploymentSecret } from './crypto/deployment-secrets.js';
import { SigningKeys } from './auth/signing-keys.js';
import { TokenService } from './auth/tokens.js';
import { registerAuthentication } from './auth/authenticate.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './errors/handler.js';
import { registerValidation } from './http/validation.js';
import { LazyCompiler } from './http/lazy-compile.js';
import { fastifyTrustProxy, httpsOptions, registerTransport, securityHeaders } from './http/transport.js';
import { registerRequestTimeout } from './http/timeout.js';
import { registerIdempotency } from './idempotency/plugin.js';
import { deleteExpiredKeys } from './idempotency/store.js';
import { InstanceLiveness } from './idempotency/liveness.js';
import { createRateLimiter } from './ratelimit/limiter.js';
import { registerRateLimit } from './ratelimit/plugin.js';
import { JobRunner } from './jobs/runner.js';
import { registerMaintenance, scheduleMaintenance, type MaintenanceTask } from './jobs/maintenance.js';
import { logDestination, loggerOptions, RequestLog } from './observability/logger.js';
import { createMetrics, instrumentRequests } from './observability/metrics.js';
import { listenMetrics, type MetricsListener } from './observability/metrics-listener.js';
import { registerOpenApi } from './discovery/openapi.js';
import { registerDeprecation } from './http/deprecation.js';
import { newId } from './lib/ids.js';
import { Vault } from './instruments/vault.js';
import { registerReactions } from './events/store.js';
import type { EventStreamHub } from './webhooks/stream.js';
import type { DashboardService } from './dashboard/service.js';
import { buildServices } from './gateway/services.js';
import type { ConnectorDefinition } from './connectors/registry.js';
import { BUILT_IN_METHODS } from './payments/methods/list.js';
import { MethodRegistry, type PaymentMethodDefinition } from './payments/methods/registry.js';
import { MODULES, outboxReactions } from './gateway/modules.js';
import { ledgerModule } from './ledger/module.js';
import { realClock, SandboxClock, type TimeSource } from './clock/clock.js';
import type { RsaKeyPairSource } from './crypto/rsa-key-pairs.js';
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
  /** The gateway's one clock (clock/clock.ts): the tests provision clients with it. */
  clock: SandboxClock;
  /** The dashboard's users, sessions and one-time links (the CLI, main.ts and the tests use it too). */
  dashboard: DashboardService;
  /** Compiles every route schema not compiled yet (they compile on first use, http/lazy-compile.ts); returns how many. */
  compileSchemas(): number;
  /** Stops the job runner, the HTTP server and the database, in that order. */
  close(): Promise<void>;
}

export interface GatewayOptions {
  /**
   * More routes, registered after the gateway's own with the same hooks (the
   * tests use it for an operation marked deprecated); main.ts passes none.
   */
  plugins?: FastifyPluginAsync[];
  /** Where the dashboard's built files are (default packages/dashboard/dist; the tests use their own). */
  dashboardDist?: string;
  /** Where the log lines go (default standard output; the tests read them). */
  logStream?: { write(line: string): void };
  /** Where the gateway's one clock reads the real time (default the system's; a test may pass its own and move it). */
  time?: TimeSource;
  /** More connectors, registered beside the built-in ones (the tests register their own; docs/architecture.md "Add a connector"). */
  connectors?: readonly ConnectorDefinition[];
  /** More payment methods, registered after the built-in ones (the tests register their own; docs/architecture.md "Add a payment method"). */
  methods?: readonly PaymentMethodDefinition[];
  /**
   * Where the RSA key pairs come from: the token-signing key and each organization's encryption key
   * (default: generated, crypto/rsa-key-pairs.ts). The tests pass pairs generated once per test process.
   */
  rsaKeyPairs?: RsaKeyPairSource;
}

/**
 * How long after it listens a gateway on a SQLite file starts the checkpoint thread: past the
 * first requests of a start (`/readyz`), well before a WAL grows large (SQLite's own checkpoints
 * run until then).
 */
const CHECKPOINTS_AFTER_LISTEN_MS = 1000;

export async function createGateway(config: Config, options: GatewayOptions = {}): Promise<Gateway> {
  // What recording an event does in its transaction, in this order (docs/internals.md "Events and webhooks").
  // LEDGER_POSTING=false (sandbox only, config.ts): the ledger's reactions are left out, for measuring their cost.
  // The registry is the process's, and what an earlier gateway of it registered stays: the option takes effect in a process of its own.
  registerReactions(outboxReactions(config.ledgerPosting ? MODULES : MODULES.filter((m) => m !== ledgerModule)));
  const database = openDatabase(config, { poolSize: config.databasePoolSize, deferCheckpoints: true });
  const { db } = database;
  await migrateToLatest(db, { now: () => realClock(options.time).realIso() });
  // The one clock (clock/clock.ts): the real time, and in the sandbox each organization's time.
  const clock = new SandboxClock(db, config.environment === 'sandbox', options.time);
  const keyring = loadKeyring(config);
  const signingKeys = new SigningKeys(db, keyring, clock, options.rsaKeyPairs);
  await signingKeys.load();

  const tokens = new TokenService(
    db,
    signingKeys,
    {
      issuer: config.publicBaseUrl,
      audience: config.publicBaseUrl,
      ttlSeconds: config.tokenTtlSeconds,
      narrowTtlSeconds: config.narrowTokenTtlSeconds,
      revocationCacheMs: config.tokenRevocationCacheMs,
    },
    clock,
  );
  const requestLimiter = createRateLimiter('requests', { ...config.rateLimit, pool: database.pool, clock });
  const metrics = createMetrics();

  const https = httpsOptions(config);
  const schemas = new LazyCompiler();
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel, clock), stream: options.logStream ?? logDestination() },
    // One line per request instead of two (observability/logger.ts).
    logController: new RequestLog(),
    genReqId: () => newId('request'),
    // `metadata[key]=value` arrives as one object (lib/metadata.ts).
    routerOptions: { querystringParser: (text: string) => (text.length === 0 ? {} : foldBracketKeys(parseQuery(text))) },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While closing, http/transport.ts answers 503 with our error body instead.
    return503OnClosing: false,
    // A URL that is not valid percent-encoding, and a request Node's parser refuses: our error body.
    frameworkErrors: frameworkErrorHandler(securityHeaders(config)),
    clientErrorHandler,
    // Response serializers compile on a route's first use (validators too, registerValidation).
    schemaController: { compilersFactory: { buildSerializer: schemas.buildSerializer } },
    ...(https ? { https } : {}),
  });

  // A new database's first signing key is made once the server listens, not before (auth/signing-keys.ts).
  app.addHook('onListen', () => signingKeys.prepare());
  // SQLite's checkpoint thread (db/database.ts) once the server answers, not before.
  let checkpointsTimer: NodeJS.Timeout | undefined;
  app.addHook('onListen', () => {
    checkpointsTimer = setTimeout(() => database.startCheckpoints(), CHECKPOINTS_AFTER_LISTEN_MS).unref();
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
  registerValidation(app, schemas);
  // WebSocket upgrades (the terminals' /v1/payment-instructions/ws) run through the routes and
  // their hooks like any request; registered before authentication so that a refused upgrade's
  // socket is closed after its 401 (or any other answer).
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  instrumentRequests(app, metrics);
  registerTransport(app, config);
  registerRequestTimeout(app, config.requestTimeoutMs);
  registerAuthentication(app, tokens, requestLimiter);
  registerRateLimit(app, requestLimiter);
  const vault = new Vault(db, keyring, clock);
  // This process's heartbeat: the Idempotency-Key locks it holds are taken over soon after it dies.
  const liveness = new InstanceLiveness(db, app.log, { dialect: database.dialect, ...config.instances }, clock);
  await liveness.start();
  registerIdempotency(
    app,
    db,
    config.idempotencyTtlSeconds,
    await deploymentSecret(db, keyring, 'idempotency_request_hash', clock),
    (org, number) => vault.fingerprint(org, number),
    liveness,
    clock,
  );
  // The payment methods: every list of them (the OpenAPI enums, the hosted checkout, the simulator) reads this registry.
  const methods = new MethodRegistry([...BUILT_IN_METHODS, ...(options.methods ?? [])]);
  await registerOpenApi(app, config, methods);
  registerDeprecation(app);

  // The features: the services they share, then each module's routes and jobs, in the order of gateway/modules.ts.
  const services = await buildServices({
    config,
    db,
    clock,
    keyring,
    log: app.log,
    tokens,
    signingKeys,
    metrics,
    vault,
    dashboardDist: options.dashboardDist,
    connectors: options.connectors,
    methods,
    rsaKeyPairs: options.rsaKeyPairs,
  });
  const jobs = new JobRunner(db, database.dialect, app.log, metrics, {
    pollIntervalMs: config.jobs.pollIntervalMs,
    clock,
    concurrency: config.jobs.concurrency,
    leaseSeconds: config.jobs.leaseSeconds,
  });
  // Idempotency keys are the cross-cutting plugin's (registered here, not by a module).
  const maintenance: MaintenanceTask[] = [(target, now) => deleteExpiredKeys(target, new Date(now).toISOString())];
  for (const feature of MODULES) await feature.register({ app, jobs, maintenance, config, database, db, keyring, services });

  for (const plugin of options.plugins ?? []) await app.register(plugin);

  registerMaintenance(jobs, db, maintenance, clock);
  await scheduleMaintenance(db, clock);

  await app.ready();
  const metricsListener = config.metricsPort === undefined ? undefined : await listenMetrics(metrics, config.metricsPort);
  if (config.jobs.enabled) jobs.start();

  return {
    config,
    app,
    database,
    keyring,
    jobs,
    clock,
    metricsListener,
    eventStreams: services.eventStreams,
    dashboard: services.dashboard,
    routes,
    compileSchemas: () => schemas.compileAll(),
    async close() {
      clearTimeout(checkpointsTimer);
      await jobs.stop();
      await metricsListener?.close();
      await app.close();
      await liveness.stop();
      await requestLimiter.close?.();
      await database.close();
    },
  };
}
