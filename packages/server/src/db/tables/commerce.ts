/** Tables of the commerce features: users, payment links, merchants, points of sale and terminals, payment instructions, checkout sessions. (db/schema.ts: the conventions, and the Database that names them). */

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
