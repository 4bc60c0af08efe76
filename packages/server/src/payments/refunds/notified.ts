/**
 * A processor's notification about a refund (`refund.updated`,
 * connectors/notifications.ts), in the notification's transaction:
 *
 * - a refund the gateway started, found by our refund id (the processor keeps
 *   it: Stripe's `metadata.pasarela_reference`) or by the processor's id of it:
 *   while PENDING (the processor accepted it and settles it later), its outcome
 *   ends it, SUCCEEDED or REJECTED, with `refund.succeeded` / `refund.rejected`,
 *   as the gateway's own answer would; once SUCCEEDED, a `failed` (the
 *   processor could not pay it after all, and the money came back to the
 *   merchant) makes it REJECTED with `refund.rejected`, its amount refundable
 *   again (finish.ts `failSucceededRefund`); any other time (the echo of the
 *   gateway's own refund, a second delivery, a `succeeded` after the failure)
 *   nothing changes: `ignored`;
 * - a refund made in the processor's dashboard (one the gateway did not
 *   start): real money went back to the card, so it is recorded as a refund of
 *   the payment once the processor says it succeeded (SUCCEEDED, its
 *   `refund` transaction, `refund.succeeded`), once per processor id (unique
 *   index). More than the payment has left to refund (the gateway's own
 *   refunds still in flight hold part of it) is 400, and the processor
 *   delivers it again later.
 */
import type { RealClock } from '../../clock/clock.js';
import type { NotificationHandler } from '../../connectors/notifications.js';
import type { Executor } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { recordEvent } from '../../events/store.js';
import { newId } from '../../lib/ids.js';
import { reserveRefund, settleRefund } from '../refund-reservations.js';
import { findPaymentById } from '../store.js';
import { insertTransaction, newTransaction } from '../transactions/store.js';
import { failSucceededRefund, finishPendingRefund, refundEventOf } from './finish.js';
import type { RefundRow } from './service.js';

/** The response code of a refund the processor failed after accepting it, when the processor gave no reason. */
const FAILED_CODE = '05';

export function refundNotificationHandler(clock: RealClock): NotificationHandler<'refund.updated'> {
  return async (trx, notification, { payment, organizationId, now }) => {
    if (notification.currency !== payment.currency)
      throw new ApiError('invalid_request', 'The refund does not fit the payment.', [
        { field: 'currency', message: `must be the payment's currency, ${payment.currency}` },
      ]);
    const upstream = notification.refund.network_reference;
    const byId = notification.refund.reference
      ? await trx.selectFrom('refunds').selectAll().where('id', '=', notification.refund.reference).where('payment_id', '=', payment.id).executeTakeFirst()
      : undefined;
    const ours =
      byId ?? (await trx.selectFrom('refunds').selectAll().where('payment_id', '=', payment.id).where('network_reference', '=', upstream).executeTakeFirst());
    if (ours) {
      const failedCode = notification.response_code ?? FAILED_CODE;
      if (ours.status === 'SUCCEEDED' && notification.status === 'failed')
        return (await failSucceededRefund(trx, ours, failedCode, now, clock)) ? 'processed' : 'ignored';
      if (notification.status === 'pending' || ours.status !== 'PENDING') return 'ignored';
      const succeeded = notification.status === 'succeeded';
      const end = { succeeded, responseCode: succeeded ? '00' : failedCode, networkReference: upstream };
      return (await finishPendingRefund(trx, ours, end, now, clock)) ? 'processed' : 'ignored';
    }
    // Named as ours yet not a refund of this payment, or not (yet) succeeded: nothing to record.
    if (notification.refund.reference || notification.status !== 'succeeded') return 'ignored';
    return (await recordDashboardRefund(trx, { organizationId, paymentId: payment.id, amount: notification.amount, upstream, now }, clock))
      ? 'processed'
      : 'ignored';
  };
}

/** A refund made in the processor's dashboard, recorded SUCCEEDED once per processor id; false if it was already. */
async function recordDashboardRefund(
  trx: Executor,
  at: { organizationId: string; paymentId: string; amount: number; upstream: string; now: string },
  clock: RealClock,
): Promise<boolean> {
  const payment = (await findPaymentById(trx, at.paymentId))!;
  if (!payment.captured_at)
    throw new ApiError('invalid_request', 'The payment is not captured here yet.', [{ field: 'payment', message: 'has no capture to refund yet' }]);
  const refund: RefundRow = {
    id: newId('refund'),
    organization_id: at.organizationId,
    payment_id: at.paymentId,
    amount: at.amount,
    currency: payment.currency,
    status: 'SUCCEEDED',
    response_code: '00',
    created_at: at.now,
    updated_at: at.now,
    request_key: null,
    metadata: null,
    network_reference: at.upstream,
  };
  const inserted = await trx
    .insertInto('refunds')
    .values(refund)
    .onConflict((oc) => oc.columns(['payment_id', 'network_reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  if (!(await reserveRefund(trx, at.paymentId, at.amount, at.now)))
    throw new ApiError('invalid_request', 'The refund is more than the payment has left to refund now.', [
      { field: 'amount', message: 'exceeds what is left to refund (refunds of the gateway may be in flight); send it again later' },
    ]);
  await settleRefund(trx, at.paymentId, at.amount, at.now);
  const transaction = { type: 'refund' as const, status: 'SUCCEEDED' as const, amount: at.amount, responseCode: '00', refundId: refund.id };
  await insertTransaction(trx, newTransaction(payment, { ...transaction, networkReference: payment.network_reference }, at.now));
  await recordEvent(trx, at.organizationId, 'refund.succeeded', refundEventOf(refund, 'SUCCEEDED'), undefined, clock);
  return true;
}
