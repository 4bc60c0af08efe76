/** The gateway's validated configuration (config.ts `loadConfig` builds it; docs/configuration.md documents each setting). */

export type Environment = 'sandbox' | 'production';
export type DatabaseKind = 'sqlite' | 'postgres';

export interface Config {
  environment: Environment;
  /**
   * Which card network and rails payments go to. `simulator`: the sandbox's
   * (default in sandbox; refused in production). `none`: no connector is
   * configured, payments answer 503 (the default, and today the only choice,
   * in production, so it never approves payments against a simulator).
   */
  connectors: 'simulator' | 'none';
  /**
   * ALLOW_SIMULATED_CONNECTORS=true: a production-mode rehearsal (the chaos
   * harness, a staging drill) may run CONNECTORS=simulator and deliver webhooks
   * to private addresses. main.ts logs a warning at every start. Never in a
   * deployment that takes real money.
   */
  simulatedRehearsal: boolean;
  /**
   * How the card-network simulator answers an authorization: `transaction`
   * (default) inside the payment's own database transaction (its ledger is in
   * this database); `remote` as a real acquirer across the network would, with
   * the intent recorded first and the answer after the call.
   */
  simulatorAuthorization: 'transaction' | 'remote';
  /**
   * Where the `mercadopago` connector sends (MERCADOPAGO_API_URL, default
   * https://api.mercadopago.com; https only in production, except a rehearsal
   * pointing it at a fake processor) and its time limit per attempt
   * (MERCADOPAGO_TIMEOUT_MS, default 40000). The deployment's, never an account's.
   */
  mercadopago: { apiUrl: string; timeoutMs: number };
  /**
   * Where the `stripe` connector sends (STRIPE_API_URL, default
   * https://api.stripe.com; https only in production, except a rehearsal) and
   * its time limit per attempt (STRIPE_TIMEOUT_MS, default 40000). The
   * deployment's, never an account's.
   */
  stripe: { apiUrl: string; timeoutMs: number };
  port: number;
  host: string;
  /** PUBLIC_BASE_URL; when it is not set, `http://localhost:${port}`. */
  publicBaseUrl: string;
  /**
   * Whether PUBLIC_BASE_URL was set. When it was not, the operator CLI (which has no PORT of the
   * server's) takes the public base URL the server last started with (db/public-base-url.ts).
   */
  publicBaseUrlSet: boolean;
  /**
   * `sqliteSync` (SQLite only): `full` syncs the WAL to disk at every commit (a group's, see
   * db/group-commit.ts), so a commit survives a power loss; `normal` syncs it at checkpoints
   * only, so the last commits survive a crash of the process but not of the machine.
   */
  database: { kind: DatabaseKind; url: string; sqliteSync?: 'full' | 'normal' };
  /** Server processes (node:cluster) on one port; more than 1 only on PostgreSQL. */
  workers: number;
  /** PostgreSQL connections per process. */
  databasePoolSize: number;
  dataDir: string;
  /** base64 of 32 bytes, or undefined when it is to be generated (sandbox only). */
  masterKey: string | undefined;
  bootstrapClient: { id: string; secret: string } | undefined;
  /** SEED_FILE (sandbox only): organizations, clients with fixed ids and secrets, webhook endpoints provisioned at start (seed/seed.ts). */
  seedFile: string | undefined;
  tokenTtlSeconds: number;
  /** Lifetime of a token narrowed with `scope`. */
  narrowTokenTtlSeconds: number;
  /** How long a process may trust its last revocation check of a token. */
  tokenRevocationCacheMs: number;
  rateLimit: { points: number; windowSeconds: number; syncIntervalMs: number };
  tokenFailureLimit: { points: number; windowSeconds: number };
  bodyLimitBytes: number;
  /** A request not answered within this time gets `504 timeout` (http/timeout.ts). */
  requestTimeoutMs: number;
  idempotencyTtlSeconds: number;
  /** Lock-owner liveness (idempotency/liveness.ts). */
  instances: { heartbeatMs: number; deadAfterMs: number };
  tls: { certFile: string; keyFile: string } | undefined;
  /**
   * Which proxies in front of the server are believed about the client
   * (X-Forwarded-For, read from the right) and the protocol
   * (X-Forwarded-Proto): none, the last `hops` ones, or those at these
   * addresses and CIDR ranges.
   */
  trustProxy: false | { hops: number } | { addresses: string[] };
  /** With it, `/metrics` on the main listener needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** A second listener, on 127.0.0.1 only, that serves `/metrics` and nothing else. */
  metricsPort: number | undefined;
  logLevel: string;
  jobs: { pollIntervalMs: number; enabled: boolean; leaseSeconds: number; concurrency: number };
  /**
   * LEDGER_POSTING=false (sandbox only): the ledger's reactions are not registered, so no
   * movement of money posts an entry. Only to measure what the ledger costs (the bench's
   * `ledger-cost` case); a gateway that moves money keeps it on.
   */
  ledgerPosting: boolean;
  webhooks: {
    /** Element i is the wait in seconds before attempt i+1; the first attempt goes at once (element 0 is 0). */
    retrySchedule: number[];
    allowPrivateUrls: boolean;
    timeoutMs: number;
    secretGraceSeconds: number;
    /** An attempt's request and response are cleared this long after it was made (the maintenance job). */
    attemptBodyRetentionSeconds: number;
    /** WEBHOOK_DELIVERY_RETENTION_DAYS: finished deliveries, with their attempts, are deleted after this. */
    deliveryRetentionSeconds: number;
  };
  rails: {
    mockDelaySeconds: number;
    /**
     * Validity of an intent per rail (spec 4.5), by setting: every
     * `<NAME>_VALIDITY_SECONDS` given, whole seconds from 1 to 2592000 (30 days). Each
     * rail's definition names its setting and default (payments/methods/<id>/
     * `validity`: about 21 min, 45 min, 15 min, 15 min, 72 h for the built-in ones).
     */
    validitySeconds: Record<string, number>;
    otpValiditySeconds: number;
    otpMaxAttempts: number;
  };
  cards: {
    encryptionKeyBits: number;
    encryptionKeyGraceSeconds: number;
    captureDelaySeconds: number;
    pendingCardDelaySeconds: number;
    authorizationTtlSeconds: number;
    /** Time the merchant has to accept or dispute a chargeback (`respond_by`); past it, an OPEN chargeback is LOST. */
    chargebackResponseSeconds: number;
    /** Time the (simulated) network takes to decide a disputed chargeback. */
    chargebackDecisionDelaySeconds: number;
  };
  links: {
    /** Card attempts of the hosted checkout not approved (declined or in flight) per payment link in the window; more answer 429. */
    cardDeclinesPerLink: number;
    /** The same per client address, across every link. */
    cardDeclinesPerAddress: number;
    cardDeclineWindowSeconds: number;
    /** The lowest amount a custom-amount link may ask for, per currency, in minor units. */
    minAmount: Record<string, number>;
  };
  /** Checkout sessions are deleted this long after their `expires_at` (checkout/store.ts, the maintenance job). */
  checkoutSessionRetentionSeconds: number;
  /** A test clock advance stops running jobs after this long; what is left runs in the background (test-clocks/service.ts). */
  clockAdvanceRunMs: number;
  paymentInstructions: {
    /** Lifetime of an instruction not yet paid (PENDING, DELIVERED or ACKNOWLEDGED): then EXPIRED. */
    ttlSeconds: number;
    /** How often a process looks for instructions, created by any process, for the terminals connected to it. */
    pollIntervalMs: number;
    /** How often each terminal connection is pinged and its token checked again. */
    heartbeatMs: number;
  };
  /** The dashboard's sessions and sign-in (dashboard/, docs/dashboard.md). */
  dashboard: {
    /** A session unused this long ends. */
    sessionIdleSeconds: number;
    /** A session ends this long after sign-in, however active. */
    sessionMaxSeconds: number;
    /** Lifetime of a one-time link (invitation, first run, CLI). */
    linkTtlSeconds: number;
    /** Failed sign-ins per e-mail and address in the window; more answer 429 (five times as many per address). */
    signInFailureLimit: { points: number; windowSeconds: number };
    /** scrypt's cost for members' passwords (crypto/password-hash.ts): N = 2^logN, r = 8, p = 1. */
    passwordScryptLogN: number;
  };
  /** GET /v1/events/stream (webhooks/stream.ts). */
  eventStream: {
    /** How often each open stream gets a `: ping` comment line. */
    heartbeatMs: number;
    /** How often a process with open streams reads the events table for new events (the stream's latency). */
    pollIntervalMs: number;
    /** Open streams per organization on one process; one more answers 429. */
    maxPerOrganization: number;
  };
}
