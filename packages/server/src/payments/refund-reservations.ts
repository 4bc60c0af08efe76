/**
 * The refund amounts of a card payment, written here in payments/ (the owner of
 * the row) for refunds/ (docs/architecture.md). A refund first reserves its
 * amount (`amount_refund_pending`), then settles: the reservation is given back
 * and, when the network paid it, added to `amount_refunded` (REFUNDED once
 * everything captured is refunded).
 *
 * "Refunds never exceed the captured amount" is enforced by the database: the
 * reservation is one compare-and-set UPDATE, so racing refunds cannot both pass
 * the check. What a chargeback holds (`amount_disputed`: from its opening, until
 * it is WON) is not refundable either: the cardholder gets that money back
 * through the chargeback, and a refund would pay it back a second time. The
 * chargeback's hold is written on the same row (`holdDisputed`, from the
 * chargeback's event), so a refund and a chargeback racing are ordered by it.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

/**
 * Reserves `amount` (minor units) on a captured payment, only while
 * captured − refunded − pending − disputed still covers it. False (nothing
 * written) when the payment is not captured or the amount is more than is left.
 */
export async function reserveRefund(trx: Executor, paymentId: string, amount: number, now: string): Promise<boolean> {
  const reserved = await trx
    .updateTable('payments')
    .set({ amount_refund_pending: sql`amount_refund_pending + ${amount}`, updated_at: now })
    .where('id', '=', paymentId)
    .where('captured_at', 'is not', null)
    .where(sql<boolean>`amount_captured - amount_refunded - amount_refund_pending - amount_disputed >= ${amount}`)
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

/** A chargeback opened for `amount` of the payment: that much is no longer refundable. */
export async function holdDisputed(trx: Executor, paymentId: string, amount: number, now: string): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ amount_disputed: sql`amount_disputed + ${amount}`, updated_at: now })
    .where('id', '=', paymentId)
    .execute();
}

/** The chargeback was WON: the merchant keeps the money, which is refundable again. */
export async function releaseDisputed(trx: Executor, paymentId: string, amount: number, now: string): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ amount_disputed: sql`amount_disputed - ${amount}`, updated_at: now })
    .where('id', '=', paymentId)
    .execute();
}
