/**
 * What payments/ does when its own events are recorded: keeps the copy of a
 * capture's fees on the payments row (`payments.fees`, read by the payment's
 * view without another query) equal to the `payment_fees` rows that fees/
 * wrote in its reaction to the same `payment.card.captured`, which runs
 * before this one (gateway/modules.ts REACTION_ORDER).
 */
import type { Reaction } from '../events/store.js';
import { storedFeesOf } from '../fees/apply.js';
import { setPaymentFees } from './store.js';

export const capturedFeesCopy: Reaction = {
  name: 'payments.fees-copy',
  types: ['payment.card.captured'],
  async run(db, event) {
    const id = (event.data as { payment?: { id?: string } }).payment?.id;
    if (!id) return;
    const row = await db.selectFrom('payments').select('fees').where('id', '=', id).executeTakeFirst();
    if (!row) return;
    const fees = await storedFeesOf(db, id);
    if (fees !== (row.fees ?? null)) await setPaymentFees(db, id, fees);
  },
};
