/**
 * What a processor did to a card payment on its own, as its notification
 * says (connectors/notifications.ts): an operator captured or cancelled the
 * authorization in the processor's dashboard. Recorded as the gateway's own
 * capture or void would be, in the notification's transaction
 * (lifecycle.ts `recordProcessorAction`); the echo of the gateway's own call,
 * or a payment with an operation of the gateway's in flight, changes nothing
 * (`ignored`).
 *
 * A payment waiting for the cardholder at the processor's 3-D Secure page
 * (processor-authentication.ts) is decided by the processor's notification:
 * `payment.authorization_decided`; `payment.cancelled` (REJECTED, the
 * cardholder cancelled); `payment.captured` (authorized, then captured).
 */
import { ApiError } from '../errors/api-error.js';
import type { HandlerContext, NotificationHandler } from '../connectors/notifications.js';
import type { Executor } from '../db/database.js';
import type { PaymentLifecycle } from './lifecycle.js';
import { NOT_AUTHENTICATED_CODE } from './authentication.js';
import { awaitsProcessor, type ProcessorAuthentications } from './processor-authentication.js';
import { findPaymentById } from './store.js';

/** Ends a payment's wait for the processor's 3-D Secure with this decision; false when it does not wait. */
async function decideWaiting(
  trx: Executor,
  authentications: ProcessorAuthentications,
  { payment, now }: HandlerContext,
  decision: { approved: boolean; responseCode: string; ended: 'failed' | 'cancelled' },
): Promise<boolean> {
  if (payment.status !== 'PENDING' || payment.pending_action !== 'authenticate') return false;
  const full = await findPaymentById(trx, payment.id);
  if (!full || !awaitsProcessor(full)) return false;
  const result = {
    outcome: decision.approved ? ('approved' as const) : ('declined' as const),
    responseCode: decision.responseCode,
    networkReference: full.network_reference ?? '',
  };
  return authentications.settle(trx, full, result, decision.ended, now);
}

export function processorActionHandler(
  lifecycle: PaymentLifecycle,
  authentications: ProcessorAuthentications,
): NotificationHandler<'payment.captured' | 'payment.cancelled'> {
  return async (trx, notification, context) => {
    const { payment, now } = context;
    if (notification.kind === 'payment.captured') {
      if (notification.currency !== payment.currency)
        throw new ApiError('invalid_request', 'The capture does not fit the payment.', [
          { field: 'currency', message: `must be the payment's currency, ${payment.currency}` },
        ]);
      // Authenticated and captured at once (a PaymentIntent captured while the gateway waited): authorized first.
      const authorized = await decideWaiting(trx, authentications, context, { approved: true, responseCode: '00', ended: 'failed' });
      const done = await lifecycle.recordProcessorAction(trx, payment.id, { type: 'capture', amount: notification.amount }, now);
      return done || authorized ? 'processed' : 'ignored';
    }
    if (await decideWaiting(trx, authentications, context, { approved: false, responseCode: NOT_AUTHENTICATED_CODE, ended: 'cancelled' })) return 'processed';
    return (await lifecycle.recordProcessorAction(trx, payment.id, { type: 'void' }, now)) ? 'processed' : 'ignored';
  };
}

/** The processor's decision on an authorization that waited for its 3-D Secure page; `ignored` once decided. */
export function authorizationDecidedHandler(authentications: ProcessorAuthentications): NotificationHandler<'payment.authorization_decided'> {
  return async (trx, notification, context) => {
    const approved = notification.outcome === 'approved';
    const decided = await decideWaiting(trx, authentications, context, { approved, responseCode: notification.response_code, ended: 'failed' });
    return decided ? 'processed' : 'ignored';
  };
}
