import type { Generated } from 'kysely';

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

export interface InstrumentsTable {
  id: string;
  organization_id: string;
  type: 'CARD';
  status: 'ACTIVE' | 'DELETED';
  fingerprint: string;
  number_sealed: string;
  brand: string;
  bin: string;
  last_four: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** The merchant's key-value pairs as JSON text, null when none (lib/metadata.ts; migration 040). */
  metadata: string | null;
  /** Migration 030: the checkout session or link whose browser tokenized it (never merged by fingerprint); null: the merchant's server. */
  browser_origin: string | null;
}

export type CardPaymentStatus = 'PENDING' | 'APPROVED' | 'AUTHORIZED' | 'REJECTED' | 'CANCELLED' | 'REFUNDED';

/** The family of a payment's method: a card, or a rail (the alternative methods of apm/). */
export type PaymentMethod = 'card' | 'rail';

/**
 * The `payments` table (migration 050): card and rail payments in one table,
 * `method` telling which. A card payment's row leaves the rail columns null
 * (and their counters 0); a rail payment's leaves the card columns null. The
 * card code reads a card row as `CardPaymentsTable`, the rail code a rail row
 * as `ApmPaymentsTable` (payments/methods/status.ts names each family's states).
 */
export interface PaymentsTable
  extends Omit<CardPaymentsTable, 'instrument_id' | 'capture_mode' | 'status'>,
    Omit<{ [K in RailOnlyColumn]: ApmPaymentsTable[K] | null }, 'otp_attempts' | 'amount_cashed_out' | 'amount_cashout_pending'> {
  method: Generated<PaymentMethod>;
  instrument_id: string | null;
  capture_mode: CardPaymentsTable['capture_mode'] | null;
  status: CardPaymentStatus | ApmStatus;
  otp_attempts: Generated<number>;
  amount_cashed_out: Generated<number>;
  amount_cashout_pending: Generated<number>;
  /**
   * Set only on a rail payment moved by migration 051 whose order_id an older
   * card payment of its organization already had: that card payment's id. Such
   * a row is left out of the one-order-one-payment unique index (docs/deployment.md).
   */
  order_conflict_of: string | null;
}

type RailOnlyColumn =
  | 'transaction_id'
  | 'rail_id'
  | 'rail_type'
  | 'customer'
  | 'status_detail'
  | 'mock'
  | 'page_token'
  | 'qr_content'
  | 'alias'
  | 'breb_key'
  | 'otp_hash'
  | 'otp_expires_at'
  | 'otp_attempts'
  | 'cash_reference'
  | 'amount_cashed_out'
  | 'amount_cashout_pending'
  | 'expires_at'
  | 'finished_at';

/** A card payment's row of `payments` (method `card`). */
export interface CardPaymentsTable {
  id: string;
  organization_id: string;
  order_id: string;
  instrument_id: string;
  /** Minor units. */
  amount: number;
  currency: string;
  description: string | null;
  capture_mode: 'automatic' | 'manual';
  status: CardPaymentStatus;
  response_code: string | null;
  approval_code: string | null;
  network_reference: string | null;
  amount_authorized: Generated<number>;
  amount_captured: Generated<number>;
  amount_refunded: Generated<number>;
  amount_refund_pending: Generated<number>;
  /** `authenticate`: waiting for the cardholder's 3-D Secure challenge (payments/authentication.ts), the network not asked yet. */
  pending_action: 'authenticate' | 'authorize' | 'capture' | 'void' | 'reverse' | 'adjust' | null;
  authorized_at: string | null;
  captured_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
  /** A merchant of the organization (no foreign key: kept after the merchant is deleted). */
  merchant_id: string | null;
  point_of_sale_id: string | null;
  terminal_id: string | null;
  channel: 'ecommerce' | 'card_present';
  /** Migration 009: the fees applied at capture, JSON (fees/apply.ts); null before. */
  fees: string | null;
  /** How a card-present payment's card was read (migration 010); null otherwise. */
  entry_mode: 'chip' | 'contactless' | 'swipe' | null;
  /** The merchant's key-value pairs as JSON text, null when none (lib/metadata.ts; migration 040). */
  metadata: string | null;
  /** Migration 080: the monthly installments the cardholder chose (1 to 36; 1 on a debit or prepaid card). */
  installments: Generated<number>;
  /** Migration 072: the 3-D Secure result, JSON (payments/authentication.ts); null when the payment did not ask for it. */
  three_ds: string | null;
  /** The merchant's `three_ds.return_url` (the column rail payments' return_url shares): where the cardholder goes back after a processor's 3-D Secure (payments/processor-authentication.ts). */
  return_url: string | null;
}

/** Migration 072: the 3-D Secure challenge of a card payment (payments/authentication.ts). */
export interface PaymentAuthenticationsTable {
  id: string;
  payment_id: string;
  organization_id: string;
  /** SHA-256 (hex) of the challenge page's one-time token. */
  token_hash: string;
  /** What the sandbox issuer does with the challenge (cards/three-ds.ts). */
  scenario: 'challenge' | 'fails' | 'silent';
  version: string;
  status: 'pending' | 'authenticated' | 'failed' | 'cancelled' | 'abandoned';
  return_url: string | null;
  expires_at: string;
  created_at: string;
  completed_at: string | null;
}

/** One network operation on a card payment (`trx-`). */
export interface TransactionsTable {
  id: string;
  organization_id: string;
  payment_id: string;
  type: 'authorization' | 'capture' | 'void' | 'reversal' | 'adjustment' | 'refund';
  status: 'PENDING' | 'SUCCEEDED' | 'REJECTED';
  /** Minor units. */
  amount: number;
  currency: string;
  response_code: string | null;
  network_reference: string | null;
  refund_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefundsTable {
  id: string;
  organization_id: string;
  payment_id: string;
  amount: number;
  currency: string;
  status: 'PENDING' | 'SUCCEEDED' | 'REJECTED';
  response_code: string | null;
  created_at: string;
  updated_at: string;
  /** `client_id:Idempotency-Key` of the request that created it (migration 017), so a run again after a lock takeover finds it. */
  request_key?: string | null;
  /** The merchant's key-value pairs as JSON text, null when none (lib/metadata.ts; migration 040). */
  metadata: string | null;
  /** Migration 065: the processor's id of the refund (Stripe's `re_...`), once it answered one; unique per payment. */
  network_reference?: string | null;
}

export interface ChargebacksTable {
  id: string;
  organization_id: string;
  payment_id: string;
  status: string;
  amount: number;
  currency: string;
  reason_code: string;
  reason: string;
  respond_by: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
  evidence_text: string | null;
  /** JSON array of attachment ids submitted with the dispute. */
  evidence_attachment_ids: string | null;
  disputed_at: string | null;
  decision_due_at: string | null;
  resolved_at: string | null;
  resolution: string | null;
  created_at: string;
  updated_at: string;
}

export interface ChargebackAttachmentsTable {
  id: string;
  organization_id: string;
  chargeback_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  /** The file's bytes (bytea / blob). */
  content: Buffer;
  created_by: string;
  created_at: string;
}

export interface ChargebackCommentsTable {
  id: string;
  organization_id: string;
  chargeback_id: string;
  author: string;
  text: string;
  created_at: string;
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

export interface BanksTable {
  id: string;
  name: string;
  rail_id: string;
  country: string;
  /** Sandbox test data (migrations 004 and 081): the test bank's own outcome; null waits for the customer. */
  sandbox_outcome: 'approve' | 'reject' | 'fail' | 'pending' | 'abandon' | null;
  active: number;
  position: number;
}

export type ApmStatus = 'IN_PROGRESS' | 'APPROVED' | 'DECLINED' | 'FAILED';
export type ApmStatusDetail = 'PENDING' | 'PENDING_PROVIDER' | 'SUCCESS' | 'REJECTED';

/** A rail payment's row of `payments` (method `rail`; the `apm_payments` table before migration 052). */
export interface ApmPaymentsTable {
  id: string;
  organization_id: string;
  order_id: string;
  transaction_id: string;
  /** A registered rail's id (payments/methods/registry.ts). */
  rail_id: string;
  /** Its definition's `railType`. */
  rail_type: string;
  amount: number;
  currency: string;
  description: string | null;
  /** JSON of the customer fields. */
  customer: string;
  return_url: string | null;
  status: ApmStatus;
  status_detail: ApmStatusDetail;
  /** 1 when the sandbox rail mock plays the customer (amount's integer part ends in 00). */
  mock: number;
  page_token: string | null;
  qr_content: string | null;
  /** The payment's single-use reference (the QR's reference label and its sandbox page). */
  alias: string | null;
  /** QR_INTEROP: the merchant's Bre-B key it is paid to (`rail.alias`), when the merchant has an active one (migration 091). */
  breb_key: string | null;
  otp_hash: string | null;
  otp_expires_at: string | null;
  otp_attempts: number;
  /** CASH: the payment reference (digits), unique; null for other rails (migration 082). */
  cash_reference: string | null;
  amount_cashed_out: number;
  amount_cashout_pending: number;
  expires_at: string;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
  /** The merchant's key-value pairs as JSON text, null when none (lib/metadata.ts; migration 040). */
  metadata: string | null;
}

export interface SandboxSmsTable {
  id: string;
  organization_id: string;
  phone_number: string;
  otp: string;
  payment_id: string;
  sent_at: string;
}

export interface CashoutsTable {
  id: string;
  organization_id: string;
  payment_id: string;
  amount: number;
  currency: string;
  status: 'SUCCEEDED' | 'FAILED';
  /** A cashout to a Bre-B key: JSON of `{breb_key, holder_name, institution}` (migration 092); null otherwise. */
  destination: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  organization_id: string;
  name: string;
  email: string;
  created_at: string;
  updated_at: string;
  /** The merchant's key-value pairs as JSON text, null when none (lib/metadata.ts; migration 040). */
  metadata: string | null;
}

export interface UserInstrumentsTable {
  user_id: string;
  instrument_id: string;
  created_at: string;
}

export type LinkStatus = 'created' | 'opened' | 'used' | 'expired';

export interface LinksTable {
  id: string;
  organization_id: string;
  type: 'payment' | 'card_enrollment';
  status: LinkStatus;
  token: string;
  /** JSON: the request's data (amount, description, urls, webhook, styleConfig). */
  data: string;
  api_key_sealed: string | null;
  multi_use: number;
  max_uses: number | null;
  uses: number;
  expires_at: string;
  opened_at: string | null;
  used_at: string | null;
  created_at: string;
  updated_at: string;
  /** The merchant's key-value pairs as JSON text, null when none (lib/metadata.ts; migration 040). */
  metadata: string | null;
}

export interface LinkPaymentsTable {
  link_id: string;
  payment_id: string;
  kind: 'card' | 'apm';
  /** reserved until the payment's outcome, then paid or released. */
  status: 'reserved' | 'paid' | 'released';
  created_at: string;
}

export interface MerchantsTable {
  id: string;
  organization_id: string;
  parent_id: string | null;
  name: string;
  legal_name: string | null;
  tax_id: string | null;
  tax_id_type: string | null;
  mcc: string | null;
  country: string;
  status: 'active';
  created_at: string;
  updated_at: string;
}

export interface PointsOfSaleTable {
  id: string;
  organization_id: string;
  merchant_id: string;
  name: string;
  address: string | null;
  created_at: string;
  updated_at: string;
}

export interface TerminalsTable {
  id: string;
  organization_id: string;
  point_of_sale_id: string | null;
  serial: string;
  model: string | null;
  status: 'active' | 'inactive';
  created_at: string;
  updated_at: string;
}

export interface TerminalUsersTable {
  id: string;
  terminal_id: string;
  name: string;
  role: 'cashier' | 'supervisor';
  created_at: string;
}

/** Migration 009: fees and fraud (fees/, fraud/). */
export interface FeeRulesTable {
  id: string;
  organization_id: string;
  type: 'interchange' | 'mdr';
  name: string | null;
  percentage_bps: number;
  /** Minor units of `currency`. */
  fixed_amount: number;
  currency: string | null;
  brand: string | null;
  card_type: string | null;
  merchant_id: string | null;
  priority: number;
  active: number;
  created_at: string;
  updated_at: string;
}

export type PaymentInstructionStatus = 'PENDING' | 'DELIVERED' | 'ACKNOWLEDGED' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'EXPIRED';

export interface PaymentInstructionsTable {
  id: string;
  organization_id: string;
  terminal_id: string;
  point_of_sale_id: string;
  merchant_id: string;
  order_id: string;
  /** Minor units. */
  amount: number;
  currency: string;
  description: string | null;
  capture_mode: 'automatic' | 'manual';
  status: PaymentInstructionStatus;
  entry_mode: 'chip' | 'contactless' | 'swipe' | null;
  payment_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  expires_at: string;
  delivered_at: string | null;
  acknowledged_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentFeesTable {
  payment_id: string;
  type: 'interchange' | 'mdr';
  organization_id: string;
  rule_id: string;
  base_amount: number;
  percentage_bps: number;
  fixed_amount: number;
  amount: number;
  currency: string;
  created_at: string;
}

/** A hosted-checkout card attempt not approved (yet); links/card-attempts.ts. */
export interface LinkCardAttemptsTable {
  id: string;
  link_id: string;
  /** HMAC of the client address under a deployment secret, never the address. */
  address_key: string;
  payment_id: string | null;
  created_at: string;
}

export interface LinkCardBlocksTable {
  scope: 'link' | 'address';
  key: string;
  blocked_until: string | null;
  updated_at: string;
}

/** A network decline of a card, by fingerprint (fraud rule card_declines). */
export interface CardDeclinesTable {
  payment_id: string;
  organization_id: string;
  fingerprint: string;
  created_at: string;
}

export interface FraudRulesTable {
  organization_id: string;
  rules: string;
  created_at: string;
  updated_at: string;
}

export interface FraudEvaluationsTable {
  payment_id: string;
  organization_id: string;
  client_id: string;
  instrument_id: string;
  amount: number;
  currency: string;
  new_card: number;
  score: number;
  decision: 'approve' | 'review' | 'decline';
  rules_hit: string;
  created_at: string;
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';

/** Checkout sessions (checkout/, migration 011). */
export interface CheckoutSessionsTable {
  id: string;
  organization_id: string;
  client_id: string;
  mode: 'payment' | 'enrollment';
  /** `expired` only when the merchant ended it; past `expires_at` an `open` row reads as expired. */
  status: CheckoutSessionStatus;
  amount: number | null;
  currency: string | null;
  order_id: string | null;
  description: string | null;
  user_id: string | null;
  /** JSON array of origins. */
  allowed_origins: string;
  instrument_id: string | null;
  payment_id: string | null;
  expires_at: string;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Migration 031: the access token that created it (revoking that token ends the session); null without one. */
  token_jti: string | null;
}

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

export interface Database {
  connector_accounts: ConnectorAccountsTable;
  connector_notifications: ConnectorNotificationsTable;
  connector_routing: ConnectorRoutingTable;
  connector_references: ConnectorReferencesTable;
  dashboard_users: DashboardUsersTable;
  dashboard_sessions: DashboardSessionsTable;
  dashboard_links: DashboardLinksTable;
  metadata_entries: MetadataEntriesTable;
  organizations: OrganizationsTable;
  breb_keys: BrebKeysTable;
  clients: ClientsTable;
  access_tokens: AccessTokensTable;
  signing_keys: SigningKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  gateway_instances: GatewayInstancesTable;
  jobs: JobsTable;
  sandbox_clocks: SandboxClocksTable;
  rate_limits: RateLimitsTable;
  encryption_keys: EncryptionKeysTable;
  organization_keys: OrganizationKeysTable;
  bins: BinsTable;
  instruments: InstrumentsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  chargebacks: ChargebacksTable;
  chargeback_attachments: ChargebackAttachmentsTable;
  chargeback_comments: ChargebackCommentsTable;
  events: EventsTable;
  simulator_operations: SimulatorOperationsTable;
  settings: SettingsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  banks: BanksTable;
  sandbox_sms: SandboxSmsTable;
  cashouts: CashoutsTable;
  users: UsersTable;
  user_instruments: UserInstrumentsTable;
  links: LinksTable;
  link_payments: LinkPaymentsTable;
  merchants: MerchantsTable;
  points_of_sale: PointsOfSaleTable;
  terminals: TerminalsTable;
  terminal_users: TerminalUsersTable;
  transactions: TransactionsTable;
  fee_rules: FeeRulesTable;
  payment_fees: PaymentFeesTable;
  fraud_rules: FraudRulesTable;
  fraud_evaluations: FraudEvaluationsTable;
  payment_authentications: PaymentAuthenticationsTable;
  payment_instructions: PaymentInstructionsTable;
  checkout_sessions: CheckoutSessionsTable;
  link_card_attempts: LinkCardAttemptsTable;
  link_card_blocks: LinkCardBlocksTable;
  card_declines: CardDeclinesTable;
  ledger_entries: LedgerEntriesTable;
  ledger_postings: LedgerPostingsTable;
  settlement_queue: SettlementQueueTable;
  settlements: SettlementsTable;
  settlement_entries: SettlementEntriesTable;
  balance_settings: BalanceSettingsTable;
  payouts: PayoutsTable;
  payout_settlements: PayoutSettlementsTable;
  reports: ReportsTable;
  report_chunks: ReportChunksTable;
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

/** The ledger's accounts, per organization and currency (ledger/accounts.ts). */
export type LedgerAccount = 'merchant_pending' | 'merchant_available' | 'merchant_reserved' | 'operator_revenue' | 'processor_clearing' | 'payouts_in_transit';

/** One movement of money (ledger/, migration 070): append-only. */
export interface LedgerEntriesTable {
  id: string;
  organization_id: string;
  type: string;
  currency: string;
  /** What the entry does to the merchant's balances, fees included (signed minor units); net = amount - fee. */
  amount: number;
  fee: number;
  net: number;
  source_object: string;
  source_id: string;
  payment_id: string | null;
  created_at: string;
}

/** One line of an entry: `amount` (> 0) from `debit_account` to `credit_account`. Append-only. */
export interface LedgerPostingsTable {
  entry_id: string;
  line: number;
  organization_id: string;
  currency: string;
  debit_account: LedgerAccount;
  credit_account: LedgerAccount;
  amount: number;
  created_at: string;
}

/** A ledger entry that moved the merchant's pending balance and is not settled yet (payouts/, migration 071). */
export interface SettlementQueueTable {
  entry_id: string;
  organization_id: string;
  currency: string;
  method: 'card' | 'rail';
  /** The organization's time (epoch ms) the entry was booked at: the settlement schedule counts from it. */
  booked_ms: number;
  /** The entry's effect on pending, signed minor units. */
  amount: number;
}

/** One settlement batch: what moved from pending to available for one currency and method. */
export interface SettlementsTable {
  id: string;
  organization_id: string;
  currency: string;
  method: 'card' | 'rail';
  /** Signed minor units: what the batch moved from pending to available. */
  amount: number;
  fee: number;
  entry_count: number;
  /** Entries booked before this instant (the organization's time) were due. */
  cutoff: string;
  simulated: number;
  ledger_entry_id: string | null;
  /** The payout carrying it now; null while available (or after its payout failed). */
  payout_id: string | null;
  created_at: string;
}

export interface SettlementEntriesTable {
  entry_id: string;
  settlement_id: string;
  organization_id: string;
  /** The entry's effect on pending that the settlement moved to available. */
  amount: number;
  fee: number;
}

export interface BalanceSettingsTable {
  organization_id: string;
  settlements_enabled: number;
  card_delay_days: number;
  rail_delay_days: number;
  payout_interval: 'daily' | 'manual';
  bank_account_last4: string | null;
  /** SHA-256 of the account number: the number itself is not stored. */
  bank_account_hash: string | null;
  updated_at: string;
}

export interface PayoutsTable {
  id: string;
  organization_id: string;
  currency: string;
  amount: number;
  status: 'in_transit' | 'paid' | 'failed';
  automatic: number;
  simulated: number;
  bank_account_last4: string;
  bank_account_hash: string;
  arrival_date: string;
  failure_code: string | null;
  failure_message: string | null;
  created_at: string;
  updated_at: string;
}

/** A Bre-B key of an organization (bre-b/, migration 090). */
export interface BrebKeysTable {
  id: string;
  organization_id: string;
  type: 'id_number' | 'mobile' | 'email' | 'alphanumeric' | 'merchant_code';
  value: string;
  status: 'pending_verification' | 'active' | 'moved';
  /** 1 to 4 while the key counts toward the organization's four; null once moved. */
  slot: number | null;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PayoutSettlementsTable {
  payout_id: string;
  settlement_id: string;
}

export interface ReportsTable {
  id: string;
  organization_id: string;
  type: 'payout_reconciliation' | 'balance_period' | 'balance_transactions';
  format: 'csv' | 'json';
  currency: string;
  payout_id: string | null;
  period_start: string | null;
  period_end: string | null;
  status: 'pending' | 'running' | 'succeeded' | 'failed';
  rows_done: number;
  rows_total: number | null;
  total_gross: number | null;
  total_fee: number | null;
  total_net: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface ReportChunksTable {
  report_id: string;
  seq: number;
  data: string;
}
