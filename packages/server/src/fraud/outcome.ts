/**
 * The pure decision of the fraud rules over a screening (`decide`) and its
 * record in the payment's insert transaction (`recordFraudOutcome`): the
 * evaluation row and, for a decline, `payment.card.rejected`. service.ts
 * screens and re-exports both.
 */
import type { RealClock } from '../clock/clock.js';
import type { Executor } from '../db/database.js';
import { preparedInsert } from '../db/prepared.js';
import { recordEvent } from '../events/store.js';
import { formatMinor } from '../lib/money.js';
import type { RuleHit } from './schemas.js';
import type { Action, Decision, Screening, Velocity } from './service.js';

/** Applies the rules to a payment about to be authorized. Pure: the counts come from `screen`. */
export function decide(screening: Screening, payment: { clientId: string; instrumentId: string; amount: number; currency: string }): Decision {
  const { rules } = screening;
  const hits: RuleHit[] = [];
  const velocity = (rule: RuleHit['rule'], v: Velocity | null, earlier: number, what: string) => {
    if (!v) return;
    const observed = earlier + 1;
    if (observed > v.max) {
      hits.push({
        rule,
        action: v.action,
        message: `${observed} ${what} within ${v.window_seconds} s (more than ${v.max})`,
        observed,
        limit: v.max,
        window_seconds: v.window_seconds,
      });
    }
  };
  velocity('instrument_velocity', rules.instrument_velocity, screening.instrumentCount, 'payments with this card');
  velocity('client_velocity', rules.client_velocity, screening.clientCount, 'payments by this API client');
  if (screening.newCard) velocity('client_new_cards', rules.client_new_cards, screening.newCardCount, 'new cards used by this API client');
  // Declines are counted before this payment, which the network has not answered: max declines already make it hit.
  const cd = rules.card_declines;
  if (cd && screening.cardDeclineCount >= cd.max) {
    const observed = screening.cardDeclineCount;
    hits.push({
      rule: 'card_declines',
      action: cd.action,
      message: `${observed} declines of this card within ${cd.window_seconds} s (at most ${cd.max} allowed)`,
      observed,
      limit: cd.max,
      window_seconds: cd.window_seconds,
    });
  }
  const threshold = rules.amount_thresholds.find((t) => t.currency === payment.currency);
  if (threshold) {
    const over = (limit: number | null | undefined) => limit !== null && limit !== undefined && payment.amount > limit;
    const hit = (action: Action, limit: number) => {
      const amount = formatMinor(payment.amount, payment.currency);
      const text = formatMinor(limit, payment.currency);
      hits.push({
        rule: 'amount_threshold',
        action,
        message: `${amount} ${payment.currency} is above ${text}`,
        amount,
        threshold: text,
        currency: payment.currency,
      });
    };
    if (over(threshold.decline_above)) hit('decline', threshold.decline_above!);
    else if (over(threshold.review_above)) hit('review', threshold.review_above!);
    // Its own hit: a large amount may be both reviewed and authenticated.
    if (over(threshold.three_ds_above)) hit('three_ds', threshold.three_ds_above!);
  }
  const decision = hits.some((h) => h.action === 'decline') ? 'decline' : hits.length > 0 ? 'review' : 'approve';
  const threeDs = hits.some((h) => h.action === 'three_ds');
  const score = Math.min(
    100,
    hits.reduce((sum, h) => sum + (h.action === 'decline' ? 100 : 50), 0),
  );
  return { score, decision, threeDs, rulesHit: hits, newCard: screening.newCard, ...payment };
}

const insertEvaluation = preparedInsert('fraud_evaluations', { deferrable: true });

/**
 * In the payment's insert transaction: stores the evaluation and, for a
 * declined payment (inserted REJECTED), records its `payment.card.rejected`.
 */
export async function recordFraudOutcome(
  trx: Executor,
  payment: { id: string; organization_id: string; created_at: string; channel?: string },
  decision: Decision,
  rejectedEvent: () => object,
  clock: RealClock,
): Promise<void> {
  await insertEvaluation(trx, {
    payment_id: payment.id,
    organization_id: payment.organization_id,
    client_id: decision.clientId,
    instrument_id: decision.instrumentId,
    amount: decision.amount,
    currency: decision.currency,
    new_card: decision.newCard ? 1 : 0,
    score: decision.score,
    decision: decision.decision,
    rules_hit: JSON.stringify(decision.rulesHit),
    created_at: payment.created_at,
  });
  if (decision.decision === 'decline')
    await recordEvent(
      trx,
      payment.organization_id,
      'payment.card.rejected',
      rejectedEvent(),
      payment.channel ? { channel: payment.channel } : undefined,
      clock,
    );
}
