/** Every event type the service emits (spec section 6 and docs/api-conventions.md "Webhooks and events"). */
export const EVENT_TYPES = [
  'payment.purchase.pending',
  'payment.purchase.succeeded',
  'payment.purchase.rejected',
  'payment.purchase.failed',
  'payment.purchase.confirm.processed',
  'payment.purchase.confirm.failed.retryable',
  'payment.card.action_required',
  'payment.purchase.reversed',
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
  'payout.paid',
  'payout.failed',
  'link.paid',
  'link.expired',
  'link.card_attempts_blocked',
  'payment_instruction.created',
  'payment_instruction.completed',
  'payment_instruction.failed',
  'payment_instruction.expired',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Audit records: events of the organization (GET /v1/events lists them) that
 * no webhook endpoint receives, not even one subscribed to "*".
 */
export const AUDIT_EVENT_TYPES = ['instrument.number_revealed'] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/**
 * A test event (POST /v1/webhooks/{id}/test): delivered to the one endpoint it
 * was sent to, whatever it subscribes to, and to nothing else: no fan-out, no
 * event stream, and not in GET /v1/events unless asked for by `type`.
 */
export const TEST_EVENT_TYPE = 'webhook.test';

export type TestEventType = typeof TEST_EVENT_TYPE;
