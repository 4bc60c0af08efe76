/**
 * Chargebacks from the network's notifications (connectors/notifications.ts):
 *
 * - `dispute.opened` opens an OPEN chargeback of the payment (one per payment:
 *   a second dispute of the same payment changes nothing), with its
 *   `chargeback.opened` event and the expiry job at `respond_by`. While the
 *   payment's capture is still being recorded (the sandbox simulator tells of
 *   the dispute before it answers the capture) the notification waits, and
 *   `disputeResumption`, the reaction to `payment.card.captured`, opens the
 *   chargeback in the capture's own transaction: the capture and its
 *   chargeback commit together, as one change of the payment.
 * - `dispute.decided` records the network's decision on a DISPUTED chargeback
 *   (service.ts `recordDecision`, as the decision job does).
 */
import { clockAt, readOffset } from '../clock/clock.js';
import type { Executor } from '../db/database.js';
import type { ChargebacksTable } from '../db/schema.js';
import { ApiError, type ErrorDetail } from '../errors/api-error.js';
import { recordEvent, type Reaction } from '../events/store.js';
import { resumeWaiting, type NotificationHandler } from '../connectors/notifications.js';
import { newId } from '../lib/ids.js';
import { minorToNumber } from '../lib/money.js';
import { chargebackFee } from '../fees/chargeback-fee.js';
import { enqueueChargebackExpiry } from './jobs.js';
import { chargebackFeeData, type ChargebackService } from './service.js';

/** The response window of a dispute that waited for its capture and named no deadline of its own (CHARGEBACK_RESPONSE_SECONDS' default). */
export const WAITING_RESPONSE_SECONDS = 7 * 86400;

/**
 * `defaultResponseSeconds`: the deadline of a dispute that names none
 * (CHARGEBACK_RESPONSE_SECONDS). `resumed`: from the capture's reaction, where
 * a dispute that does not fit is set aside (`ignored`) rather than undo the capture.
 */
export function openDisputeHandler(defaultResponseSeconds: number, resumed = false): NotificationHandler<'dispute.opened'> {
  return async (trx, dispute, { payment, now }) => {
    const problems: ErrorDetail[] = [];
    if (dispute.currency !== payment.currency) problems.push({ field: 'currency', message: `must be the payment's currency, ${payment.currency}` });
    if (payment.captured_at && dispute.amount > payment.amount_captured) problems.push({ field: 'amount', message: 'is more than the payment captured' });
    if (!payment.captured_at) {
      // The capture is being recorded: this notification waits for its event (disputeResumption).
      if (payment.pending_action === 'capture' && problems.length === 0) return 'waiting';
      if (problems.length === 0) problems.push({ field: 'payment', message: 'is not captured: a dispute needs captured funds' });
    }
    if (problems.length && resumed) return 'ignored';
    if (problems.length) throw new ApiError('invalid_request', 'The dispute does not fit the payment.', problems);
    const organizationId = payment.organization_id;
    const organizationNow = Date.parse(now) + (await readOffset(trx, organizationId));
    const respondBy = dispute.respond_by
      ? new Date(dispute.respond_by).toISOString()
      : new Date(organizationNow + (dispute.respond_within_seconds ?? defaultResponseSeconds) * 1000).toISOString();
    // The dispute fee, once, as it opens (fees/chargeback-fee.ts); the ledger posts it with the hold.
    const fee = await chargebackFee(trx, { organizationId, paymentId: payment.id, currency: payment.currency, disputed: dispute.amount });
    const chargeback: ChargebacksTable = {
      id: newId('chargeback'),
      organization_id: organizationId,
      payment_id: payment.id,
      status: 'OPEN',
      amount: dispute.amount,
      currency: payment.currency,
      reason_code: dispute.reason_code,
      reason: dispute.reason,
      respond_by: respondBy,
      reviewed_at: null,
      reviewed_by: null,
      evidence_text: null,
      evidence_attachment_ids: null,
      disputed_at: null,
      decision_due_at: null,
      resolved_at: null,
      resolution: null,
      fee_amount: fee?.amount ?? null,
      fee_rule_id: fee?.ruleId ?? null,
      created_at: now,
      updated_at: now,
    };
    // One chargeback per payment (unique index): a second dispute of it changes nothing.
    const inserted = await trx
      .insertInto('chargebacks')
      .values(chargeback)
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'ignored';
    const clock = clockAt(now);
    await recordEvent(
      trx,
      organizationId,
      'chargeback.opened',
      {
        chargeback: {
          id: chargeback.id,
          payment_id: payment.id,
          status: 'OPEN',
          amount: minorToNumber(dispute.amount, payment.currency),
          currency: payment.currency,
          reason_code: dispute.reason_code,
          fee: chargebackFeeData(chargeback),
        },
      },
      undefined,
      clock,
    );
    // Not answered by respond_by, it is LOST (jobs.ts).
    const delaySeconds = Math.max(0, Math.ceil((Date.parse(respondBy) - organizationNow) / 1000));
    await enqueueChargebackExpiry(trx, organizationId, chargeback.id, delaySeconds, clock);
    return 'processed';
  };
}

const openWaitingDispute = openDisputeHandler(WAITING_RESPONSE_SECONDS, true);

/** The disputes that waited for the payment's capture, opened in the capture's transaction (connectors/notifications.ts `resumeWaiting`). */
export const disputeResumption: Reaction = {
  name: 'chargebacks.open-waiting-disputes',
  types: ['payment.card.captured'],
  async run(db: Executor, event) {
    const paymentId = (event.data as { payment?: { id?: string } }).payment?.id;
    if (paymentId) await resumeWaiting(db, paymentId, event.created_at, { 'dispute.opened': openWaitingDispute });
  },
};

export function decidedDisputeHandler(chargebacks: ChargebackService): NotificationHandler<'dispute.decided'> {
  return async (trx, decision, { payment }) => {
    const row = await trx.selectFrom('chargebacks').selectAll().where('payment_id', '=', payment.id).executeTakeFirst();
    if (!row) throw new ApiError('not_found', 'No such chargeback.', [{ field: 'payment', message: 'has no chargeback' }]);
    if (row.status !== 'DISPUTED') return 'ignored';
    return (await chargebacks.recordDecision(trx, row, decision)) ? 'processed' : 'ignored';
  };
}
