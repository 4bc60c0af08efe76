/**
 * The kinds of inbound notification (notifications.ts): one TypeBox member
 * per kind, their union, and the reading of a body in the gateway's own shape.
 * A connector maps its network's events to these; a feature handles each kind.
 */
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { ErrorDetail } from '../errors/api-error.js';

/** The payment a notification is about: our reference (the payment id, sent with the authorization) or the processor's, or both (then they must agree). */
export const PaymentReference = Type.Object(
  {
    reference: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Our reference: the payment id.' })),
    network_reference: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The processor's reference of the authorization." })),
  },
  { additionalProperties: false },
);

const DisputeOpened = Type.Object(
  {
    kind: Type.Literal('dispute.opened'),
    payment: PaymentReference,
    /** Minor units: at most what was captured. */
    amount: Type.Integer({ minimum: 1 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    /** The network's reason code (`13.1`, `4853`): at most 8 characters, as chargebacks keep it. */
    reason_code: Type.String({ minLength: 1, maxLength: 8 }),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
    /** When the merchant's answer is due (the network's date); or `respond_within_seconds` from the opening; neither: the deployment's CHARGEBACK_RESPONSE_SECONDS. */
    respond_by: Type.Optional(Type.String({ format: 'date-time' })),
    respond_within_seconds: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

const DisputeDecided = Type.Object(
  {
    kind: Type.Literal('dispute.decided'),
    payment: PaymentReference,
    outcome: Type.Union([Type.Literal('won'), Type.Literal('lost')]),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);

/** The processor captured the authorization on its own (an operator captured it in the processor's dashboard). */
const PaymentCaptured = Type.Object(
  {
    kind: Type.Literal('payment.captured'),
    payment: PaymentReference,
    /** Minor units captured: at most what was authorized. */
    amount: Type.Integer({ minimum: 1 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  },
  { additionalProperties: false },
);

/** The processor cancelled the uncaptured authorization on its own (in its dashboard, or at the authorization's expiry there). */
const PaymentCancelled = Type.Object(
  {
    kind: Type.Literal('payment.cancelled'),
    payment: PaymentReference,
  },
  { additionalProperties: false },
);

// Rail payments served by a connector account, and what a processor reports that changes nothing (Mercado Pago's payment topic).

/** The processor says how a rail payment it served ended (payments/apm/remote-rails.ts handles it). */
const RailSettled = Type.Object(
  {
    kind: Type.Literal('rail.settled'),
    payment: PaymentReference,
    /** `approved`: paid; `rejected`: the bank or the processor refused it; `cancelled`: it lapsed or was cancelled at the processor. */
    outcome: Type.Union([Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('cancelled')]),
  },
  { additionalProperties: false },
);

/** The processor reports a state of the payment that the gateway does not act on (its own call's answer, a refund made elsewhere): stored, `ignored`. */
const PaymentReported = Type.Object(
  {
    kind: Type.Literal('payment.reported'),
    payment: PaymentReference,
    /** The processor's status, as it named it. */
    status: Type.String({ minLength: 1, maxLength: 40 }),
  },
  { additionalProperties: false },
);

const RAIL_MEMBERS = { 'rail.settled': RailSettled, 'payment.reported': PaymentReported };

/**
 * The processor decided an authorization that waited for the cardholder at its
 * own page (3-D Secure: payments/processor-authentication.ts). A payment not
 * waiting (already decided by the cardholder's return, or any other) is `ignored`.
 */
const PaymentAuthorizationDecided = Type.Object(
  {
    kind: Type.Literal('payment.authorization_decided'),
    payment: PaymentReference,
    outcome: Type.Union([Type.Literal('approved'), Type.Literal('declined')]),
    /** ISO 8583: `00` approved; the decline's code otherwise. */
    response_code: Type.String({ pattern: '^[0-9A-Z]{2}$' }),
  },
  { additionalProperties: false },
);

/**
 * The processor's word on a refund of a captured payment: how a refund the
 * gateway started ended (matched by our refund id, or by the processor's id of
 * it), that a refund which succeeded failed afterwards (the money came back to
 * the merchant), or a refund made in the processor's dashboard, recorded once
 * it succeeded (payments/refunds/notified.ts).
 */
const RefundUpdated = Type.Object(
  {
    kind: Type.Literal('refund.updated'),
    payment: PaymentReference,
    refund: Type.Object(
      {
        reference: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Our refund id, when the processor kept it.' })),
        network_reference: Type.String({ minLength: 1, maxLength: 255, description: "The processor's id of the refund." }),
      },
      { additionalProperties: false },
    ),
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
    /** Minor units. */
    amount: Type.Integer({ minimum: 1 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    /** ISO 8583: why a `failed` refund failed (the processor's reason as a code); `05` when absent. */
    response_code: Type.Optional(Type.String({ pattern: '^[0-9A-Z]{2}$' })),
  },
  { additionalProperties: false },
);

/**
 * Every notification the gateway understands: a small union, one member per
 * kind. A connector maps its network's events to these (its
 * `readNotification`); a feature handles each kind (`handle`). A new kind is a
 * member here and a handler in the feature that owns the state it moves.
 */
export const InboundNotificationSchema = Type.Union([
  DisputeOpened,
  DisputeDecided,
  PaymentCaptured,
  PaymentCancelled,
  PaymentAuthorizationDecided,
  RefundUpdated,
  RailSettled,
  PaymentReported,
]);
export type InboundNotification = Static<typeof InboundNotificationSchema>;
export type NotificationKind = InboundNotification['kind'];
const MEMBERS = {
  'dispute.opened': DisputeOpened,
  'dispute.decided': DisputeDecided,
  'payment.captured': PaymentCaptured,
  'payment.cancelled': PaymentCancelled,
  'payment.authorization_decided': PaymentAuthorizationDecided,
  'refund.updated': RefundUpdated,
  ...RAIL_MEMBERS,
};
export const NOTIFICATION_KINDS = Object.keys(MEMBERS) as NotificationKind[];

/** What a connector's `readNotification` makes of a body: its own id of the notification and the typed notification. */
export interface ReadNotification {
  id: string;
  notification: InboundNotification;
}

/** The typed notification's problems, each naming its field (`<path>`), or none. */
export function notificationProblems(value: unknown): ErrorDetail[] {
  if (Value.Check(InboundNotificationSchema, value)) {
    const payment = value.payment;
    return payment.reference || payment.network_reference ? [] : [{ field: 'payment', message: 'needs reference or network_reference' }];
  }
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !NOTIFICATION_KINDS.includes(kind as NotificationKind))
    return [{ field: 'kind', message: `must be one of: ${NOTIFICATION_KINDS.join(', ')}` }];
  const member = MEMBERS[kind as NotificationKind];
  return [...Value.Errors(member, value)]
    .filter((e) => e.keyword !== 'boolean')
    .map((e) => {
      const params = e.params as { requiredProperties?: string[]; additionalProperties?: string[] };
      const path = e.instancePath.split('/').filter(Boolean).join('.');
      const names = params.requiredProperties ?? params.additionalProperties;
      if (names?.length) return { field: [path, names[0]].filter(Boolean).join('.'), message: e.keyword === 'required' ? 'is required' : 'is not allowed' };
      return { field: path || '(body)', message: e.message };
    });
}

/**
 * For a connector whose notifications are already in the gateway's own shape
 * (the simulator): a JSON object with the connector's `id` of the
 * notification beside the typed notification's fields.
 */
export function readNativeNotification(body: Buffer): ReadNotification | ErrorDetail[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return [{ field: '(body)', message: 'is not valid JSON' }];
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [{ field: '(body)', message: 'must be a JSON object' }];
  const { id, ...notification } = parsed as Record<string, unknown>;
  const problems = notificationProblems(notification);
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) problems.unshift({ field: 'id', message: 'is required: a string of 1 to 200 characters' });
  return problems.length ? problems : { id: id as string, notification: notification as InboundNotification };
}
