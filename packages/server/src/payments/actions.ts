/**
 * The core actions on a card payment (spec 4.9, docs/api-conventions.md): authorize,
 * capture, cancel, reverse, adjust, refund and cancel-or-refund, by payment
 * id. The same actions by transaction id (transactions/routes.ts) resolve the
 * transaction's payment and land here too, as do the older routes
 * (`/capture`, `/cancel`, POST /v1/refunds): one code path per action.
 *
 * Preconditions are checked on a snapshot for a precise error; the guarantee
 * under concurrency is the compare-and-set claim on `pending_action` in
 * lifecycle.ts, and the refund reservation in refunds/service.ts.
 */
import type { Principal } from '../http/principal.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { formatMinor } from '../lib/money.js';
import type { CardNetworkConnector } from '../connectors/card-network/connector.js';
import { requireNetwork } from '../connectors/card-network/unavailable.js';
import type { RefundService, RefundView } from './refunds/service.js';
import type { TransactionRow } from './transactions/store.js';
import type { ActionOutcome, PaymentLifecycle } from './lifecycle.js';
import type { CardPayment } from './schemas.js';
import { parseAmount, paymentView, type PaymentService } from './service.js';
import { findPaymentById, type PaymentWithCard } from './store.js';
import { decides } from './jobs.js';

/** An adjusted authorization may hold at most this share of the original one (a common card-network rule). */
export const ADJUST_LIMIT_PERCENT = 115;

const inProgress = () => new ApiError('payment_in_progress', 'Another operation on this payment is in progress; retry shortly.');

export class PaymentActions {
  constructor(
    private readonly db: Db,
    private readonly network: CardNetworkConnector,
    private readonly lifecycle: PaymentLifecycle,
    private readonly payments: PaymentService,
    private readonly refunds: RefundService,
  ) {}

  private view(outcome: ActionOutcome): CardPayment {
    return paymentView(outcome.payment, outcome.transaction);
  }

  /**
   * Asks the issuer again for the answer to a PENDING authorization, now
   * instead of after PENDING_CARD_DELAY_SECONDS, and records it. Still pending:
   * the payment stays PENDING (200) and the background check keeps asking.
   */
  async authorize(organizationId: string, id: string): Promise<CardPayment> {
    const payment = await this.payments.row(organizationId, id);
    requireNetwork(this.network);
    if (payment.status !== 'PENDING') {
      throw new ApiError('payment_not_pending', `Only a PENDING authorization can be authorized again; this payment is ${payment.status}.`);
    }
    if (payment.pending_action) throw inProgress();
    const result = await this.network.lookup(payment.id);
    // If the background check decided it at the same moment, its record stands (the compare-and-set lets one in).
    if (result && decides(result)) await this.lifecycle.recordAuthorization(payment, result);
    return this.withLatest(payment.id, 'authorization');
  }

  /** Deferred capture (spec section 3: "deferred-capture mode only"), all or part of the authorization. */
  async capture(organizationId: string, id: string, amount: number | undefined): Promise<CardPayment> {
    const payment = await this.payments.row(organizationId, id);
    requireNetwork(this.network);
    if (payment.status !== 'AUTHORIZED' || payment.captured_at) {
      if (payment.captured_at) throw new ApiError('payment_already_captured', 'This payment is already captured.');
      if (payment.capture_mode === 'automatic' && payment.status === 'APPROVED') {
        throw new ApiError('payment_not_authorized', 'This payment is captured automatically; capture applies to payments created with capture: false.');
      }
      throw new ApiError('payment_not_authorized', `Only an AUTHORIZED payment can be captured; this one is ${payment.status}.`);
    }
    let minor = Number(payment.amount_authorized);
    if (amount !== undefined) {
      const parsed = parseAmount(amount, payment.currency);
      if ('error' in parsed) throw ApiError.validation([parsed.error]);
      if (parsed.minor > minor)
        throw ApiError.validation([{ field: 'amount', message: `must be at most the authorized ${formatMinor(minor, payment.currency)}` }]);
      minor = parsed.minor;
    }
    if (payment.pending_action) throw inProgress();
    return this.view(await this.lifecycle.capture(payment, minor));
  }

  /** Voids an authorization not yet captured (spec section 3: cancel precondition). */
  async cancel(organizationId: string, id: string): Promise<CardPayment> {
    const payment = await this.payments.row(organizationId, id);
    requireNetwork(this.network);
    this.requireReleasable(payment, 'cancelled');
    return this.view(await this.lifecycle.void(payment));
  }

  /** Network reversal of an uncaptured authorization: CANCELLED, with a `reversal` transaction. */
  async reverse(organizationId: string, id: string): Promise<CardPayment> {
    const payment = await this.payments.row(organizationId, id);
    requireNetwork(this.network);
    this.requireReleasable(payment, 'reversed');
    return this.view(await this.lifecycle.reverse(payment));
  }

  private requireReleasable(payment: PaymentWithCard, verb: string): void {
    if (payment.captured_at) throw new ApiError('payment_already_captured', 'This payment is captured: refund it instead (POST /v1/payments/{id}/refund).');
    if (payment.status !== 'APPROVED' && payment.status !== 'AUTHORIZED') {
      if (payment.status === 'PENDING') throw new ApiError('payment_in_progress', 'The authorization is still pending; retry once it is decided.');
      throw new ApiError('payment_not_cancellable', `A ${payment.status} payment cannot be ${verb}.`);
    }
    if (payment.pending_action) throw inProgress();
  }

  /**
   * Changes the amount an AUTHORIZED (deferred-capture) payment holds, through
   * the network: more than 0 and at most ADJUST_LIMIT_PERCENT of the original
   * authorization (the payment's `amount`). A later capture takes the adjusted
   * amount by default.
   */
  async adjust(organizationId: string, id: string, amount: number): Promise<CardPayment> {
    const payment = await this.payments.row(organizationId, id);
    requireNetwork(this.network);
    if (payment.captured_at) throw new ApiError('payment_already_captured', 'This payment is captured: its amount can no longer be adjusted.');
    if (payment.status !== 'AUTHORIZED') {
      throw new ApiError('payment_not_authorized', `Only an AUTHORIZED payment (created with capture: false) can be adjusted; this one is ${payment.status}.`);
    }
    const parsed = parseAmount(amount, payment.currency);
    if ('error' in parsed) throw ApiError.validation([parsed.error]);
    const limit = Math.floor((Number(payment.amount) * ADJUST_LIMIT_PERCENT) / 100);
    if (parsed.minor > limit) {
      throw ApiError.validation([
        {
          field: 'amount',
          message: `must be at most ${formatMinor(limit, payment.currency)}, ${ADJUST_LIMIT_PERCENT}% of the original authorization (${formatMinor(Number(payment.amount), payment.currency)})`,
        },
      ]);
    }
    if (payment.pending_action) throw inProgress();
    return this.view(await this.lifecycle.adjust(payment, parsed.minor));
  }

  /** POST /v1/refunds with this payment: `amount` defaults to everything still refundable, `currency` to the payment's. */
  refund(organizationId: string, id: string, body: { amount?: number; currency?: string }): Promise<RefundView> {
    return this.refunds.create(organizationId, { payment_id: id, ...body });
  }

  /**
   * Cancels a payment not yet captured, refunds (everything still refundable)
   * a captured one. Cancelling needs `payments:write`, refunding
   * `payments:refund`; the answer is the payment with the transaction recorded
   * (a `void`, or a `refund` naming its `refund_id`).
   */
  async cancelOrRefund(principal: Principal, id: string): Promise<CardPayment> {
    const organizationId = principal.organizationId;
    const payment = await this.payments.row(organizationId, id);
    requireNetwork(this.network);
    if (!payment.captured_at) {
      // A capture in flight decides which one applies: retry once it is recorded.
      if (payment.pending_action === 'capture') throw inProgress();
      requirePermission(principal, 'payments:write', 'cancel');
      return this.cancel(organizationId, id);
    }
    requirePermission(principal, 'payments:refund', 'refund');
    const refund = await this.refunds.create(organizationId, { payment_id: id });
    const transaction = await this.db.selectFrom('transactions').selectAll().where('id', '=', refund.transaction_id!).executeTakeFirstOrThrow();
    return paymentView((await findPaymentById(this.db, id))!, transaction);
  }

  private async withLatest(paymentId: string, type: TransactionRow['type']): Promise<CardPayment> {
    const [payment, transaction] = await Promise.all([
      findPaymentById(this.db, paymentId),
      this.db
        .selectFrom('transactions')
        .selectAll()
        .where('payment_id', '=', paymentId)
        .where('type', '=', type)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return paymentView(payment!, transaction);
  }
}

function requirePermission(principal: Principal, permission: string, what: string): void {
  if (!principal.permissions.has(permission)) {
    throw new ApiError('forbidden', `This payment would be ${what === 'cancel' ? 'cancelled' : 'refunded'}, which needs the ${permission} permission.`);
  }
}
