/**
 * What a processor did to a card payment on its own, as its notification
 * says (connectors/notifications.ts): an operator captured or cancelled the
 * authorization in the processor's dashboard. Recorded as the gateway's own
 * capture or void would be, in the notification's transaction
 * (lifecycle.ts `recordProcessorAction`); the echo of the gateway's own call,
 * or a payment with an operation of the gateway's in flight, changes nothing
 * (`ignored`).
 */
import { ApiError } from '../errors/api-error.js';
import type { NotificationHandler } from '../connectors/notifications.js';
import type { PaymentLifecycle } from './lifecycle.js';

export function processorActionHandler(lifecycle: PaymentLifecycle): NotificationHandler<'payment.captured' | 'payment.cancelled'> {
  return async (trx, notification, { payment, now }) => {
    if (notification.kind === 'payment.captured') {
      if (notification.currency !== payment.currency)
        throw new ApiError('invalid_request', 'The capture does not fit the payment.', [
          { field: 'currency', message: `must be the payment's currency, ${payment.currency}` },
        ]);
      const done = await lifecycle.recordProcessorAction(trx, payment.id, { type: 'capture', amount: notification.amount }, now);
      return done ? 'processed' : 'ignored';
    }
    return (await lifecycle.recordProcessorAction(trx, payment.id, { type: 'void' }, now)) ? 'processed' : 'ignored';
  };
}
