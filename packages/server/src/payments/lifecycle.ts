/**
 * State changes of a card payment (spec section 3). Each follows the same
 * shape: claim the payment with a compare-and-set on `pending_action` (the
 * recovery point), call the network outside any transaction, then record the
 * result, its event and its follow-up job in one transaction. Used by the API
 * (payments/service.ts) and by the background jobs (payments/jobs.ts).
 */
import type { Config } from '../config/config.js';
import type { Db, Executor } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { recordEvent } from '../events/store.js';
import { enqueueJob } from '../jobs/store.js';
import { newId } from '../lib/ids.js';
import { isoAfterSeconds, nowIso } from '../lib/time.js';
import { minorToNumber } from '../lib/money.js';
import type { AuthorizationResult, CardNetworkConnector } from '../connectors/card-network/connector.js';
import { findPaymentById, transitionPayment, type PaymentRow } from './store.js';
import { applyCaptureFees } from '../fees/apply.js';

export const PAYMENT_JOBS = {
  capture: 'payment.capture',
  resolvePending: 'payment.resolve_pending',
  expireAuthorization: 'payment.expire_authorization',
  recoverAuthorization: 'payment.recover_authorization',
  recoverAction: 'payment.recover_action',
} as const;

/** A claimed capture or void not recorded after this long was interrupted by a crash. */
export const RECOVERY_DELAY_SECONDS = 60;

/** Card events carry the APM events' shape (spec section 6), plus the card's codes. */
export function paymentEventData(p: PaymentRow) {
  const detail = p.status === 'APPROVED' ? (p.captured_at ? 'CAPTURED' : 'SUCCESS') : p.status;
  return {
    payment: {
      id: p.id,
      order_id: p.order_id,
      currency: p.currency,
      current_amount: minorToNumber(Number(p.amount) - Number(p.amount_refunded), p.currency),
      transaction: { status: p.status, status_detail: detail },
      response_code: p.response_code,
    },
  };
}

export class PaymentLifecycle {
  constructor(
    private readonly db: Db,
    private readonly network: CardNetworkConnector,
    private readonly settings: Config['cards'],
  ) {}

  private async reload(id: string): Promise<PaymentRow> {
    return (await findPaymentById(this.db, id))!;
  }

  /** Records the network's answer to an authorization still in flight; false if someone recorded one already. */
  async recordAuthorization(payment: PaymentRow, result: AuthorizationResult): Promise<boolean> {
    const now = nowIso();
    return this.db.transaction().execute(async (trx) => {
      let changes: Partial<PaymentRow>;
      let event: string | undefined;
      if (result.outcome === 'approved') {
        const automatic = payment.capture_mode === 'automatic';
        changes = {
          status: automatic ? 'APPROVED' : 'AUTHORIZED',
          response_code: result.responseCode,
          approval_code: result.approvalCode ?? null,
          amount_authorized: payment.amount,
          authorized_at: now,
        };
        event = automatic ? 'payment.card.approved' : 'payment.card.authorized';
      } else if (result.outcome === 'declined') {
        changes = { status: 'REJECTED', response_code: result.responseCode };
        event = 'payment.card.rejected';
      } else {
        changes = { status: 'PENDING', response_code: result.responseCode };
      }
      const applied = await transitionPayment(
        trx,
        payment.id,
        { status: ['PENDING'], pendingAction: payment.pending_action === 'authorize' ? 'authorize' : null },
        { ...changes, network_reference: result.networkReference, pending_action: null, updated_at: now },
      );
      if (!applied) return false;
      const updated = { ...payment, ...changes } as PaymentRow;
      if (event) await recordEvent(trx, payment.organization_id, event, paymentEventData(updated));
      await this.scheduleAfterAuthorization(trx, updated, result);
      return true;
    });
  }

  private async scheduleAfterAuthorization(trx: Executor, payment: PaymentRow, result: AuthorizationResult): Promise<void> {
    const payload = { payment_id: payment.id };
    if (result.outcome === 'pending') {
      await enqueueJob(trx, { type: PAYMENT_JOBS.resolvePending, payload, delaySeconds: this.settings.pendingCardDelaySeconds });
    } else if (payment.status === 'APPROVED') {
      await enqueueJob(trx, { type: PAYMENT_JOBS.capture, payload, delaySeconds: this.settings.captureDelaySeconds });
    } else if (payment.status === 'AUTHORIZED') {
      await enqueueJob(trx, { type: PAYMENT_JOBS.expireAuthorization, payload, delaySeconds: this.settings.authorizationTtlSeconds });
    }
  }

  /** Claims the payment for a network operation, with the job that finishes it if this process dies. */
  private async claim(payment: PaymentRow, action: 'capture' | 'void', status: PaymentRow['status'][], amount: number): Promise<void> {
    const claimed = await this.db.transaction().execute(async (trx) => {
      const ok = await transitionPayment(trx, payment.id, { status, pendingAction: null, uncaptured: true }, { pending_action: action, updated_at: nowIso() });
      if (ok) {
        await enqueueJob(trx, { type: PAYMENT_JOBS.recoverAction, payload: { payment_id: payment.id, action, amount }, delaySeconds: RECOVERY_DELAY_SECONDS });
      }
      return ok;
    });
    if (!claimed) throw new ApiError('payment_in_progress', 'The payment changed meanwhile; fetch it and retry.');
  }

  /**
   * Captures (part of) an authorization: the automatic capture of an APPROVED
   * payment, or the merchant's capture of an AUTHORIZED one.
   */
  async capture(payment: PaymentRow, amount: number, options: { resume?: boolean } = {}): Promise<PaymentRow> {
    if (!options.resume) await this.claim(payment, 'capture', [payment.capture_mode === 'automatic' ? 'APPROVED' : 'AUTHORIZED'], amount);
    const result = await this.network.capture({
      reference: `${payment.id}:capture`,
      networkReference: payment.network_reference ?? '',
      amount,
      currency: payment.currency,
    });
    return this.recordCapture(payment, amount, result.outcome === 'succeeded', result.dispute);
  }

  private async recordCapture(payment: PaymentRow, amount: number, succeeded: boolean, dispute?: { reasonCode: string; reason: string }): Promise<PaymentRow> {
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      if (!succeeded) {
        await transitionPayment(trx, payment.id, { status: ['APPROVED', 'AUTHORIZED'], pendingAction: 'capture' }, { pending_action: null, updated_at: now });
        return;
      }
      const changes: Partial<PaymentRow> = { status: 'APPROVED', amount_captured: amount, captured_at: now, pending_action: null, updated_at: now };
      if (!(await transitionPayment(trx, payment.id, { status: ['APPROVED', 'AUTHORIZED'], pendingAction: 'capture' }, changes))) return;
      const captured = { ...payment, ...changes } as PaymentRow;
      // Fees (fees/apply.ts): the interchange and MDR of the captured amount.
      await applyCaptureFees(trx, captured, amount);
      await recordEvent(trx, payment.organization_id, 'payment.card.captured', paymentEventData(captured));
      if (dispute) {
        const chargeback = {
          id: newId('chargeback'),
          organization_id: payment.organization_id,
          payment_id: payment.id,
          status: 'OPEN',
          amount,
          currency: payment.currency,
          reason_code: dispute.reasonCode,
          reason: dispute.reason,
          respond_by: isoAfterSeconds(20 * 86400),
          created_at: now,
          updated_at: now,
        };
        await trx.insertInto('chargebacks').values(chargeback).execute();
        await recordEvent(trx, payment.organization_id, 'chargeback.opened', {
          chargeback: { id: chargeback.id, payment_id: payment.id, status: 'OPEN', amount: minorToNumber(amount, payment.currency), currency: payment.currency, reason_code: dispute.reasonCode },
        });
      }
    });
    if (!succeeded) throw new ApiError('conflict', 'The network refused the capture.');
    return this.reload(payment.id);
  }

  /** Voids an uncaptured authorization (merchant cancel, or the authorization's expiry). */
  async void(payment: PaymentRow, options: { resume?: boolean } = {}): Promise<PaymentRow> {
    if (!options.resume) await this.claim(payment, 'void', ['APPROVED', 'AUTHORIZED'], Number(payment.amount_authorized));
    const result = await this.network.void({
      reference: `${payment.id}:void`,
      networkReference: payment.network_reference ?? '',
      amount: Number(payment.amount_authorized),
      currency: payment.currency,
    });
    const now = nowIso();
    await this.db.transaction().execute(async (trx) => {
      const changes: Partial<PaymentRow> =
        result.outcome === 'succeeded' ? { status: 'CANCELLED', cancelled_at: now, pending_action: null, updated_at: now } : { pending_action: null, updated_at: now };
      const applied = await transitionPayment(trx, payment.id, { status: ['APPROVED', 'AUTHORIZED'], pendingAction: 'void' }, changes);
      if (applied && result.outcome === 'succeeded') {
        await recordEvent(trx, payment.organization_id, 'payment.card.cancelled', paymentEventData({ ...payment, ...changes } as PaymentRow));
      }
    });
    if (result.outcome !== 'succeeded') throw new ApiError('conflict', 'The network refused the cancellation.');
    return this.reload(payment.id);
  }
}
