/** Tables of dashboard accounts and connector accounts (credentials, routing, references, notifications). (db/schema.ts: the conventions, and the Database that names them). */

export type DashboardRole = 'owner' | 'developer' | 'viewer';

/** Dashboard users (dashboard/, migration 015). */
export interface DashboardUsersTable {
  id: string;
  /** Lowercased. */
  email: string;
  organization_id: string;
  role: DashboardRole;
  /** scrypt; null until set through a one-time link. */
  password_hash: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  /** Migration 032: set while an owner has disabled the member (no sign-in, no session). */
  disabled_at: string | null;
}

/** Dashboard sessions: only the SHA-256 of the session id. */
export interface DashboardSessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** One-time links that set a dashboard password (invitation, first run, CLI). */
export interface DashboardLinksTable {
  id: string;
  token_hash: string;
  kind: 'invitation' | 'password';
  organization_id: string;
  role: DashboardRole;
  email: string | null;
  user_id: string | null;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ConnectorAccountsTable {
  id: string;
  organization_id: string;
  /** A registered connector's id (connectors/registry.ts). */
  connector: string;
  description: string | null;
  status: 'enabled' | 'disabled';
  /** Prefixes the network references of the account's authorizations (connectors/routed-card-network.ts). */
  reference_key: string;
  /** The credentials as JSON, sealed under `connector_account:<id>`. */
  credentials_sealed: string;
  /** JSON array: the names of the credential fields that are set (shown; the values never are). */
  credential_fields: string;
  credentials_rotated_at: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface ConnectorRoutingTable {
  organization_id: string;
  /** JSON: the ordered rules (connectors/routing.ts). */
  rules: string;
  updated_at: string;
}

export interface ConnectorReferencesTable {
  /** Our reference of an authorization (the payment id). */
  reference: string;
  account_id: string;
  created_at: string;
}

export interface ConnectorNotificationsTable {
  /** `cnn-` prefix. */
  id: string;
  /** The connector account it arrived for, or `default` (the deployment's default account). */
  account_id: string;
  /** The connector's own id of the notification: unique per account. */
  notification_id: string;
  organization_id: string;
  /** The typed notification's kind (connectors/notifications.ts `InboundNotification`). */
  kind: string;
  payment_id: string | null;
  status: 'processed' | 'waiting' | 'ignored';
  /** JSON: the typed notification as the connector read it (never its raw body or headers). */
  notification: string;
  received_at: string;
  processed_at: string | null;
}
