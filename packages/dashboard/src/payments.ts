import type { ApmPayment, CardPayment, Payment } from './api';

export const isCard = (p: Payment): p is CardPayment => 'id' in p && 'instrument' in p;
export const paymentId = (p: Payment): string => (isCard(p) ? p.id : (p as ApmPayment).payment_id);
export const paymentStatus = (p: Payment): string => (isCard(p) ? p.status : (p as ApmPayment).transaction.status);
export const paymentAmount = (p: Payment): string | number => (isCard(p) ? p.amount : (p as ApmPayment).transaction.amount);
export const paymentMethod = (p: Payment): string =>
  isCard(p) ? `${p.instrument.card_brand} •••• ${p.instrument.last_four_digits}` : (p as ApmPayment).rail.id;

/** The event types of the gateway (packages/server/src/events/types.ts), for webhook subscriptions and the events filter. */
export const EVENT_TYPES = [
  'payment.purchase.pending',
  'payment.purchase.succeeded',
  'payment.purchase.rejected',
  'payment.purchase.failed',
  'payment.purchase.confirm.processed',
  'payment.purchase.confirm.failed.retryable',
  'payment.card.approved',
  'payment.card.authorized',
  'payment.card.rejected',
  'payment.card.captured',
  'payment.card.cancelled',
  'payment.card.adjusted',
  'refund.succeeded',
  'refund.rejected',
  'cashout.succeeded',
  'cashout.failed',
  'chargeback.opened',
  'chargeback.updated',
  'link.paid',
  'link.expired',
  'link.card_attempts_blocked',
  'payment_instruction.created',
  'payment_instruction.completed',
  'payment_instruction.failed',
  'payment_instruction.expired',
] as const;
