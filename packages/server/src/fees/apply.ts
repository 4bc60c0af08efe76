/**
 * Fees applied to a captured payment (docs/sandbox.md "Fees"). The reaction
 * `captureFees` (reactions.ts) applies them inside the transaction that
 * records a capture (its `payment.card.captured`); payments/service.ts shows
 * them. fees/ computes them and writes its own `payment_fees` rows; the copy
 * on the payments row is written by payments/ (its reaction reads
 * `storedFeesOf`), the owner of that row.
 *
 * For each type (interchange, mdr) the best active rule that matches the
 * payment applies: lowest `priority`, then the most specific (most criteria
 * set), then the oldest. A fee is
 *   round_half_up(captured × percentage_bps / 10000) + fixed_amount
 * in integer minor units (BigInt, no floats); each fee is rounded on its own,
 * so `fees_total` is their exact sum and `net_amount = captured − fees_total`.
 */
import type { Executor } from '../db/database.js';
import type { FeeRulesTable, PaymentFeesTable } from '../db/schema.js';
import { lookupBin } from '../cards/bins.js';
import { formatMinor } from '../lib/money.js';
import type { RealClock } from '../clock/clock.js';
import { CAPTURE_FEE_TYPES, type AppliedFee } from './schemas.js';

export interface FeeSubject {
  organizationId: string;
  currency: string;
  brand: string;
  cardType: string;
  merchantId: string | null;
}

/** round-half-up(amount × bps / 10000) for non-negative integers, exact for any amount in range. */
export function percentageOf(amount: number, bps: number): number {
  const product = BigInt(amount) * BigInt(bps);
  return Number((product + 5000n) / 10000n);
}

function specificity(rule: FeeRulesTable): number {
  return [rule.brand, rule.card_type, rule.merchant_id, rule.currency].filter((v) => v !== null).length;
}

export function matches(rule: FeeRulesTable, subject: FeeSubject): boolean {
  return (
    Boolean(Number(rule.active)) &&
    (rule.currency === null || rule.currency === subject.currency) &&
    (rule.brand === null || rule.brand === subject.brand) &&
    (rule.card_type === null || rule.card_type === subject.cardType) &&
    (rule.merchant_id === null || rule.merchant_id === subject.merchantId)
  );
}

/** The rule that applies for each of `types` (a capture's by default), by priority, then specificity, then age. */
export function selectRules(rules: FeeRulesTable[], subject: FeeSubject, types: readonly FeeRulesTable['type'][] = CAPTURE_FEE_TYPES): FeeRulesTable[] {
  const chosen: FeeRulesTable[] = [];
  for (const type of types) {
    const candidates = rules
      .filter((r) => r.type === type && matches(r, subject))
      .sort((a, b) => Number(a.priority) - Number(b.priority) || specificity(b) - specificity(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    if (candidates[0]) chosen.push(candidates[0]);
  }
  return chosen;
}

export function computeFees(rules: FeeRulesTable[], subject: FeeSubject, captured: number, paymentId: string, now: string): PaymentFeesTable[] {
  return selectRules(rules, subject).map((rule) => ({
    payment_id: paymentId,
    type: rule.type as PaymentFeesTable['type'],
    organization_id: subject.organizationId,
    rule_id: rule.id,
    base_amount: captured,
    percentage_bps: Number(rule.percentage_bps),
    fixed_amount: Number(rule.fixed_amount),
    amount: percentageOf(captured, Number(rule.percentage_bps)) + Number(rule.fixed_amount),
    currency: subject.currency,
    created_at: now,
  }));
}

/** What `payments.fees` holds: the applied fees, minor units. */
interface StoredFee {
  type: PaymentFeesTable['type'];
  rule_id: string;
  amount: number;
  percentage_bps: number;
  fixed_amount: number;
}

/**
 * Records the fees of a capture, in the capture's transaction: the
 * `payment_fees` rows (with the rule's terms and the base amount). Returns
 * their copy for `payments.fees` (JSON, or null when no fee applies), which
 * the caller (payments/) writes on the payment so the payment view reads it
 * without another query; undefined when nothing changes. Computed on the
 * payment's captured total, so a later capture replaces them.
 */
export async function applyCaptureFees(
  trx: Executor,
  payment: { id: string; organization_id: string; instrument_id: string; currency: string; merchant_id?: string | null; fees?: string | null },
  capturedTotal: number,
  clock: RealClock,
): Promise<{ fees: string | null } | undefined> {
  const rules = await trx
    .selectFrom('fee_rules')
    .selectAll()
    .where('organization_id', '=', payment.organization_id)
    .where('active', '=', 1)
    .where('type', 'in', CAPTURE_FEE_TYPES)
    .execute();
  let fees: PaymentFeesTable[] = [];
  if (rules.length > 0) {
    const instrument = await trx.selectFrom('instruments').select(['brand', 'bin']).where('id', '=', payment.instrument_id).executeTakeFirstOrThrow();
    const bin = await lookupBin(trx, instrument.bin);
    const subject: FeeSubject = {
      organizationId: payment.organization_id,
      currency: payment.currency,
      brand: instrument.brand,
      cardType: bin.card_type,
      merchantId: payment.merchant_id ?? null,
    };
    fees = computeFees(rules, subject, capturedTotal, payment.id, clock.realIso());
  }
  // Nothing before and nothing now: no write at all (the common case without fee rules).
  if (fees.length === 0 && !payment.fees) return undefined;
  await trx.deleteFrom('payment_fees').where('payment_id', '=', payment.id).execute();
  if (fees.length > 0) await trx.insertInto('payment_fees').values(fees).execute();
  const stored: StoredFee[] = fees.map((f) => ({
    type: f.type,
    rule_id: f.rule_id,
    amount: f.amount,
    percentage_bps: f.percentage_bps,
    fixed_amount: f.fixed_amount,
  }));
  return { fees: stored.length > 0 ? JSON.stringify(stored) : null };
}

/** The copy of a payment's applied fees that `payments.fees` holds (JSON, CAPTURE_FEE_TYPES order), or null when none applies. */
export async function storedFeesOf(db: Executor, paymentId: string): Promise<string | null> {
  const rows = await db.selectFrom('payment_fees').selectAll().where('payment_id', '=', paymentId).execute();
  const stored: StoredFee[] = rows
    .sort((a, b) => CAPTURE_FEE_TYPES.indexOf(a.type) - CAPTURE_FEE_TYPES.indexOf(b.type))
    .map((f) => ({
      type: f.type,
      rule_id: f.rule_id,
      amount: Number(f.amount),
      percentage_bps: Number(f.percentage_bps),
      fixed_amount: Number(f.fixed_amount),
    }));
  return stored.length > 0 ? JSON.stringify(stored) : null;
}

/** Signed "12.34" / "-0.05" with the currency's minor digits. */
function signed(minor: number, currency: string): string {
  return minor < 0 ? `-${formatMinor(-minor, currency)}` : formatMinor(minor, currency);
}

/** The `fees`, `fees_total` and `net_amount` fields of a card payment, from `payments.fees`. */
export function feeFields(payment: { currency: string; amount_captured: number | string; fees?: string | null }) {
  const stored: StoredFee[] = payment.fees ? (JSON.parse(payment.fees) as StoredFee[]) : [];
  const fees: AppliedFee[] = stored
    .sort((a, b) => CAPTURE_FEE_TYPES.indexOf(a.type) - CAPTURE_FEE_TYPES.indexOf(b.type))
    .map((f) => ({
      type: f.type,
      rule_id: f.rule_id,
      amount: signed(f.amount, payment.currency),
      percentage_bps: f.percentage_bps,
      fixed_amount: signed(f.fixed_amount, payment.currency),
    }));
  const total = stored.reduce((sum, f) => sum + f.amount, 0);
  return { fees, fees_total: signed(total, payment.currency), net_amount: signed(Number(payment.amount_captured) - total, payment.currency) };
}
