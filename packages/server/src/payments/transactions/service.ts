/**
 * Reading transactions (`trx-`), and resolving the payment an action by
 * transaction id acts on. Card transactions live in the `transactions` table;
 * a rail payment's one purchase transaction is its `transaction_id` (a column of
 * its `payments` row).
 */
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors/api-error.js';
import { checkCursors, type ListQuery, type Page } from '../../http/pagination.js';
import { findPayment } from '../store.js';
import { asRail, railPayments } from '../methods/rail-store.js';
import { purchaseView, transactionView, type Transaction } from './schemas.js';
import { findTransaction, listPaymentTransactions, type TransactionType } from './store.js';

export type ActionName = 'authorize' | 'capture' | 'cancel' | 'reverse' | 'adjust' | 'refund' | 'cancel-or-refund';

/**
 * Which transactions an action by transaction id accepts: the authorization
 * (or a later adjustment of it) for the actions on the authorization, the
 * capture for a refund. Any other is 422 on `id`.
 */
export const ACCEPTED_TRANSACTIONS: Record<ActionName, TransactionType[]> = {
  authorize: ['authorization'],
  capture: ['authorization', 'adjustment'],
  cancel: ['authorization', 'adjustment'],
  reverse: ['authorization', 'adjustment'],
  adjust: ['authorization', 'adjustment'],
  refund: ['capture'],
  'cancel-or-refund': ['authorization', 'adjustment', 'capture'],
};

export class TransactionService {
  constructor(private readonly db: Db) {}

  private findPurchase(organizationId: string, column: 'id' | 'transaction_id', value: string) {
    return railPayments(this.db).where(column, '=', value).where('organization_id', '=', organizationId).executeTakeFirst().then(asRail);
  }

  async get(organizationId: string, id: string): Promise<Transaction> {
    const row = await findTransaction(this.db, organizationId, id);
    if (row) return transactionView(row);
    const apm = await this.findPurchase(organizationId, 'transaction_id', id);
    if (apm) return purchaseView(apm);
    throw ApiError.notFound('transaction');
  }

  /** A payment's history, newest first like every list. */
  async listForPayment(organizationId: string, paymentId: string, params: ListQuery): Promise<Page<Transaction>> {
    const payment = await findPayment(this.db, organizationId, paymentId);
    if (!payment) {
      const apm = await this.findPurchase(organizationId, 'id', paymentId);
      if (!apm) throw ApiError.notFound('payment');
      // Its one transaction, in the page when it is on the cursor's side, as a keyset page would have it.
      await checkCursors(params, 'transaction');
      const purchase = purchaseView(apm);
      const inPage =
        (params.starting_after === undefined || purchase.id < params.starting_after) &&
        (params.ending_before === undefined || purchase.id > params.ending_before);
      return { data: inPage ? [purchase] : [], has_more: false };
    }
    const page = await listPaymentTransactions(this.db, payment.id, params);
    return { data: page.data.map(transactionView), has_more: page.has_more };
  }

  /** The payment that `action` on transaction `id` acts on. */
  async paymentFor(organizationId: string, id: string, action: ActionName): Promise<string> {
    const row = await findTransaction(this.db, organizationId, id);
    if (!row) {
      if (await this.findPurchase(organizationId, 'transaction_id', id)) {
        throw ApiError.validation([
          { field: 'id', message: "this is an alternative payment's transaction: card operations do not apply (pay back with POST /v1/cashouts)" },
        ]);
      }
      throw ApiError.notFound('transaction');
    }
    const accepted = ACCEPTED_TRANSACTIONS[action];
    if (!accepted.includes(row.type)) {
      throw ApiError.validation([
        { field: 'id', message: `${action} acts on ${article(accepted.join(' or '))} transaction, not on ${article(row.type)} transaction` },
      ]);
    }
    return row.payment_id;
  }
}

function article(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}
