/**
 * Transactions (`trx-`): one row per network operation on a card payment
 * (authorization, capture, void, reversal, adjustment, refund). Rows are
 * written by payments/lifecycle.ts and refunds/service.ts inside the same
 * database transaction as the payment change they record.
 */
import { preparedInsert } from '../../db/prepared.js';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { TransactionsTable } from '../../db/schema.js';
import { paginate, type ListQuery, type Page } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';

export type TransactionRow = Selectable<TransactionsTable>;
export type TransactionType = TransactionsTable['type'];
export type TransactionStatus = TransactionsTable['status'];

/** A new transaction row of `payment` (not yet written). */
export function newTransaction(
  payment: { id: string; organization_id: string; currency: string },
  fields: {
    type: TransactionType;
    status: TransactionStatus;
    amount: number;
    responseCode: string | null;
    networkReference: string | null;
    refundId?: string;
    id?: string;
  },
  now: string,
): TransactionRow {
  return {
    id: fields.id ?? newId('transaction'),
    organization_id: payment.organization_id,
    payment_id: payment.id,
    type: fields.type,
    status: fields.status,
    amount: fields.amount,
    currency: payment.currency,
    response_code: fields.responseCode,
    network_reference: fields.networkReference,
    refund_id: fields.refundId ?? null,
    created_at: now,
    updated_at: now,
  };
}

export const insertTransaction: (db: Executor, row: TransactionRow) => Promise<void> = preparedInsert('transactions', { deferrable: true });

export function findTransaction(db: Executor, organizationId: string, id: string): Promise<TransactionRow | undefined> {
  return db.selectFrom('transactions').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
}

/** A payment's transactions, newest first, keyset by id like every list. */
export function listPaymentTransactions(db: Executor, paymentId: string, params: ListQuery): Promise<Page<TransactionRow>> {
  return paginate(
    db.selectFrom('transactions').selectAll().where('payment_id', '=', paymentId),
    { id: 'id', createdAt: 'created_at', kind: 'transaction' },
    params,
  );
}
