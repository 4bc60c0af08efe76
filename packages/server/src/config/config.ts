/**
 * Configuration from environment variables, validated once at start-up.
 * Every setting is documented in docs/configuration.md; a bad value stops the
 * process with a one-line reason (see main.ts).
 */
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { CURRENCIES, toMinorUnits } from '../lib/money.js';

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
  publicBaseUrl: string;
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

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** A process is dead once its heartbeat is older than a few of its intervals. */
function instanceLiveness(env: Env): { heartbeatMs: number; deadAfterMs: number } {
  const heartbeatSeconds = integer(env, 'INSTANCE_HEARTBEAT_SECONDS', 2, 1, 60);
  const deadAfterSeconds = integer(env, 'INSTANCE_DEAD_AFTER_SECONDS', 10, 2, 3600);
  if (deadAfterSeconds < 2 * heartbeatSeconds) {
    throw new ConfigError(`INSTANCE_DEAD_AFTER_SECONDS (${deadAfterSeconds}) must be at least twice INSTANCE_HEARTBEAT_SECONDS (${heartbeatSeconds})`);
  }
  return { heartbeatMs: heartbeatSeconds * 1000, deadAfterMs: deadAfterSeconds * 1000 };
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Every `<NAME>_VALIDITY_SECONDS` that is set, checked: a rail's validity (its definition names the setting). */
function validitySettings(env: Env): Record<string, number> {
  const names = Object.keys(env).filter((name) => /^[A-Z][A-Z0-9_]*_VALIDITY_SECONDS$/.test(name) && env[name] !== undefined && env[name] !== '');
  return Object.fromEntries(names.sort().map((name) => [name, integer(env, name, 0, 1, 30 * 86400)]));
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function schedule(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.length > 20 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) {
    throw new ConfigError(`${name} must be 1 to 20 comma-separated numbers of seconds, got "${raw}"`);
  }
  const seconds = parts.map(Number);
  if (seconds[0] !== 0) throw new ConfigError(`${name} must start with 0: the first attempt is made at once`);
  return seconds;
}

/**
 * The floor of a custom-amount payment link per currency (major units), about
 * half a US dollar: below it, a link is a cheap oracle for testing stolen cards.
 */
export const DEFAULT_LINK_MIN_AMOUNT: Record<string, number> = {
  COP: 1000,
  USD: 0.5,
  EUR: 0.5,
  MXN: 10,
  BRL: 2.5,
  PEN: 2,
  ARS: 500,
  GBP: 0.5,
  CAD: 0.5,
  UYU: 20,
  CLP: 500,
  JPY: 50,
  PYG: 4000,
  KRW: 700,
  KWD: 0.15,
  BHD: 0.2,
};

/** `COP:1000,USD:1.00` over the defaults, in minor units. */
function minAmounts(env: Env, name: string): Record<string, number> {
  const amounts: Record<string, number> = {};
  const set = (currency: string, value: number) => {
    const parsed = toMinorUnits(value, currency);
    if (!('minor' in parsed)) throw new ConfigError(`${name}: ${value} is not a valid ${currency} amount`);
    amounts[currency] = parsed.minor;
  };
  for (const [currency, value] of Object.entries(DEFAULT_LINK_MIN_AMOUNT)) set(currency, value);
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return amounts;
  for (const part of raw.split(',')) {
    const match = /^\s*([A-Za-z]{3})\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match) throw new ConfigError(`${name} must be comma-separated CURRENCY:amount pairs (e.g. COP:1000,USD:1.00), got "${raw}"`);
    const currency = match[1]!.toUpperCase();
    if (CURRENCIES[currency] === undefined) throw new ConfigError(`${name}: ${currency} is not a supported currency`);
    set(currency, Number(match[2]));
  }
  return amounts;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function url(name: string, raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http or https URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false` (or unset), a hop count, or a comma-separated list of
 * the proxies' addresses or CIDR ranges. `true` is read as `1` (the proxy in
 * front of the server), never as "every hop", which would let a client
 * choose its own address with the leftmost X-Forwarded-For entry.
 */
export function parseTrustProxy(raw: string | undefined): Config['trustProxy'] {
  const value = (raw ?? '').trim();
  if (value === '' || /^(false|no|0)$/i.test(value)) return false;
  if (/^(true|yes)$/i.test(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be at most 10 proxy hops, got ${hops}`);
    return { hops };
  }
  const addresses = value.split(',').map((p) => p.trim());
  const everyone = addresses.filter((a) => a.includes('/') && validAddressOrCidr(a) && ipaddr.parseCIDR(a)[1] === 0);
  if (everyone.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY: ${everyone.map((b) => `"${b}"`).join(', ')} would trust every address as a proxy, so any client could choose its own address with X-Forwarded-For; name the proxies' addresses or ranges (for example 10.0.0.0/8), or give the hop count`,
    );
  }
  const bad = addresses.filter((a) => !PROXY_RANGE_NAMES.has(a) && !validAddressOrCidr(a));
  if (bad.length > 0 || addresses.length > 100) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a hop count, or a comma-separated list of proxy addresses or CIDR ranges; not an address or range: ${bad.map((b) => `"${b}"`).join(', ')}`,
    );
  }
  return { addresses };
}

function validAddressOrCidr(value: string): boolean {
  if (value.includes('/')) {
    try {
      ipaddr.parseCIDR(value);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(value);
}

/**
 * 32 bytes in base64. In production also random-looking: 32 random bytes have
 * about 30 distinct values (fewer than 16 has a probability below 1e-12), a
 * placeholder such as 32 zero bytes has one.
 */
export function validateMasterKey(raw: string, name = 'MASTER_KEY', production = false): string {
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64') : Buffer.alloc(0);
  if (bytes.length !== 32) throw new ConfigError(`${name} must be 32 random bytes in base64 (44 characters)`);
  if (production && new Set(bytes).size < 16) {
    throw new ConfigError(
      `${name} is not random (${new Set(bytes).size} distinct bytes of 32: a placeholder such as all zeros?); generate one with: openssl rand -base64 32`,
    );
  }
  return raw;
}

/** A secret a person typed as a placeholder: 16 × "a", "abababab...". Random secrets of 16+ characters have many more distinct characters. */
export const MIN_DISTINCT_SECRET_CHARACTERS = 8;

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
