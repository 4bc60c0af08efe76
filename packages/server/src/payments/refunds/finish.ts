/**
 * The end of a refund the processor accepted as pending (the refund stayed
 * PENDING with the processor's id of it): its notification (notified.ts) or
 * the recovery job's lookup (recovery.ts) says how it ended, and this one
 * transaction records it as the gateway's own answer would have: the refund
 * and its transaction SUCCEEDED or REJECTED, the reservation settled or given
 * back (payments/refund-reservations.ts), `refund.succeeded` / `refund.rejected`.
 *
 * And the failure of a refund that had SUCCEEDED (`failSucceededRefund`: the
 * processor's notification says the money never reached the cardholder and
 * came back to the merchant): REJECTED, as a refund the network rejects.
 */
import type { RealClock } from '../../clock/clock.js';
import type { Executor } from '../../db/database.js';
import { recordEvent } from '../../events/store.js';
import { metadataOf } from '../../lib/metadata.js';
import { minorToNumber } from '../../lib/money.js';
import { unsettleRefund } from '../refund-failures.js';
import { releaseRefund, settleRefund } from '../refund-reservations.js';
import type { RefundRow } from './service.js';

/** A refund event's body. */
export function refundEventOf(refund: RefundRow, status: 'SUCCEEDED' | 'REJECTED') {
  return {
    refund: {
      id: refund.id,
      payment_id: refund.payment_id,
      amount: minorToNumber(Number(refund.amount), refund.currency),
      currency: refund.currency,
      status,
      metadata: metadataOf(refund.metadata),
    },
  };
}

export interface RefundEnd {
  succeeded: boolean;
  responseCode: string;
  /** The processor's id of the refund. */
  networkReference: string;
}

/**
 * Moves a refund from `from` to `to` in the caller's transaction, with its
 * transaction record, the payment's money (`money`) and the refund's event;
 * false, and nothing changed, when the refund was no longer `from`.
 */
async function moveRefund(
  trx: Executor,
  refund: RefundRow,
  change: { from: 'PENDING' | 'SUCCEEDED'; to: 'SUCCEEDED' | 'REJECTED'; responseCode: string; networkReference?: string },
  money: () => Promise<void>,
  now: string,
  clock: RealClock,
): Promise<boolean> {
  const { from, to, responseCode, networkReference } = change;
  const updated = await trx
    .updateTable('refunds')
    .set({ status: to, response_code: responseCode, ...(networkReference === undefined ? {} : { network_reference: networkReference }), updated_at: now })
    .where('id', '=', refund.id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx.updateTable('transactions').set({ status: to, response_code: responseCode, updated_at: now }).where('refund_id', '=', refund.id).execute();
  await money();
  await recordEvent(trx, refund.organization_id, to === 'SUCCEEDED' ? 'refund.succeeded' : 'refund.rejected', refundEventOf(refund, to), undefined, clock);
  return true;
}

/** Ends a PENDING refund in the caller's transaction; false when it was not PENDING any more (ended by the other path first). */
export function finishPendingRefund(trx: Executor, refund: RefundRow, end: RefundEnd, now: string, clock: RealClock): Promise<boolean> {
  const amount = Number(refund.amount);
  return moveRefund(
    trx,
    refund,
    { from: 'PENDING', to: end.succeeded ? 'SUCCEEDED' : 'REJECTED', responseCode: end.responseCode, networkReference: end.networkReference },
    () => (end.succeeded ? settleRefund : releaseRefund)(trx, refund.payment_id, amount, now),
    now,
    clock,
  );
}

/**
 * A SUCCEEDED refund the processor failed afterwards (Stripe's `succeeded` →
 * `failed`), in the caller's transaction: the refund and its transaction
 * REJECTED with the failure's code, its amount out of the payment's
 * `amount_refunded` (payments/refund-failures.ts: a REFUNDED payment is
 * APPROVED again, and the amount refundable again), and `refund.rejected`,
 * whose ledger reaction books the money coming back (a `refund_failure` entry,
 * ledger/reactions.ts). False when the refund was not SUCCEEDED (failed
 * already, or never paid): nothing changes.
 */
export function failSucceededRefund(trx: Executor, refund: RefundRow, responseCode: string, now: string, clock: RealClock): Promise<boolean> {
  return moveRefund(
    trx,
    refund,
    { from: 'SUCCEEDED', to: 'REJECTED', responseCode },
    () => unsettleRefund(trx, refund.payment_id, Number(refund.amount), now),
    now,
    clock,
  );
}
