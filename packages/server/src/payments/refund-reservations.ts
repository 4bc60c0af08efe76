/**
 * The refund amounts of a card payment, written here in payments/ (the owner of
 * the row) for refunds/ (docs/architecture.md). A refund first reserves its
 * amount (`amount_refund_pending`), then settles: the reservation is given back
 * and, when the network paid it, added to `amount_refunded` (REFUNDED once
 * everything captured is refunded).
 *
 * "Refunds never exceed the captured amount" is enforced by the database: the
 * reservation is one compare-and-set UPDATE, so racing refunds cannot both pass
 * the check.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/**
 * Reserves `amount` (minor units) on a captured payment, only while
 * captured − refunded − pending still covers it. False (nothing written) when
 * the payment is not captured or the amount is more than is left.
 */
export async function reserveRefund(trx: Executor, paymentId: string, amount: number, now: string): Promise<boolean> {
  const reserved = await trx
    .updateTable('payments')
    .set({ amount_refund_pending: sql`amount_refund_pending + ${amount}`, updated_at: now })
    .where('id', '=', paymentId)
    .where('captured_at', 'is not', null)
    .where(sql<boolean>`amount_captured - amount_refunded - amount_refund_pending >= ${amount}`)
    .executeTakeFirst();
  return Number(reserved.numUpdatedRows) === 1;
}

/** Gives a reservation back: the network rejected the refund. */
export async function releaseRefund(trx: Executor, paymentId: string, amount: number, now: string): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ amount_refund_pending: sql`amount_refund_pending - ${amount}`, updated_at: now })
    .where('id', '=', paymentId)
    .execute();
}

/**
 * Turns a reservation into a refunded amount: the network paid the refund.
 * The payment becomes REFUNDED once everything captured is refunded.
 */
export async function settleRefund(trx: Executor, paymentId: string, amount: number, now: string): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ amount_refund_pending: sql`amount_refund_pending - ${amount}`, amount_refunded: sql`amount_refunded + ${amount}`, updated_at: now })
    .where('id', '=', paymentId)
    .execute();
  await trx.updateTable('payments').set({ status: 'REFUNDED' }).where('id', '=', paymentId).where(sql<boolean>`amount_refunded >= amount_captured`).execute();
}
