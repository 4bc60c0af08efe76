/**
 * The typed payload of every event type, for the OpenAPI document: its
 * `webhooks` section (one entry per type a webhook endpoint can receive) and
 * the `Event` component, a union of one schema per type discriminated by
 * `type`, which GET /v1/events and GET /v1/events/{id} answer. The shapes are
 * those the features record (`apmEventData`, `paymentEventData`,
 * `chargebackEventData`, ...; docs/webhooks.md "Payload shapes"); the routes
 * serialize events as stored (webhooks/routes.ts `Event`), so these schemas
 * describe, they never filter.
 */
import { CHARGEBACK_STATUSES } from '../chargebacks/schemas.js';
import { AUDIT_EVENT_TYPES, EVENT_TYPES, TEST_EVENT_TYPE } from '../events/types.js';
import { CURRENCIES } from '../lib/money.js';
import { THREE_DS_OUTCOMES } from '../cards/three-ds.js';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const text = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type, 'null'] });
const oneOf = (values: readonly string[], description?: string): Schema => ({ type: 'string', enum: [...values], ...(description ? { description } : {}) });
const object = (properties: Record<string, Schema>, description?: string): Schema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  ...(description ? { description } : {}),
});
const amount: Schema = { type: 'number', description: 'Major units of the currency, as a JSON number.' };
const currency = oneOf(Object.keys(CURRENCIES), 'ISO 4217.');
const chargebackFee: Schema = {
  type: ['object', 'null'],
  required: ['amount', 'currency', 'rule_id'],
  properties: { amount, currency, rule_id: text('The `chargeback` fee rule that set it.') },
  description: 'The dispute fee charged when the chargeback opened (not returned when it is won); null when no `chargeback` fee rule matched.',
};

/** Why a transfer to a QR intent was reversed (payments/apm/qr-transfer.ts). */
export const REVERSAL_REASONS = ['amount_mismatch', 'expired', 'already_paid', 'closed'] as const;
export const APM_STATUSES = ['IN_PROGRESS', 'APPROVED', 'DECLINED', 'FAILED'] as const;
export const APM_STATUS_DETAILS = ['PENDING', 'PENDING_PROVIDER', 'SUCCESS', 'REJECTED'] as const;
const CARD_STATUSES = ['PENDING', 'APPROVED', 'AUTHORIZED', 'REJECTED', 'CANCELLED', 'REFUNDED'] as const;
const INSTRUCTION_STATUSES = ['PENDING', 'DELIVERED', 'ACKNOWLEDGED', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;

const cardPayment = object({
  id: text('`pay-` prefix.'),
  order_id: text(),
  currency,
  current_amount: { ...amount, description: 'Once captured: captured less refunded; before: what the authorization holds.' },
  transaction: object({
    status: oneOf(CARD_STATUSES),
    status_detail: oneOf(
      [...CARD_STATUSES, 'SUCCESS', 'CAPTURED'],
      '`SUCCESS` approved and not yet captured, `CAPTURED` once captured, otherwise the status itself.',
    ),
  }),
  response_code: nullable(text('ISO 8583 issuer response code (`00` approved).')),
  installments: {
    type: 'integer',
    minimum: 1,
    maximum: 36,
    description: 'The monthly installments the cardholder chose (1: one payment). Absent from events recorded before the gateway had installments.',
  },
  three_ds: object(
    {
      version: nullable(text('`2.2.0`; null for a card not enrolled.')),
      flow: nullable(oneOf(['frictionless', 'challenge'])),
      outcome: oneOf([...THREE_DS_OUTCOMES]),
      eci: nullable(text('Electronic Commerce Indicator (`05`, `07`, `02`, `00`, ...); null while the challenge is pending.')),
      liability_shift: { type: 'boolean' },
    },
    'The 3-D Secure authentication (docs/sandbox.md, "3-D Secure"); present only on a payment that asked for it.',
  ),
});
// Events recorded before installments existed are redelivered as they were; three_ds is only on a payment that asked for it.
cardPayment.required = (cardPayment.required as string[]).filter((name) => name !== 'installments' && name !== 'three_ds');

/** The payload schemas, named as components (`…EventData`), each used by one or more event types; `rails`: the registered rails' ids. */
export const eventDataSchemas = (rails: readonly string[]): Record<string, Schema> => ({
  AlternativePaymentEventData: object(
    {
      payment: object({
        id: text('`pay-` prefix.'),
        order_id: text(),
        currency: oneOf(['COP']),
        current_amount: { ...amount, description: 'The amount less what cashouts have paid back.' },
        rail_id: oneOf(rails),
        transaction: object({ id: text('`trx-` prefix.'), status: oneOf(APM_STATUSES), status_detail: oneOf(APM_STATUS_DETAILS) }),
      }),
    },
    'An alternative payment after the change (spec section 6, plus `order_id`, `rail_id` and the transaction id).',
  ),
  AlternativePaymentReversedEventData: object(
    {
      payment: object({
        id: text('`pay-` prefix.'),
        order_id: text(),
        currency: oneOf(['COP']),
        current_amount: { ...amount, description: 'The amount less what cashouts have paid back.' },
        rail_id: oneOf(rails),
        transaction: object({ id: text('`trx-` prefix.'), status: oneOf(APM_STATUSES), status_detail: oneOf(APM_STATUS_DETAILS) }),
      }),
      reversal: object({
        amount: { ...amount, description: 'What the payer sent, returned to them in full.' },
        reason: oneOf(
          REVERSAL_REASONS,
          "`amount_mismatch`: not the intent's amount (the intent still waits for it); `expired`: after the intent expired; `already_paid`: the single-use QR was paid before; `closed`: the intent was declined or failed.",
        ),
      }),
    },
    "A transfer to a QR_INTEROP intent's key that the rail returned to the payer; the payment is as it was.",
  ),
  CardPaymentEventData: object(
    { payment: cardPayment },
    "A card payment after the change: the alternative payments' shape without `rail_id` and `transaction.id`, plus `response_code`.",
  ),
  CardPaymentAdjustedEventData: object(
    {
      payment: cardPayment,
      adjustment: object({
        transaction_id: text("The adjustment's transaction (`trx-`)."),
        amount_authorized: { ...amount, description: 'The new authorized amount.' },
      }),
    },
    'A card payment whose authorized amount changed, and the adjustment.',
  ),
  RefundEventData: object({
    refund: object({ id: text('`ref-` prefix.'), payment_id: text(), amount, currency, status: oneOf(['SUCCEEDED', 'REJECTED']) }),
  }),
  CashoutEventData: object({ cashout: ref('Cashout') }),
  ChargebackOpenedEventData: object({
    chargeback: object({
      id: text('`chb-` prefix.'),
      payment_id: text(),
      status: oneOf(['OPEN']),
      amount,
      currency,
      reason_code: text("The network's reason code."),
      fee: chargebackFee,
    }),
  }),
  ChargebackUpdatedEventData: object({
    chargeback: object({
      id: text('`chb-` prefix.'),
      payment_id: text(),
      status: oneOf(CHARGEBACK_STATUSES),
      previous_status: oneOf(CHARGEBACK_STATUSES),
      amount,
      currency,
      reason_code: text(),
      respond_by: { type: 'string', format: 'date-time' },
      reviewed_at: nullable({ type: 'string', format: 'date-time' }),
      resolution: nullable(text('Why the network decided, once WON or LOST.')),
      fee: chargebackFee,
    }),
  }),
  LinkPaidEventData: object({
    link: object({
      id: text('`lnk-` prefix.'),
      payment_id: text(),
      uses: { type: 'integer', description: 'Paid uses so far.' },
      max_uses: { type: 'integer' },
    }),
  }),
  LinkExpiredEventData: object({
    link: object({ id: text('`lnk-` prefix.'), status: oneOf(['expired']), expires_at: { type: 'string', format: 'date-time' } }),
  }),
  LinkCardAttemptsBlockedEventData: object({
    link: object({ id: text('`lnk-` prefix.') }),
    scope: oneOf(['link', 'address'], 'Too many declines on this link, or from one client address (never named).'),
    until: { type: 'string', format: 'date-time', description: 'When card payments open again.' },
  }),
  PaymentInstructionEventData: object({
    payment_instruction: object({
      id: text('`pin-` prefix.'),
      status: oneOf(INSTRUCTION_STATUSES),
      terminal_id: text(),
      order_id: text(),
      amount,
      currency,
      payment_id: nullable(text('The card-present payment, once the terminal read the card.')),
    }),
  }),
  InstrumentNumberRevealedEventData: object(
    {
      instrument_id: text(),
      last_four_digits: text(),
      client_id: text('The client that read the number.'),
      request_id: text(),
      metadata: { type: 'object', additionalProperties: { type: 'string' }, description: "The instrument's key-value pairs (`{}` when none)." },
    },
    'An audit record: never the number itself.',
  ),
  PayoutEventData: object({
    payout: object({
      id: text('`po-` prefix.'),
      object: oneOf(['payout']),
      amount: text('Signed, in the currency\'s major units ("96.80"), like the ledger\'s amounts.'),
      currency,
      status: oneOf(['in_transit', 'paid', 'failed']),
      automatic: { type: 'boolean', description: 'Made by the daily payout schedule.' },
      simulated: { type: 'boolean', description: 'True in the sandbox: no money moved.' },
      bank_account: object({ last4: text() }),
      arrival_date: { type: 'string', format: 'date-time' },
      failure_code: nullable(text('`no_account` when it failed.')),
      failure_message: nullable(text()),
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    }),
  }),
  WebhookTestEventData: object({ test: object({ endpoint_id: text('The endpoint it was sent to (`whk-`).'), message: text() }) }),
});

type AnyEventType = (typeof EVENT_TYPES)[number] | (typeof AUDIT_EVENT_TYPES)[number] | typeof TEST_EVENT_TYPE;

/** Which payload each event type carries. */
const DATA_OF: Record<AnyEventType, string> = {
  'payment.purchase.pending': 'AlternativePaymentEventData',
  'payment.purchase.succeeded': 'AlternativePaymentEventData',
  'payment.purchase.rejected': 'AlternativePaymentEventData',
  'payment.purchase.failed': 'AlternativePaymentEventData',
  'payment.purchase.confirm.processed': 'AlternativePaymentEventData',
  'payment.purchase.confirm.failed.retryable': 'AlternativePaymentEventData',
  'payment.card.action_required': 'CardPaymentEventData',
  'payment.purchase.reversed': 'AlternativePaymentReversedEventData',
  'payment.card.approved': 'CardPaymentEventData',
  'payment.card.authorized': 'CardPaymentEventData',
  'payment.card.rejected': 'CardPaymentEventData',
  'payment.card.captured': 'CardPaymentEventData',
  'payment.card.cancelled': 'CardPaymentEventData',
  'payment.card.adjusted': 'CardPaymentAdjustedEventData',
  'refund.succeeded': 'RefundEventData',
  'refund.rejected': 'RefundEventData',
  'cashout.succeeded': 'CashoutEventData',
  'cashout.failed': 'CashoutEventData',
  'chargeback.opened': 'ChargebackOpenedEventData',
  'chargeback.updated': 'ChargebackUpdatedEventData',
  'payout.paid': 'PayoutEventData',
  'payout.failed': 'PayoutEventData',
  'link.paid': 'LinkPaidEventData',
  'link.expired': 'LinkExpiredEventData',
  'link.card_attempts_blocked': 'LinkCardAttemptsBlockedEventData',
  'payment_instruction.created': 'PaymentInstructionEventData',
  'payment_instruction.completed': 'PaymentInstructionEventData',
  'payment_instruction.failed': 'PaymentInstructionEventData',
  'payment_instruction.expired': 'PaymentInstructionEventData',
  'instrument.number_revealed': 'InstrumentNumberRevealedEventData',
  'webhook.test': 'WebhookTestEventData',
};

/** `payment.purchase.confirm.failed.retryable` → `PaymentPurchaseConfirmFailedRetryableEvent`. */
export function eventSchemaName(type: string): string {
  return `${type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}Event`;
}

/** Every event type: the ones endpoints receive, the audit records, the test event. */
export const ALL_EVENT_TYPES: readonly AnyEventType[] = [...EVENT_TYPES, ...AUDIT_EVENT_TYPES, TEST_EVENT_TYPE];

/** Event types a webhook endpoint receives (audit records are never delivered). */
export const DELIVERED_EVENT_TYPES: readonly AnyEventType[] = [...EVENT_TYPES, TEST_EVENT_TYPE];

/** The component of one event type: the envelope, with `type` fixed and `data` its payload. */
export function eventSchema(type: AnyEventType): Schema {
  return {
    type: 'object',
    required: ['id', 'type', 'time', 'data'],
    properties: {
      id: text('`evt-` prefix; also the `webhook-id` header of its deliveries.'),
      type: oneOf([type]),
      time: { type: 'string', format: 'date-time', description: 'When the change happened (not when a delivery was sent).' },
      data: ref(DATA_OF[type]),
    },
  };
}
