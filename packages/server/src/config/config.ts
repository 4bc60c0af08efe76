/**
 * Configuration from environment variables, validated once at start-up.
 * Every setting is documented in docs/configuration.md; a bad value stops the
 * process with a one-line reason (see main.ts).
 */
import { resolve } from 'node:path';
import type { Config } from './types.js';
import {
  boolean,
  ConfigError,
  type Env,
  instanceLiveness,
  integer,
  minAmounts,
  oneOf,
  parseTrustProxy,
  schedule,
  url,
  validateMasterKey,
  validitySettings,
  MIN_DISTINCT_SECRET_CHARACTERS,
} from './readers.js';

export type { Config, DatabaseKind, Environment } from './types.js';
export { ConfigError, DEFAULT_LINK_MIN_AMOUNT, MIN_DISTINCT_SECRET_CHARACTERS, parseTrustProxy, validateMasterKey } from './readers.js';

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const environment = oneOf(env, 'ENVIRONMENT', ['sandbox', 'production'] as const, 'sandbox');
  const production = environment === 'production';
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || (production ? '0.0.0.0' : '127.0.0.1');
  const publicBaseUrl = url('PUBLIC_BASE_URL', env.PUBLIC_BASE_URL || `http://localhost:${port}`);
  const dataDir = resolve(cwd, env.DATA_DIR || 'data');

  const rawDb = env.DATABASE_URL || '';
  let database: Config['database'];
  if (/^postgres(ql)?:\/\//.test(rawDb)) database = { kind: 'postgres', url: rawDb };
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(rawDb)) {
    throw new ConfigError(`DATABASE_URL must be a file path (SQLite) or a postgres:// URL, got "${rawDb.split(':')[0]}://..."`);
  } else {
    database = {
      kind: 'sqlite',
      url: rawDb ? resolve(cwd, rawDb.replace(/^sqlite:/, '')) : resolve(dataDir, 'pasarela.sqlite'),
      sqliteSync: oneOf(env, 'SQLITE_SYNCHRONOUS', ['full', 'normal'] as const, production ? 'full' : 'normal'),
    };
  }

  const masterKey = env.MASTER_KEY ? validateMasterKey(env.MASTER_KEY, 'MASTER_KEY', production) : undefined;
  if (production && !masterKey) throw new ConfigError('MASTER_KEY is required when ENVIRONMENT=production');

  const bootstrapId = env.BOOTSTRAP_CLIENT_ID;
  const bootstrapSecret = env.BOOTSTRAP_CLIENT_SECRET;
  if (Boolean(bootstrapId) !== Boolean(bootstrapSecret)) {
    throw new ConfigError('BOOTSTRAP_CLIENT_ID and BOOTSTRAP_CLIENT_SECRET must be set together');
  }
  if (bootstrapSecret && bootstrapSecret.length < 16) {
    throw new ConfigError('BOOTSTRAP_CLIENT_SECRET must be at least 16 characters');
  }
  if (production && bootstrapSecret && new Set(bootstrapSecret).size < MIN_DISTINCT_SECRET_CHARACTERS) {
    throw new ConfigError(
      `BOOTSTRAP_CLIENT_SECRET is not random (${new Set(bootstrapSecret).size} distinct characters; at least ${MIN_DISTINCT_SECRET_CHARACTERS} in production); generate one with: openssl rand -hex 24`,
    );
  }

  const seedFile = env.SEED_FILE ? resolve(cwd, env.SEED_FILE) : undefined;
  if (seedFile && production) throw new ConfigError('SEED_FILE is for the sandbox only (its secrets are written in a file)');

  const certFile = env.TLS_CERT_FILE;
  const keyFile = env.TLS_KEY_FILE;
  if (Boolean(certFile) !== Boolean(keyFile)) throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together');

  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (production && !certFile && !trustProxy) {
    throw new ConfigError(
      'ENVIRONMENT=production needs TLS_CERT_FILE and TLS_KEY_FILE, or TRUST_PROXY set to the hop count or the addresses of the TLS-terminating proxies in front of it',
    );
  }
  const connectors = oneOf(env, 'CONNECTORS', ['simulator', 'none'] as const, production ? 'none' : 'simulator');
  // Production never runs against a simulator: a test or staging deployment runs ENVIRONMENT=sandbox,
  // except a rehearsal of production that says so in two settings (the chaos harness, docs/reliability.md).
  const simulatedRehearsal = boolean(env, 'ALLOW_SIMULATED_CONNECTORS', false);
  if (simulatedRehearsal && !production) {
    throw new ConfigError('ALLOW_SIMULATED_CONNECTORS is only for ENVIRONMENT=production rehearsals: the sandbox runs the simulators without it');
  }
  if (simulatedRehearsal && connectors !== 'simulator') {
    throw new ConfigError('ALLOW_SIMULATED_CONNECTORS=true needs CONNECTORS=simulator (it is a rehearsal against the simulators)');
  }
  if (production && connectors === 'simulator' && !simulatedRehearsal) {
    throw new ConfigError('CONNECTORS=simulator is refused when ENVIRONMENT=production: run a staging or test deployment with ENVIRONMENT=sandbox');
  }
  const ledgerPosting = boolean(env, 'LEDGER_POSTING', true);
  if (production && !ledgerPosting)
    throw new ConfigError('LEDGER_POSTING=false is refused when ENVIRONMENT=production: every movement of money posts its entry');
  if (production && !env.PUBLIC_BASE_URL) throw new ConfigError('PUBLIC_BASE_URL is required when ENVIRONMENT=production (the https:// address clients use)');
  if (production && !publicBaseUrl.startsWith('https://')) {
    throw new ConfigError(`PUBLIC_BASE_URL must be an https:// URL when ENVIRONMENT=production, got "${publicBaseUrl}"`);
  }
  const mercadopagoUrl = url('MERCADOPAGO_API_URL', env.MERCADOPAGO_API_URL || 'https://api.mercadopago.com');
  if (production && !simulatedRehearsal && !mercadopagoUrl.startsWith('https://')) {
    throw new ConfigError(`MERCADOPAGO_API_URL must be an https:// URL when ENVIRONMENT=production, got "${mercadopagoUrl}"`);
  }
  const stripeUrl = url('STRIPE_API_URL', env.STRIPE_API_URL || 'https://api.stripe.com');
  if (production && !simulatedRehearsal && !stripeUrl.startsWith('https://')) {
    throw new ConfigError(`STRIPE_API_URL must be an https:// URL when ENVIRONMENT=production, got "${stripeUrl}"`);
  }
  if (new URL(stripeUrl).pathname !== '/') {
    throw new ConfigError(`STRIPE_API_URL must be an origin without a path (the package adds /v1/...), got "${stripeUrl}"`);
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && (metricsToken.length < 32 || /\s/.test(metricsToken))) {
    throw new ConfigError('METRICS_TOKEN must be at least 32 characters without spaces (for example: openssl rand -hex 32)');
  }
  const metricsPort = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined;

  const workers = integer(env, 'WORKERS', 1, 1, 64);
  if (workers > 1 && database.kind !== 'postgres') {
    throw new ConfigError('WORKERS above 1 needs PostgreSQL (DATABASE_URL=postgres://...): SQLite is written by one process');
  }
  // One process's 10 connections shared out among the workers (at least 4 each), so that N
  // workers do not open N times as many connections to a server with the same cores.
  const databasePoolSize = integer(env, 'DATABASE_POOL_SIZE', Math.max(4, Math.ceil(10 / workers)), 1, 200);

  const logLevel = oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info');

  return {
    environment,
    connectors,
    simulatedRehearsal,
    simulatorAuthorization: oneOf(env, 'SIMULATOR_AUTHORIZATION', ['transaction', 'remote'] as const, 'transaction'),
    mercadopago: { apiUrl: mercadopagoUrl, timeoutMs: integer(env, 'MERCADOPAGO_TIMEOUT_MS', 40_000, 100, 120_000) },
    stripe: { apiUrl: stripeUrl, timeoutMs: integer(env, 'STRIPE_TIMEOUT_MS', 40_000, 100, 120_000) },
    port,
    host,
    publicBaseUrl,
    publicBaseUrlSet: Boolean(env.PUBLIC_BASE_URL),
    database,
    workers,
    databasePoolSize,
    dataDir,
    masterKey,
    bootstrapClient: bootstrapId && bootstrapSecret ? { id: bootstrapId, secret: bootstrapSecret } : undefined,
    seedFile,
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 43200, 1, 86400),
    narrowTokenTtlSeconds: integer(env, 'NARROW_TOKEN_TTL_SECONDS', 900, 1, 86400),
    tokenRevocationCacheMs: integer(env, 'TOKEN_REVOCATION_CACHE_MS', 1000, 0, 60_000),
    rateLimit: {
      points: integer(env, 'RATE_LIMIT_REQUESTS', 1000, 1, 1_000_000),
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 10, 1, 3600),
      syncIntervalMs: integer(env, 'RATE_LIMIT_SYNC_MS', 200, 10, 5000),
    },
    tokenFailureLimit: {
      points: integer(env, 'TOKEN_FAILURE_LIMIT', 20, 1, 100_000),
      windowSeconds: integer(env, 'TOKEN_FAILURE_WINDOW_SECONDS', 600, 1, 86400),
    },
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 50 * 1_048_576),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 15_000, 1, 600_000),
    idempotencyTtlSeconds: integer(env, 'IDEMPOTENCY_TTL_SECONDS', 86400, 1, 7 * 86400),
    instances: instanceLiveness(env),
    tls: certFile && keyFile ? { certFile, keyFile } : undefined,
    trustProxy,
    metricsToken,
    metricsPort,
    logLevel,
    webhooks: {
      retrySchedule: schedule(env, 'WEBHOOK_RETRY_SCHEDULE', [0, 5, 300, 1800, 7200, 18000, 36000, 36000]),
      // Never in production: deliveries to loopback, private, link-local or metadata addresses are refused.
      // (A rehearsal with ALLOW_SIMULATED_CONNECTORS may allow them, for receivers on its own machine.)
      allowPrivateUrls: production ? simulatedRehearsal && boolean(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', false) : boolean(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', true),
      timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 5000, 100, 30_000),
      secretGraceSeconds: integer(env, 'WEBHOOK_SECRET_GRACE_SECONDS', 86400, 0, 30 * 86400),
      attemptBodyRetentionSeconds: integer(env, 'WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS', 30, 1, 3650) * 86400,
      deliveryRetentionSeconds: integer(env, 'WEBHOOK_DELIVERY_RETENTION_DAYS', 90, 1, 3650) * 86400,
    },
    rails: {
      mockDelaySeconds: integer(env, 'RAIL_MOCK_DELAY_SECONDS', 5, 0, 3600),
      validitySeconds: validitySettings(env),
      otpValiditySeconds: integer(env, 'OTP_VALIDITY_SECONDS', 15 * 60, 1, 86400),
      otpMaxAttempts: integer(env, 'OTP_MAX_ATTEMPTS', 3, 1, 10),
    },
    cards: {
      encryptionKeyBits: Number(oneOf(env, 'ENCRYPTION_KEY_BITS', ['2048', '3072', '4096'] as const, '2048')),
      encryptionKeyGraceSeconds: integer(env, 'ENCRYPTION_KEY_GRACE_SECONDS', 86400, 0, 30 * 86400),
      captureDelaySeconds: integer(env, 'CAPTURE_DELAY_SECONDS', 180, 0, 7 * 86400),
      pendingCardDelaySeconds: integer(env, 'PENDING_CARD_DELAY_SECONDS', 10, 0, 86400),
      authorizationTtlSeconds: integer(env, 'AUTHORIZATION_TTL_SECONDS', 7 * 86400, 1, 30 * 86400),
      chargebackResponseSeconds: integer(env, 'CHARGEBACK_RESPONSE_SECONDS', 7 * 86400, 1, 90 * 86400),
      chargebackDecisionDelaySeconds: integer(env, 'CHARGEBACK_DECISION_DELAY_SECONDS', 300, 0, 30 * 86400),
    },
    links: {
      cardDeclinesPerLink: integer(env, 'LINK_CARD_DECLINES_PER_LINK', 5, 1, 10_000),
      cardDeclinesPerAddress: integer(env, 'LINK_CARD_DECLINES_PER_ADDRESS', 10, 1, 100_000),
      cardDeclineWindowSeconds: integer(env, 'LINK_CARD_DECLINE_WINDOW_SECONDS', 3600, 1, 86400),
      minAmount: minAmounts(env, 'LINK_MIN_AMOUNT'),
    },
    checkoutSessionRetentionSeconds: integer(env, 'CHECKOUT_SESSION_RETENTION_DAYS', 30, 7, 3650) * 86400,
    clockAdvanceRunMs: integer(env, 'SANDBOX_CLOCK_ADVANCE_RUN_SECONDS', 5, 1, 60) * 1000,
    paymentInstructions: {
      ttlSeconds: integer(env, 'PAYMENT_INSTRUCTION_TTL_SECONDS', 300, 1, 86400),
      pollIntervalMs: integer(env, 'PAYMENT_INSTRUCTION_POLL_MS', 1000, 10, 60_000),
      heartbeatMs: integer(env, 'PAYMENT_INSTRUCTION_HEARTBEAT_SECONDS', 30, 1, 3600) * 1000,
    },
    dashboard: {
      sessionIdleSeconds: integer(env, 'DASHBOARD_SESSION_IDLE_MINUTES', 30, 1, 24 * 60) * 60,
      sessionMaxSeconds: integer(env, 'DASHBOARD_SESSION_MAX_HOURS', 12, 1, 30 * 24) * 3600,
      linkTtlSeconds: integer(env, 'DASHBOARD_LINK_TTL_HOURS', 72, 1, 30 * 24) * 3600,
      signInFailureLimit: {
        points: integer(env, 'DASHBOARD_SIGN_IN_FAILURE_LIMIT', 10, 1, 100_000),
        windowSeconds: integer(env, 'DASHBOARD_SIGN_IN_FAILURE_WINDOW_SECONDS', 900, 1, 86400),
      },
      // OWASP's N=2^17 at least in production; a sandbox (a laptop, a merchant's CI, this repository's
      // tests) may sign its test members in at the cost API client secrets have, 2^14.
      passwordScryptLogN: integer(env, 'DASHBOARD_PASSWORD_SCRYPT_LOG_N', 17, production ? 17 : 14, 20),
    },
    eventStream: {
      heartbeatMs: integer(env, 'EVENT_STREAM_HEARTBEAT_SECONDS', 15, 1, 3600) * 1000,
      pollIntervalMs: integer(env, 'EVENT_STREAM_POLL_MS', 250, 10, 60_000),
      maxPerOrganization: integer(env, 'EVENT_STREAM_MAX_PER_ORGANIZATION', 20, 1, 10_000),
    },
    ledgerPosting,
    jobs: {
      pollIntervalMs: integer(env, 'JOB_POLL_INTERVAL_MS', 250, 10, 60_000),
      enabled: boolean(env, 'JOBS_ENABLED', true),
      leaseSeconds: integer(env, 'JOB_LEASE_SECONDS', 60, 1, 3600),
      // Jobs mostly wait on the network (webhooks, callbacks): many may run at once.
      concurrency: integer(env, 'JOB_CONCURRENCY', 32, 1, 1000),
    },
  };
}
