/**
 * Table types for Kysely. Timestamps are ISO 8601 UTC text on both dialects so
 * that values compare and sort the same way on SQLite and PostgreSQL; booleans
 * are 0/1 integers for the same reason.
 */
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
}

/** Owned by rate-limiter-flexible's PostgreSQL store; created by our migrations. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: string | number | null;
}

export interface Database {
  organizations: OrganizationsTable;
  clients: ClientsTable;
  access_tokens: AccessTokensTable;
  signing_keys: SigningKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  rate_limits: RateLimitsTable;
}
