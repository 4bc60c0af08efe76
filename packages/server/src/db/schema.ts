/**
 * Table types for Kysely, one file per area under tables/, and the Database
 * that names every table. Timestamps are ISO 8601 UTC text on both dialects so
 * that values compare and sort the same way on SQLite and PostgreSQL; booleans
 * are 0/1 integers for the same reason.
 */
import type {
  OrganizationsTable,
  ClientsTable,
  AccessTokensTable,
  SigningKeysTable,
  IdempotencyKeysTable,
  GatewayInstancesTable,
  JobsTable,
  SandboxClocksTable,
  RateLimitsTable,
  EncryptionKeysTable,
  OrganizationKeysTable,
  BinsTable,
  EventsTable,
  SimulatorOperationsTable,
  SettingsTable,
  WebhookEndpointsTable,
  WebhookSecretsTable,
  WebhookDeliveriesTable,
  WebhookAttemptsTable,
  MetadataEntriesTable,
} from './tables/platform.js';
import type {
  InstrumentsTable,
  PaymentsTable,
  PaymentAuthenticationsTable,
  TransactionsTable,
  RefundsTable,
  BanksTable,
  SandboxSmsTable,
  CashoutsTable,
  BrebKeysTable,
} from './tables/payments.js';
import type {
  ChargebacksTable,
  ChargebackAttachmentsTable,
  ChargebackCommentsTable,
  FeeRulesTable,
  PaymentFeesTable,
  CardDeclinesTable,
  FraudRulesTable,
  FraudEvaluationsTable,
} from './tables/risk.js';
import type {
  UsersTable,
  UserInstrumentsTable,
  LinksTable,
  LinkPaymentsTable,
  MerchantsTable,
  PointsOfSaleTable,
  TerminalsTable,
  TerminalUsersTable,
  PaymentInstructionsTable,
  LinkCardAttemptsTable,
  LinkCardBlocksTable,
  CheckoutSessionsTable,
} from './tables/commerce.js';
import type {
  DashboardUsersTable,
  DashboardSessionsTable,
  DashboardLinksTable,
  ConnectorAccountsTable,
  ConnectorRoutingTable,
  ConnectorReferencesTable,
  ConnectorNotificationsTable,
} from './tables/accounts.js';
import type {
  LedgerEntriesTable,
  LedgerPostingsTable,
  SettlementQueueTable,
  SettlementsTable,
  SettlementEntriesTable,
  BalanceSettingsTable,
  PayoutsTable,
  PayoutSettlementsTable,
  ReportsTable,
  ReportChunksTable,
} from './tables/money.js';

export type * from './tables/platform.js';
export type * from './tables/payments.js';
export type * from './tables/risk.js';
export type * from './tables/commerce.js';
export type * from './tables/accounts.js';
export type * from './tables/money.js';

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
