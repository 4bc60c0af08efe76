/**
 * The recovery job of a PENDING refund (`refund.recover`, enqueued with the
 * refund 60 s ahead; payments/jobs.ts runs it). A refund is still PENDING
 * then for one of two reasons:
 *
 * - Its send has no answer (the process died, the processor was unreachable,
 *   silent or failing), so the refund has no processor id: the job sends it
 *   again under the same idempotency key, our refund id
 *   (`RefundService.settle`), and records the answer.
 * - The processor accepted it as pending (Stripe's `pending`, Mercado Pago's
 *   `in_process`) and the refund keeps the processor's id of it. Sending it
 *   again cannot tell how it ended: under the same idempotency key the
 *   processor replays its first answer, pending. So the job asks the processor
 *   for the refund by that id (`refundOf` of the card-network port): settled,
 *   the refund ends as the processor's notification would end it (finish.ts);
 *   still pending, the job looks again later (`nextLookSeconds`: doubling from
 *   two minutes, at most an hour apart) until it ends: a notification lost
 *   for good does not leave it PENDING for ever.
 *
 * A send again whose answer is pending with the processor's id (the first
 * send's answer was lost) schedules a look by that id too. A routed
 * account's connector that cannot look refunds up (no `refundOf`) gets the
 * send again instead: it can only ask that way. A failure to ask (the processor
 * unreachable, an error) is thrown: the job runner retries with its backoff.
 */
import type { RealClock } from '../../clock/clock.js';
import type { CardNetworkConnector } from '../../connectors/card-network/connector.js';
import type { Db } from '../../db/database.js';
import { enqueueJob } from '../../jobs/store.js';
import { findPaymentById } from '../store.js';
import { finishPendingRefund } from './finish.js';
import { REFUND_RECOVERY_JOB, type RefundRow, type RefundService } from './service.js';

/** The longest wait between two looks at a refund the processor still has pending. */
export const REFUND_LOOK_MAX_SECONDS = 3600;

/** Seconds until the next look at a refund found pending `looks` times: 120, 240, 480, ... at most an hour. */
export function nextLookSeconds(looks: number): number {
  return Math.min(REFUND_LOOK_MAX_SECONDS, 60 * 2 ** looks);
}

/** The job's payload: the refund, and how many looks found it pending before this one. */
export interface RefundRecoveryPayload {
  refund_id: string;
  looks?: number;
}

export interface RefundRecoveryDeps {
  db: Db;
  network: CardNetworkConnector;
  refunds: RefundService;
  clock: RealClock;
}

/** One run of the recovery job of a refund that is PENDING. */
export async function recoverRefund(deps: RefundRecoveryDeps, refund: RefundRow, looks = 0): Promise<void> {
  const upstream = refund.network_reference;
  if (upstream && deps.network.refundOf) {
    const payment = await findPaymentById(deps.db, refund.payment_id);
    if (!payment) throw new Error(`the payment ${refund.payment_id} of refund ${refund.id} is missing`);
    const result = await deps.network.refundOf({ networkReference: payment.network_reference ?? '', refundReference: upstream });
    if (result?.pending) return lookAgain(deps, refund, looks + 1);
    if (result) {
      const end = { succeeded: result.outcome === 'succeeded', responseCode: result.responseCode, networkReference: result.networkReference ?? upstream };
      const now = deps.clock.realIso();
      // Ended meanwhile by the processor's notification (or another run): nothing more.
      await deps.db.transaction().execute((trx) => finishPendingRefund(trx, refund, end, now, deps.clock));
      return;
    }
  }
  const settled = await deps.refunds.settle(refund);
  // Pending, and the processor's id learnt only now: the next look asks for the refund by it.
  if (!upstream && settled.status === 'PENDING' && settled.network_reference) await lookAgain(deps, refund, looks + 1);
}

/** The next look, `nextLookSeconds` ahead; one waiting per refund (a run again after a crash adds none). */
async function lookAgain(deps: RefundRecoveryDeps, refund: RefundRow, looks: number): Promise<void> {
  const payload: RefundRecoveryPayload = { refund_id: refund.id, looks };
  await enqueueJob(
    deps.db,
    {
      type: REFUND_RECOVERY_JOB,
      payload,
      delaySeconds: nextLookSeconds(looks),
      dedupeKey: `${REFUND_RECOVERY_JOB}:${refund.id}`,
    },
    deps.clock,
  );
}
