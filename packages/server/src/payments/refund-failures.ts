/**
 * A refund the network paid and later failed (Stripe's `succeeded` →
 * `failed`: the card's account was closed, and the money went back to the
 * merchant's balance at the processor): its amount is refunded no more. The
 * mirror image of `settleRefund` (refund-reservations.ts), written here in
 * payments/ (the owner of the row) for refunds/ (refunds/finish.ts): the
 * amount leaves `amount_refunded`, and a payment that was REFUNDED is
 * APPROVED again (methods/status.ts), so the amount can be refunded again
 * under the same ceiling (captured − refunded − pending).
 */
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { assertTransitions } from './methods/status.js';

/** Takes a paid refund's `amount` (minor units) back out of `amount_refunded`, in the caller's transaction. */
export async function unsettleRefund(trx: Executor, paymentId: string, amount: number, now: string): Promise<void> {
  const updated = await trx
    .updateTable('payments')
    .set({ amount_refunded: sql`amount_refunded - ${amount}`, updated_at: now })
    .where('id', '=', paymentId)
    .where('amount_refunded', '>=', amount)
    .executeTakeFirst();
  // The refund was counted in amount_refunded when it succeeded: less than it there is a bug, not a state to record.
  if (Number(updated.numUpdatedRows) !== 1) throw new Error(`payment ${paymentId} has less than ${amount} refunded: the failed refund cannot be taken back`);
  assertTransitions('card', ['REFUNDED'], 'APPROVED');
  await trx
    .updateTable('payments')
    .set({ status: 'APPROVED' })
    .where('id', '=', paymentId)
    .where('status', '=', 'REFUNDED')
    .where(sql<boolean>`amount_refunded < amount_captured`)
    .execute();
}
