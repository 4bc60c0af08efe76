/** Tables of disputes, fees and fraud: chargebacks, fee rules and payment fees, card declines, fraud rules and evaluations. (db/schema.ts: the conventions, and the Database that names them). */

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
  /** The chargeback fee (minor units of `currency`), set when it opened; null when no fee rule matched (migration 093). */
  fee_amount: number | null;
  fee_rule_id: string | null;
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

/** Migration 009: fees and fraud (fees/, fraud/). */
export interface FeeRulesTable {
  id: string;
  organization_id: string;
  type: 'interchange' | 'mdr' | 'chargeback';
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
