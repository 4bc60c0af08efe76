/** Tables of the merchant's money: the ledger, settlements, balance settings, payouts and reports. (db/schema.ts: the conventions, and the Database that names them). */

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
