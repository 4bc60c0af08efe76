/**
 * A card payment after fraud screening (fraud/): the row the decision leaves
 * and its insert transaction. Shared by the e-commerce (service.ts) and the
 * card-present (card-present/) payments; the row is written here, in payments/.
 */
import type { RealClock } from '../clock/clock.js';
import type { Executor } from '../db/database.js';
import { FRAUD_RESPONSE_CODE, recordFraudOutcome, type Decision } from '../fraud/service.js';
import { schedulePaymentJob } from './schedule.js';
import { PAYMENT_JOBS, RECOVERY_DELAY_SECONDS, paymentEventData } from './lifecycle.js';
import { insertPayment, type PaymentRow } from './store.js';
import { copyWith } from '../lib/objects.js';

/**
 * The new payment row as the decision leaves it: a declined payment is
 * REJECTED with response code 59 and nothing pending, so no network is called.
 */
export function screenedPayment(row: PaymentRow, decision: Decision): PaymentRow {
  return decision.decision === 'decline' ? copyWith(row, { status: 'REJECTED', response_code: FRAUD_RESPONSE_CODE, pending_action: null }) : row;
}

/**
 * The insert transaction of a screened card payment that is authorized in two
 * steps (a remote network, a card-present payment): the row, its recovery job
 * (unless the rules declined it), `onCreate` (e.g. claiming an instruction),
 * then the evaluation and a decline's `payment.card.rejected`, in that order so
 * the event settles whatever `onCreate` attached to the payment.
 */
export async function insertScreenedPayment(
  trx: Executor,
  row: PaymentRow,
  decision: Decision,
  clock: RealClock,
  onCreate?: (trx: Executor, paymentId: string) => Promise<void>,
): Promise<void> {
  await insertPayment(trx, row);
  if (decision.decision !== 'decline')
    await schedulePaymentJob(trx, clock, row, { type: PAYMENT_JOBS.recoverAuthorization, delaySeconds: RECOVERY_DELAY_SECONDS, timer: false });
  await onCreate?.(trx, row.id);
  await recordFraudOutcome(trx, row, decision, () => paymentEventData(row), clock);
}
