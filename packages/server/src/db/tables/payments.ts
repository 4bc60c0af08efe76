/** Tables of payments: instruments, the one payments table (card and rail rows), authentications, transactions, refunds, banks, cashouts, Bre-B keys. (db/schema.ts: the conventions, and the Database that names them). */
import type { Generated } from 'kysely';

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

/** The family of a payment's method: a card, or a rail (the alternative methods of payments/apm/). */
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
  | 'rail_link'
  | 'rail_barcode'
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
  /** What an open, accepted or lost chargeback holds of the captured amount: not refundable (payments/refund-reservations.ts). */
  amount_disputed: Generated<number>;
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
  /** Migration 083: the 3-D Secure result, JSON (payments/authentication.ts); null when the payment did not ask for it. */
  three_ds: string | null;
  /** The merchant's `three_ds.return_url` (the column rail payments' return_url shares): where the cardholder goes back after a processor's 3-D Secure (payments/processor-authentication.ts). */
  return_url: string | null;
}

/** Migration 083: the 3-D Secure challenge of a card payment (payments/authentication.ts). */
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
  /** Migration 095: the processor's id of the refund (Stripe's `re_...`), once it answered one; unique per payment. */
  network_reference?: string | null;
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
  /**
   * A rail payment served by a connector account: where its processor sends
   * the customer (a bank's page, a printable voucher); null otherwise (migration 094).
   */
  rail_link: string | null;
  /** CASH through a connector account: the barcode digits its processor gave (migration 094). */
  rail_barcode: string | null;
  /**
   * Served by a connector account: its reference key and the processor's id
   * (`<key>:<id>`, `<key>:` while the processor's answer is awaited); null
   * for the deployment's default rail (the sandbox simulator).
   */
  network_reference: string | null;
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
