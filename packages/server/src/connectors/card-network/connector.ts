/**
 * The port between the gateway and a card network (acquirer). The sandbox's
 * simulator implements it; a real acquirer adapter would implement the same
 * operations. Every call carries our own reference, which the network
 * must treat as an idempotency key: a retry after a timeout or a crash must
 * never authorize, capture or refund twice.
 */
import type { Secret } from '../../crypto/secret.js';
import type { Executor } from '../../db/database.js';

export interface CardData {
  number: Secret;
  /** Absent for a card read at a terminal (chip, contactless, swipe): card-present payments carry no CVV. */
  cvv?: Secret;
  expMonth: number;
  expYear: number;
  holderName: string;
}

export interface AuthorizeRequest {
  /** Our payment id: the idempotency key of the authorization. */
  reference: string;
  /** The payment's organization: routing (connectors/routing.ts) picks its connector account. */
  organizationId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  card: CardData;
  /** The monthly installments the cardholder chose (1 to 36); 1, or absent, is one payment. */
  installments?: number;
  /**
   * The cardholder's 3-D Secure authentication, when the payment passed one
   * (payments/authentication.ts). After a challenge the card carries no CVV:
   * the authentication stands for it.
   */
  threeDs?: { version: string; eci: string };
  /**
   * `ecommerce`: a cardholder at a browser, whom a processor may send to its
   * own authentication page (3-D Secure) and back to the gateway
   * (`ConnectorDeps.returnUrl`). Otherwise (a terminal, or not said) no one can
   * be sent anywhere: the processor must decline rather than wait.
   */
  channel?: 'ecommerce' | 'card_present';
}

/**
 * The code of an authorization in installments that the issuer, or the processor, takes none of:
 * `58`, transaction not permitted (the simulator's test card, a processor without Colombian installments).
 */
export const INSTALLMENTS_DECLINED_CODE = '58';

export interface AuthorizationResult {
  outcome: 'approved' | 'declined' | 'pending';
  /** ISO 8583 response code: `00` approved, `05` generic decline, `51` insufficient funds, ... */
  responseCode: string;
  /** Issuer's approval code, when approved. */
  approvalCode?: string;
  /** The network's id of the authorization, for capture, void and refund. */
  networkReference: string;
  /**
   * With `pending`: the processor waits for the cardholder at its own page
   * (3-D Secure) before it decides. The payment waits PENDING with
   * `next_action` at `redirectUrl` (payments/processor-authentication.ts);
   * the cardholder's return, a notification or the expiry decides it.
   */
  action?: { redirectUrl: string };
}

export interface OperationRequest {
  /** Our id of this operation (payment id + action, or refund id): the idempotency key. */
  reference: string;
  networkReference: string;
  amount: number;
  currency: string;
}

/** A refund the processor accepted, to be asked about by the processor's own id of it (`refundOf`). */
export interface RefundLookup {
  /** The refunded payment's network reference, as its refund carried it (a routed account's prefix included). */
  networkReference: string;
  /** The processor's own id of the refund: the `networkReference` of the refund's answer (Stripe's `re_...`, Mercado Pago's refund id). */
  refundReference: string;
}

/** A network's disputes are not answers to an operation: they arrive as notifications (connectors/notifications.ts). */
export interface OperationResult {
  outcome: 'succeeded' | 'rejected';
  responseCode: string;
  /** The processor's own id of what it did (a refund's `re_...`), when it gives one. */
  networkReference?: string;
  /**
   * A refund the processor accepted but has not settled yet (Stripe's
   * `pending`): the refund stays PENDING until the processor's notification
   * says how it ended (payments/refunds/notified.ts).
   */
  pending?: boolean;
}

/** A merchant's answer to a chargeback (representment), sent to the network to decide. */
export interface DisputeRequest {
  /** Our chargeback id: the idempotency key of the decision (asked twice, the same answer). */
  reference: string;
  /** The network's id of the disputed payment's authorization. */
  networkReference: string;
  reasonCode: string;
  /** Minor units. */
  amount: number;
  currency: string;
  evidence: {
    text: string;
    attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  };
}

export interface DisputeDecision {
  /** `won`: the funds return to the merchant; `lost`: they stay with the cardholder. */
  outcome: 'won' | 'lost';
  /** The issuer's explanation, shown as the chargeback's `resolution`. */
  reason: string;
}

export interface CardNetworkConnector {
  /** False when no network is configured: callers refuse before recording anything. */
  readonly available: boolean;
  /** Asks the issuer to approve (and hold) the amount. */
  authorize(request: AuthorizeRequest): Promise<AuthorizationResult>;
  /**
   * Only a network whose ledger lives in this database (the sandbox
   * simulator) has it: authorizes inside the caller's transaction, so the
   * payment and the network's answer commit together or not at all, with no
   * intent to recover after a crash. A remote acquirer leaves it out and gets
   * the two-step path (intent, call, result).
   */
  authorizeWithin?(db: Executor, request: AuthorizeRequest): Promise<AuthorizationResult>;
  /**
   * A network that routes each payment (connectors/routed-card-network.ts):
   * the in-transaction authorization for this request when the network
   * chosen for it offers one, undefined for the two-step path. When present,
   * it decides instead of `authorizeWithin`.
   */
  withinFor?(request: AuthorizeRequest): Promise<((db: Executor, request: AuthorizeRequest) => Promise<AuthorizationResult>) | undefined>;
  /** The current result of an earlier authorization, by our reference; undefined if the network never saw it. */
  lookup(reference: string): Promise<AuthorizationResult | undefined>;
  /**
   * The current result of an authorization the network answered, by its own
   * reference (read directly, where `lookup` may search an index that lags):
   * a payment waiting for a processor's authentication asks it.
   */
  authorizationOf?(networkReference: string): Promise<AuthorizationResult | undefined>;
  /** Moves (part of) the authorized amount. */
  capture(request: OperationRequest): Promise<OperationResult>;
  /** Releases an uncaptured authorization. */
  void(request: OperationRequest): Promise<OperationResult>;
  /**
   * Reverses an uncaptured authorization at the network, as if it never
   * happened (the answer to a timeout or a duplicate); `amount` is the held amount.
   */
  reverse(request: OperationRequest): Promise<OperationResult>;
  /** Changes the amount an uncaptured authorization holds to `amount` (an adjusted or incremental authorization). */
  adjust(request: OperationRequest): Promise<OperationResult>;
  /** Returns (part of) a captured amount to the card. */
  refund(request: OperationRequest): Promise<OperationResult>;
  /**
   * The current outcome of a refund the processor accepted, read by the
   * processor's own id of it: `pending` while it has not settled, then
   * `succeeded` or `rejected`. Sending the refund again cannot tell: under the
   * same idempotency key the processor answers its first answer (`pending`)
   * again. A PENDING refund's recovery job asks it (payments/refunds/recovery.ts),
   * and so do the later looks at a SUCCEEDED refund (payments/refunds/confirm.ts).
   * Throws when the processor cannot be asked or has no such refund. Undefined
   * only from a network that routes (connectors/routed-card-network.ts) to a
   * connector without it: the job then sends the refund again.
   */
  refundOf?(request: RefundLookup): Promise<OperationResult | undefined>;
  /**
   * The issuer's decision on a disputed chargeback. The gateway asks once the
   * decision is due (CHARGEBACK_DECISION_DELAY_SECONDS after the dispute); an
   * adapter whose network has not decided yet throws, and the job asks again.
   * Undefined from a network that cannot be asked and sends its decision as a
   * `dispute.decided` notification only (Stripe, Mercado Pago): the job ends,
   * and the chargeback stays DISPUTED until the notification, instead of a
   * job failing every hour for a week.
   */
  decideDispute(request: DisputeRequest): Promise<DisputeDecision | undefined>;
}
