/**
 * Why a payment without a capture cannot be refunded, and what the merchant can
 * do instead, by its status (`409 payment_not_captured`): a cancelled or rejected
 * payment charged nothing; an authorized one is captured or cancelled; an approved
 * one waits for its automatic capture (or is cancelled); a pending one waits for
 * the issuer.
 */
import type { PaymentRow } from '../store.js';

export function notCapturedMessage(payment: Pick<PaymentRow, 'id' | 'status'>): string {
  const id = payment.id;
  switch (payment.status) {
    case 'CANCELLED':
      return 'This payment was cancelled before it was captured: nothing was charged, so there is nothing to refund.';
    case 'REJECTED':
      return 'This payment was rejected: nothing was charged, so there is nothing to refund.';
    case 'AUTHORIZED':
      return `This payment is authorized but not captured: nothing has been charged yet. Capture it (POST /v1/payments/${id}/capture) and then refund it, or cancel it (POST /v1/payments/${id}/cancel) to release the authorization.`;
    case 'PENDING':
      return `This payment is pending: the issuer has not answered yet and nothing is charged. Wait for its outcome (GET /v1/payments/${id} or the payment.card.* events); once it is approved and captured it can be refunded.`;
    default:
      return `This payment is approved but not captured yet: cancel it (POST /v1/payments/${id}/cancel) to release the amount now, or refund it once the automatic capture has run.`;
  }
}
