/**
 * Refunds of card payments (spec 4.4, docs/api-conventions.md): only once captured;
 * partial refunds until the captured amount is used up. The amount is reserved
 * on the payment with a compare-and-set (payments/refund-reservations.ts: the
 * payments row is written only in payments/), so concurrent refunds can never
 * add up to more than was captured. A refund the network rejects is still recorded
 * (201, status REJECTED) and releases its reservation. Every refund is also a
 * `refund` transaction of its payment (`trx-`, transactions/), written in the
 * same database transactions as the refund.
 */
import { metadataColumn, metadataOf, type Metadata } from '../../lib/metadata.js';
import { indexMetadata, whereMetadata } from '../../db/metadata-index.js';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { currentCommitGuard } from '../../db/commit-guard.js';
import type { RefundsTable } from '../../db/schema.js';
import { ApiError, type ErrorDetail } from '../../errors/api-error.js';
import { recordEvent } from '../../events/store.js';
import { paginate, type ListQuery, type Page } from '../../http/pagination.js';
import { enqueueJob } from '../../jobs/store.js';
import { formatMinor, minorToNumber, type MoneyAmount } from '../../lib/money.js';
import { newId } from '../../lib/ids.js';
import type { RealClock } from '../../clock/clock.js';
import type { CardNetworkConnector } from '../../connectors/card-network/connector.js';
import { requireNetwork } from '../../connectors/card-network/unavailable.js';
import { parseAmount } from '../service.js';
import { releaseRefund, reserveRefund, settleRefund } from '../refund-reservations.js';
import { findPayment, findPaymentById, type PaymentRow } from '../store.js';
import { insertTransaction, newTransaction } from '../transactions/store.js';
import { notCapturedMessage } from './not-captured.js';

export type RefundRow = Selectable<RefundsTable>;
export const REFUND_RECOVERY_JOB = 'refund.recover';

export interface RefundView {
  id: string;
  payment_id: string;
  amount: string;
  currency: string;
  status: RefundRow['status'];
  response_code: string | null;
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
  metadata: Metadata;
}

type RefundWithTransaction = RefundRow & { transaction_id: string | null };

export function refundView(r: RefundWithTransaction): RefundView {
  return {
    id: r.id,
    payment_id: r.payment_id,
    transaction_id: r.transaction_id,
    amount: formatMinor(Number(r.amount), r.currency),
    currency: r.currency,
    status: r.status,
    response_code: r.response_code,
    created_at: r.created_at,
    updated_at: r.updated_at,
    metadata: metadataOf(r.metadata),
  };
}

export class RefundService {
  constructor(
    private readonly db: Db,
    private readonly network: CardNetworkConnector,
    private readonly clock: RealClock,
  ) {}

  private withTransaction() {
    return this.db
      .selectFrom('refunds')
      .leftJoin('transactions', 'transactions.refund_id', 'refunds.id')
      .selectAll('refunds')
      .select('transactions.id as transaction_id');
  }

  /**
   * POST /v1/refunds, and the refund actions of a payment. Without `amount`,
   * everything still refundable; without `currency`, the payment's.
   */
  async create(organizationId: string, body: { payment_id: string; amount?: MoneyAmount; currency?: string; metadata?: Metadata }): Promise<RefundView> {
    requireNetwork(this.network);
    // Under an Idempotency-Key (POST /v1/refunds, the payment's refund actions), the refund remembers it.
    const requestKey = currentCommitGuard()?.work;
    if (requestKey !== undefined) {
      // The same request run again (its Idempotency-Key taken over from a process that died or froze
      // after creating the refund): that refund, settled if it is not yet, never a second one.
      const earlier = await this.db
        .selectFrom('refunds')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('request_key', '=', requestKey)
        .executeTakeFirst();
      if (earlier) {
        if (earlier.status === 'PENDING') await this.settle(earlier);
        return this.get(organizationId, earlier.id);
      }
    }
    const payment = await findPayment(this.db, organizationId, body.payment_id);
    if (!payment) {
      const apm = await this.db
        .selectFrom('payments')
        .select('id')
        .where('id', '=', body.payment_id)
        .where('organization_id', '=', organizationId)
        .where('method', '=', 'rail')
        .executeTakeFirst();
      // Spec 1.8: alternative payments are irrevocable; they are paid back with a cashout.
      if (apm) throw ApiError.validation([{ field: 'payment_id', message: 'alternative payments are refunded with POST /v1/cashouts' }]);
      throw ApiError.notFound('payment');
    }
    const errors: ErrorDetail[] = [];
    if (body.currency !== undefined && body.currency !== payment.currency)
      errors.push({ field: 'currency', message: `must be the payment's currency, ${payment.currency}` });
    const parsed = body.amount === undefined ? undefined : parseAmount(body.amount, payment.currency);
    if (parsed && 'error' in parsed) errors.push(parsed.error);
    if (errors.length > 0) throw ApiError.validation(errors);
    if (!payment.captured_at) throw new ApiError('payment_not_captured', notCapturedMessage(payment));
    const left = refundable(payment);
    const amount = parsed && 'minor' in parsed ? parsed.minor : left;
    if (amount <= 0) throw nothingLeft(payment);
    const now = this.clock.realIso();
    const refund: RefundRow = {
      id: newId('refund'),
      organization_id: organizationId,
      payment_id: payment.id,
      amount,
      currency: payment.currency,
      status: 'PENDING',
      response_code: null,
      created_at: now,
      updated_at: now,
      request_key: requestKey ?? null,
      metadata: metadataColumn(body.metadata),
      network_reference: null,
    };
    await this.db.transaction().execute(async (trx) => {
      // The reservation (payments/refund-reservations.ts): succeeds only while captured - refunded - pending covers the amount.
      if (!(await reserveRefund(trx, payment.id, amount, now))) {
        // Too much: for what a chargeback holds, `payment_disputed` (read again: it may have opened meanwhile).
        const current = (await findPayment(trx, organizationId, payment.id)) ?? payment;
        if (Number(current.amount_disputed) > 0) throw disputedError(current);
        throw new ApiError(
          'refund_exceeds_captured',
          `The refunds would exceed the captured amount; at most ${formatMinor(Math.max(0, left), payment.currency)} can be refunded now.`,
        );
      }
      await trx.insertInto('refunds').values(refund).execute();
      await indexMetadata(trx, organizationId, 'refund', refund.id, body.metadata);
      await insertTransaction(
        trx,
        newTransaction(
          payment,
          { type: 'refund', status: 'PENDING', amount, responseCode: null, networkReference: payment.network_reference, refundId: refund.id },
          now,
        ),
      );
      await enqueueJob(trx, { type: REFUND_RECOVERY_JOB, payload: { refund_id: refund.id }, delaySeconds: 60 }, this.clock);
    });
    await this.settle(refund);
    return this.get(organizationId, refund.id);
  }

  /** Asks the network (idempotent by refund id) and records the outcome; also the recovery job's work. */
  async settle(refund: RefundRow): Promise<RefundRow> {
    const payment = (await findPaymentById(this.db, refund.payment_id))!;
    const result = await this.network.refund({
      reference: refund.id,
      networkReference: payment.network_reference ?? '',
      amount: Number(refund.amount),
      currency: refund.currency,
    });
    const succeeded = result.outcome === 'succeeded';
    const now = this.clock.realIso();
    const networkReference = result.networkReference ?? null;
    // Accepted, not settled yet (refunds/notified.ts ends it): PENDING, with the processor's id of it.
    if (result.pending) {
      await this.db.updateTable('refunds').set({ network_reference: networkReference }).where('id', '=', refund.id).where('status', '=', 'PENDING').execute();
      return (await this.db.selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirst())!;
    }
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('refunds')
        .set({ status: succeeded ? 'SUCCEEDED' : 'REJECTED', response_code: result.responseCode, network_reference: networkReference, updated_at: now })
        .where('id', '=', refund.id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return; // settled already (request and recovery job raced)
      await trx
        .updateTable('transactions')
        .set({ status: succeeded ? 'SUCCEEDED' : 'REJECTED', response_code: result.responseCode, updated_at: now })
        .where('refund_id', '=', refund.id)
        .execute();
      const amount = Number(refund.amount);
      if (succeeded) await settleRefund(trx, payment.id, amount, now);
      else await releaseRefund(trx, payment.id, amount, now);
      await recordEvent(
        trx,
        refund.organization_id,
        succeeded ? 'refund.succeeded' : 'refund.rejected',
        {
          refund: {
            id: refund.id,
            payment_id: payment.id,
            amount: minorToNumber(amount, refund.currency),
            currency: refund.currency,
            status: succeeded ? 'SUCCEEDED' : 'REJECTED',
            metadata: metadataOf(refund.metadata),
          },
        },
        undefined,
        this.clock,
      );
    });
    return (await this.db.selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirst())!;
  }

  async get(organizationId: string, id: string): Promise<RefundView> {
    const row = await this.withTransaction().where('refunds.id', '=', id).where('refunds.organization_id', '=', organizationId).executeTakeFirst();
    if (!row) throw ApiError.notFound('refund');
    return refundView(row);
  }

  async list(organizationId: string, params: ListQuery & { payment_id?: string; metadata?: Metadata }): Promise<Page<RefundView>> {
    let query = this.withTransaction().where('refunds.organization_id', '=', organizationId);
    if (params.payment_id) query = query.where('refunds.payment_id', '=', params.payment_id);
    query = whereMetadata(query, this.db, 'refunds.id', organizationId, 'refund', params.metadata);
    const page = await paginate(query, { id: 'refunds.id', createdAt: 'refunds.created_at', kind: 'refund' }, params);
    return { data: page.data.map(refundView), has_more: page.has_more };
  }
}

type Amounts = Pick<PaymentRow, 'amount_captured' | 'amount_refunded' | 'amount_refund_pending' | 'amount_disputed' | 'currency'>;

/** What a refund may still take: captured − refunded − pending − what a chargeback holds (refund-reservations.ts). */
function refundable(p: Amounts): number {
  return Number(p.amount_captured) - Number(p.amount_refunded) - Number(p.amount_refund_pending) - Number(p.amount_disputed);
}

/** Nothing left to refund: because a chargeback holds it, or because it is all refunded. */
function nothingLeft(p: Amounts): ApiError {
  return Number(p.amount_disputed) > 0 ? disputedError(p) : new ApiError('refund_exceeds_captured', 'Nothing is left to refund on this payment.');
}

/** 409 `payment_disputed`: a chargeback holds part of the payment, which a refund would pay back a second time. */
function disputedError(p: Amounts): ApiError {
  const money = (minor: number) => `${p.currency} ${formatMinor(Math.max(0, minor), p.currency)}`;
  return new ApiError(
    'payment_disputed',
    `A chargeback disputes ${money(Number(p.amount_disputed))} of this payment: the cardholder gets it back through the chargeback, so it cannot be refunded; at most ${money(refundable(p))} can be refunded now.`,
  );
}
