/**
 * State changes of a card payment (spec section 3). Each follows the same
 * shape: claim the payment with a compare-and-set on `pending_action` (the
 * recovery point), call the network outside any transaction, then record the
 * result, its transaction row (`trx-`), its event and its follow-up job in one
 * database transaction. Used by the API
 * (payments/service.ts) and by the background jobs (payments/jobs.ts).
 *
 * What other features do when a payment changes is theirs, in their reactions
 * to its events (gateway/modules.ts REACTION_ORDER): fees/ applies a capture's
 * fees, fraud/ counts a network's declines, chargebacks/ opens a dispute the
 * network notified (connectors/notifications.ts).
 */
import { metadataOf } from '../lib/metadata.js';
import type { Config } from '../config/config.js';
import type { Db, Executor } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { recordEvent } from '../events/store.js';
import type { EventType } from '../events/types.js';
import { newId } from '../lib/ids.js';
import type { Clock, RealClock } from '../clock/clock.js';
import { minorToNumber } from '../lib/money.js';
import type { AuthorizationResult, CardNetworkConnector, OperationResult } from '../connectors/card-network/connector.js';
import { insertTransaction, newTransaction, type TransactionRow, type TransactionType } from './transactions/store.js';
import { schedulePaymentJob } from './schedule.js';
import { findPaymentById, transitionPayment, type PaymentRow, type PaymentWithCard } from './store.js';
import { copyWith } from '../lib/objects.js';
import { threeDsView } from './three-ds-view.js';
import { awaitProcessorAuthentication } from './processor-authentication.js';

export const PAYMENT_JOBS = {
  capture: 'payment.capture',
  resolvePending: 'payment.resolve_pending',
  expireAuthorization: 'payment.expire_authorization',
  recoverAuthorization: 'payment.recover_authorization',
  recoverAction: 'payment.recover_action',
} as const;

/** A claimed capture or void not recorded after this long was interrupted by a crash. */
export const RECOVERY_DELAY_SECONDS = 60;

/** The network operations claimed with `pending_action` after the authorization. */
export type NetworkAction = 'capture' | 'void' | 'reverse' | 'adjust';

/** What an operation did: the payment afterwards and the transaction that records it. */
export interface ActionOutcome {
  payment: PaymentWithCard;
  transaction: TransactionRow;
}

const TRANSACTION_STATUS = { approved: 'SUCCEEDED', declined: 'REJECTED', pending: 'PENDING' } as const;

/** What the payment is worth now: captured less refunded; before capture, what the authorization holds (after any adjustment). */
function currentAmount(p: PaymentRow): number {
  if (p.captured_at) return Number(p.amount_captured) - Number(p.amount_refunded);
  return Number(p.amount_authorized) > 0 ? Number(p.amount_authorized) : Number(p.amount);
}

/** Card events carry the APM events' shape (spec section 6), plus the card's codes. */
export function paymentEventData(p: PaymentRow) {
  const detail = p.status === 'APPROVED' ? (p.captured_at ? 'CAPTURED' : 'SUCCESS') : p.status;
  return {
    payment: {
      id: p.id,
      order_id: p.order_id,
      currency: p.currency,
      current_amount: minorToNumber(currentAmount(p), p.currency),
      transaction: { status: p.status, status_detail: detail },
      response_code: p.response_code,
      installments: Number(p.installments),
      metadata: metadataOf(p.metadata),
      ...(p.three_ds ? { three_ds: threeDsView(p) } : {}),
    },
  };
}

/** Records a card payment event, telling the reactions the payment's channel (events/store.ts EventContext). */
export function recordPaymentEvent(trx: Executor, clock: RealClock, p: PaymentRow, type: EventType, data: object = paymentEventData(p)): Promise<string> {
  return recordEvent(trx, p.organization_id, type, data, { channel: p.channel }, clock);
}

export class PaymentLifecycle {
  constructor(
    private readonly db: Db,
    private readonly network: CardNetworkConnector,
    private readonly settings: Config['cards'],
    /** The sandbox timers' clock: a chargeback's respond_by is in the organization's time. */
    readonly clock: Clock,
  ) {}

  private async reload(id: string): Promise<PaymentWithCard> {
    return (await findPaymentById(this.db, id))!;
  }

  /** The latest transaction of this type, when another process recorded the operation first. */
  private async latest(paymentId: string, type: TransactionType): Promise<TransactionRow> {
    return (await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .where('type', '=', type)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst())!;
  }

  private async outcome(paymentId: string, type: TransactionType, recorded: TransactionRow | undefined): Promise<ActionOutcome> {
    return { payment: await this.reload(paymentId), transaction: recorded ?? (await this.latest(paymentId, type)) };
  }

  /** What the network's answer makes of a payment, and the event that announces it (none while still pending). */
  authorizationOutcome(payment: PaymentRow, result: AuthorizationResult, now: string): { changes: Partial<PaymentRow>; event?: EventType } {
    if (result.outcome === 'approved') {
      const automatic = payment.capture_mode === 'automatic';
      return {
        changes: {
          status: automatic ? 'APPROVED' : 'AUTHORIZED',
          response_code: result.responseCode,
          approval_code: result.approvalCode ?? null,
          amount_authorized: payment.amount,
          authorized_at: now,
        },
        event: automatic ? 'payment.card.approved' : 'payment.card.authorized',
      };
    }
    if (result.outcome === 'declined') return { changes: { status: 'REJECTED', response_code: result.responseCode }, event: 'payment.card.rejected' };
    return { changes: { status: 'PENDING', response_code: result.responseCode } };
  }

  /** Records the network's answer to an authorization still in flight; false if someone recorded one already. */
  async recordAuthorization(payment: PaymentRow, result: AuthorizationResult): Promise<boolean> {
    // The processor waits for the cardholder at its own page (3-D Secure): processor-authentication.ts.
    if (result.outcome === 'pending' && result.action) return awaitProcessorAuthentication(this.db, this.clock, payment, { ...result, action: result.action });
    const now = this.clock.realIso();
    return this.db.transaction().execute(async (trx) => {
      const { changes, event } = this.authorizationOutcome(payment, result, now);
      const applied = await transitionPayment(
        trx,
        payment.id,
        { status: ['PENDING'], pendingAction: payment.pending_action === 'authorize' ? 'authorize' : null },
        { ...changes, network_reference: result.networkReference, pending_action: null, updated_at: now },
      );
      if (!applied) return false;
      await this.afterAuthorization(trx, copyWith(payment, changes), result, event, { first: payment.pending_action === 'authorize', now });
      return true;
    });
  }

  /**
   * Inside the transaction that recorded an authorization's answer: its
   * transaction record (`first`: the create path's answer; otherwise a PENDING
   * authorization decided later), its event and the job that comes next.
   */
  async afterAuthorization(
    trx: Executor,
    payment: PaymentRow,
    result: AuthorizationResult,
    event: EventType | undefined,
    options: { first: boolean; now: string },
  ): Promise<void> {
    const status = TRANSACTION_STATUS[result.outcome];
    if (options.first) {
      const row = newTransaction(
        payment,
        { type: 'authorization', status, amount: Number(payment.amount), responseCode: result.responseCode, networkReference: result.networkReference },
        options.now,
      );
      await insertTransaction(trx, row);
    } else {
      await trx
        .updateTable('transactions')
        .set({ status, response_code: result.responseCode, network_reference: result.networkReference, updated_at: options.now })
        .where('payment_id', '=', payment.id)
        .where('type', '=', 'authorization')
        .where('status', '=', 'PENDING')
        .execute();
    }
    // Its reactions: a network decline is counted by the fraud rule card_declines (fraud/declines.ts).
    if (event) await recordPaymentEvent(trx, this.clock, payment, event);
    // What comes next is a sandbox timer: a test clock advance of the organization runs it (clock/).
    const next =
      result.outcome === 'pending'
        ? { type: PAYMENT_JOBS.resolvePending, delaySeconds: this.settings.pendingCardDelaySeconds }
        : payment.status === 'APPROVED'
          ? { type: PAYMENT_JOBS.capture, delaySeconds: this.settings.captureDelaySeconds }
          : payment.status === 'AUTHORIZED'
            ? { type: PAYMENT_JOBS.expireAuthorization, delaySeconds: this.settings.authorizationTtlSeconds }
            : undefined;
    if (next) await schedulePaymentJob(trx, this.clock, payment, { ...next, timer: true });
  }

  /** Claims the payment for a network operation, with the job that finishes it if this process dies. */
  private async claim(payment: PaymentRow, action: NetworkAction, status: PaymentRow['status'][], amount: number, transactionId?: string): Promise<void> {
    const claimed = await this.db.transaction().execute(async (trx) => {
      const ok = await transitionPayment(
        trx,
        payment.id,
        { status, pendingAction: null, uncaptured: true },
        { pending_action: action, updated_at: this.clock.realIso() },
      );
      if (ok) {
        const payload = { action, amount, ...(transactionId ? { transaction_id: transactionId } : {}) };
        await schedulePaymentJob(trx, this.clock, payment, { type: PAYMENT_JOBS.recoverAction, delaySeconds: RECOVERY_DELAY_SECONDS, timer: false, payload });
      }
      return ok;
    });
    if (!claimed) throw new ApiError('payment_in_progress', 'The payment changed meanwhile; fetch it and retry.');
  }

  /**
   * Captures (part of) an authorization: the automatic capture of an APPROVED
   * payment, or the merchant's capture of an AUTHORIZED one.
   */
  async capture(payment: PaymentRow, amount: number, options: { resume?: boolean } = {}): Promise<ActionOutcome> {
    if (!options.resume) await this.claim(payment, 'capture', [payment.capture_mode === 'automatic' ? 'APPROVED' : 'AUTHORIZED'], amount);
    const result = await this.network.capture({
      reference: `${payment.id}:capture`,
      networkReference: payment.network_reference ?? '',
      amount,
      currency: payment.currency,
    });
    return this.recordCapture(payment, amount, result);
  }

  private async recordCapture(payment: PaymentRow, amount: number, result: OperationResult): Promise<ActionOutcome> {
    const now = this.clock.realIso();
    const succeeded = result.outcome === 'succeeded';
    const row = this.operationRow(payment, 'capture', amount, result, now);
    const recorded = await this.db.transaction().execute(async (trx) => {
      if (!succeeded) {
        if (
          !(await transitionPayment(
            trx,
            payment.id,
            { status: ['APPROVED', 'AUTHORIZED'], pendingAction: 'capture' },
            { pending_action: null, updated_at: now },
          ))
        )
          return undefined;
        await insertTransaction(trx, row);
        return row;
      }
      const changes: Partial<PaymentRow> = { status: 'APPROVED', amount_captured: amount, captured_at: now, pending_action: null, updated_at: now };
      if (!(await transitionPayment(trx, payment.id, { status: ['APPROVED', 'AUTHORIZED'], pendingAction: 'capture' }, changes))) return undefined;
      await insertTransaction(trx, row);
      // Its reactions apply the fees (fees/) and open a dispute the network notified meanwhile (chargebacks/inbound.ts).
      await recordPaymentEvent(trx, this.clock, copyWith(payment, changes), 'payment.card.captured');
      return row;
    });
    if (!succeeded) throw refused('capture', row);
    return this.outcome(payment.id, 'capture', recorded);
  }

  /**
   * The processor captured or cancelled the authorization on its own (its notification,
   * connectors/notifications.ts): recorded in the notification's transaction as the gateway's own
   * capture or void would be (transaction, event, and the events' reactions: fees, ledger), when the
   * payment is still uncaptured and no operation of the gateway's is in flight. Otherwise (already
   * captured or cancelled: the echo of the gateway's own call; an operation in flight: its answer
   * decides) nothing changes. False then.
   */
  async recordProcessorAction(trx: Executor, paymentId: string, action: { type: 'capture'; amount: number } | { type: 'void' }, now: string): Promise<boolean> {
    const payment = await findPaymentById(trx, paymentId);
    if (!payment) return false;
    if (action.type === 'capture' && (action.amount > Number(payment.amount_authorized) || action.amount < 1)) return false;
    const changes: Partial<PaymentRow> =
      action.type === 'capture'
        ? { status: 'APPROVED', amount_captured: action.amount, captured_at: now, updated_at: now }
        : { status: 'CANCELLED', cancelled_at: now, updated_at: now };
    if (!(await transitionPayment(trx, payment.id, { status: ['APPROVED', 'AUTHORIZED'], pendingAction: null, uncaptured: true }, changes))) return false;
    const amount = action.type === 'capture' ? action.amount : Number(payment.amount_authorized);
    const result: OperationResult = { outcome: 'succeeded', responseCode: '00' };
    await insertTransaction(trx, this.operationRow(payment, action.type, amount, result, now));
    await recordPaymentEvent(trx, this.clock, copyWith(payment, changes), action.type === 'capture' ? 'payment.card.captured' : 'payment.card.cancelled');
    return true;
  }

  private operationRow(payment: PaymentRow, type: TransactionType, amount: number, result: OperationResult, now: string, id?: string): TransactionRow {
    return newTransaction(
      payment,
      {
        id,
        type,
        status: result.outcome === 'succeeded' ? 'SUCCEEDED' : 'REJECTED',
        amount,
        responseCode: result.responseCode,
        networkReference: payment.network_reference,
      },
      now,
    );
  }

  /** Voids an uncaptured authorization (merchant cancel, or the authorization's expiry). */
  void(payment: PaymentRow, options: { resume?: boolean } = {}): Promise<ActionOutcome> {
    return this.release(payment, 'void', options);
  }

  /** Reverses an uncaptured authorization at the network (for example after a timeout): CANCELLED, with a `reversal` transaction. */
  reverse(payment: PaymentRow, options: { resume?: boolean } = {}): Promise<ActionOutcome> {
    return this.release(payment, 'reverse', options);
  }

  private async release(payment: PaymentRow, action: 'void' | 'reverse', options: { resume?: boolean }): Promise<ActionOutcome> {
    const amount = Number(payment.amount_authorized);
    if (!options.resume) await this.claim(payment, action, ['APPROVED', 'AUTHORIZED'], amount);
    const request = { reference: `${payment.id}:${action}`, networkReference: payment.network_reference ?? '', amount, currency: payment.currency };
    const result = action === 'void' ? await this.network.void(request) : await this.network.reverse(request);
    const type = action === 'void' ? 'void' : 'reversal';
    const now = this.clock.realIso();
    const row = this.operationRow(payment, type, amount, result, now);
    const recorded = await this.db.transaction().execute(async (trx) => {
      const changes: Partial<PaymentRow> =
        result.outcome === 'succeeded'
          ? { status: 'CANCELLED', cancelled_at: now, pending_action: null, updated_at: now }
          : { pending_action: null, updated_at: now };
      if (!(await transitionPayment(trx, payment.id, { status: ['APPROVED', 'AUTHORIZED'], pendingAction: action }, changes))) return undefined;
      await insertTransaction(trx, row);
      if (result.outcome === 'succeeded') {
        await recordPaymentEvent(trx, this.clock, copyWith(payment, changes), 'payment.card.cancelled');
      }
      return row;
    });
    if (result.outcome !== 'succeeded') throw refused(action === 'void' ? 'cancellation' : 'reversal', row);
    return this.outcome(payment.id, type, recorded);
  }

  /**
   * Changes the amount an AUTHORIZED (deferred-capture) payment holds, at the
   * network. `transactionId` is the adjustment's id and its network reference,
   * so a retry by the recovery job is the same adjustment.
   */
  async adjust(payment: PaymentRow, amount: number, options: { resume?: boolean; transactionId?: string } = {}): Promise<ActionOutcome> {
    const transactionId = options.transactionId ?? newId('transaction');
    if (!options.resume) await this.claim(payment, 'adjust', ['AUTHORIZED'], amount, transactionId);
    const result = await this.network.adjust({
      reference: transactionId,
      networkReference: payment.network_reference ?? '',
      amount,
      currency: payment.currency,
    });
    const now = this.clock.realIso();
    const row = this.operationRow(payment, 'adjustment', amount, result, now, transactionId);
    const recorded = await this.db.transaction().execute(async (trx) => {
      const changes: Partial<PaymentRow> =
        result.outcome === 'succeeded' ? { amount_authorized: amount, pending_action: null, updated_at: now } : { pending_action: null, updated_at: now };
      if (!(await transitionPayment(trx, payment.id, { status: ['AUTHORIZED'], pendingAction: 'adjust' }, changes))) return undefined;
      await insertTransaction(trx, row);
      if (result.outcome === 'succeeded') {
        const adjusted = copyWith(payment, changes);
        await recordPaymentEvent(trx, this.clock, adjusted, 'payment.card.adjusted', {
          ...paymentEventData(adjusted),
          adjustment: { transaction_id: row.id, amount_authorized: minorToNumber(amount, payment.currency) },
        });
      }
      return row;
    });
    if (result.outcome !== 'succeeded') throw refused('adjustment', row);
    return this.outcome(payment.id, 'adjustment', recorded);
  }
}

/**
 * The network said no: 409, naming the REJECTED transaction that records it.
 * A final answer (the network gives it again for the same reference), so a
 * job that meets it does not retry (jobs.ts).
 */
export class NetworkRefusal extends ApiError {}

function refused(what: string, row: TransactionRow): NetworkRefusal {
  return new NetworkRefusal('conflict', `The network refused the ${what} (response code ${row.response_code ?? 'none'}); see transaction ${row.id}.`);
}
