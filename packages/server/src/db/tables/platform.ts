/** Tables of the platform: organizations, clients and tokens, keys, idempotency, jobs, clocks, events, webhooks, settings. (db/schema.ts: the conventions, and the Database that names them). */
import type { Generated } from 'kysely';

export interface OrganizationsTable {
  id: string;
  name: string;
  /** The organization whose client registered this one (spec 4.7), or null for a root. */
  parent_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ClientsTable {
  client_id: string;
  name: string;
  organization_id: string;
  /** Space-separated permissions (spec section 5). */
  scopes: string;
  secret_hash: string;
  /** 1 when the operator marked the client PCI DSS SAQ D (direct tokenization allowed). */
  pci_saq_d: Generated<number>;
  created_at: string;
  revoked_at: string | null;
}

export interface AccessTokensTable {
  jti: string;
  client_id: string;
  organization_id: string;
  audience: string;
  scope: string;
  /** Unix seconds, as in the JWT. */
  issued_at: number;
  expires_at: number;
  revoked_at: string | null;
}

export interface SigningKeysTable {
  kid: string;
  algorithm: string;
  public_jwk: string;
  /** PKCS#8 PEM sealed under the master key (crypto/keyring.ts). */
  private_key_sealed: string;
  status: 'active' | 'retired';
  created_at: string;
}

export interface IdempotencyKeysTable {
  client_id: string;
  key: string;
  request_hash: string;
  status: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: string | null;
  locked_at: string;
  created_at: string;
  expires_at: string;
  /** The gateway instance holding the lock (gateway_instances.id); null on rows older than migration 017. */
  owner_instance: string | null;
  /** Random per reservation: the commit fence of the request holding the lock (idempotency/plugin.ts). */
  lock_token: string | null;
}

/** One row per running gateway process, its heartbeat written every INSTANCE_HEARTBEAT_SECONDS (idempotency/liveness.ts). */
export interface GatewayInstancesTable {
  id: string;
  started_at: string;
  heartbeat_at: string;
}

export interface JobsTable {
  id: string;
  type: string;
  payload: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  /** At most one pending job per key (recurring work, per-object work). */
  dedupe_key: string | null;
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** The organization whose sandbox clock this job's time follows (clock/); null for maintenance and crash recovery. */
  organization_id: string | null;
}

/** clock/: an organization's sandbox time is the real time plus `offset_ms`. */
export interface SandboxClocksTable {
  organization_id: string;
  /** bigint: PostgreSQL returns it as a string. */
  offset_ms: string | number;
  updated_at: string;
}

/** The rate limits' shared windows on PostgreSQL (ratelimit/limiter.ts); created by our migrations. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: string | number | null;
}

export interface EncryptionKeysTable {
  kid: string;
  organization_id: string;
  public_key: string;
  private_key_sealed: string;
  /** active: the one GET returns; grace: still decrypts until decrypts_until; retired: never again. */
  status: 'active' | 'grace' | 'retired';
  valid_from: string;
  valid_until: string;
  decrypts_until: string | null;
  created_at: string;
}

export interface OrganizationKeysTable {
  organization_id: string;
  purpose: 'card_data' | 'fingerprint';
  key_sealed: string;
  created_at: string;
}

export interface BinsTable {
  bin: string;
  brand: string;
  type: string;
  issuer: string | null;
  country: string | null;
  /** Migration 009. */
  three_ds_version: string | null;
}

export interface EventsTable {
  id: string;
  organization_id: string;
  type: string;
  data: string;
  /** The payment the event is about (events/store.ts paymentIdOf), or null. */
  payment_id: string | null;
  created_at: string;
}

export interface SimulatorOperationsTable {
  reference: string;
  kind: string;
  result: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  created_at: string;
}

export interface WebhookEndpointsTable {
  id: string;
  organization_id: string;
  url: string;
  /** JSON array of event types, or ["*"]. */
  events: string;
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookSecretsTable {
  id: string;
  endpoint_id: string;
  secret_sealed: string;
  created_at: string;
  expires_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  organization_id: string;
  endpoint_id: string;
  event_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** JSON object of the request's headers (none is a secret); null for attempts before migration 016. */
  request_headers: string | null;
  request_body: string | null;
  /** The response's first 4 KB (UTF-8), null when there was no response. */
  response_body: string | null;
  created_at: string;
}

/** One row per metadata pair of an object (lib/metadata.ts): the index of `metadata[key]=value` filters. */
export interface MetadataEntriesTable {
  organization_id: string;
  /** payment (card or alternative), refund, link, instrument, user. */
  object_kind: string;
  key: string;
  value: string;
  object_id: string;
}
