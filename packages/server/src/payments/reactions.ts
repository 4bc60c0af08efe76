/**
 * What payments/ does when events are recorded:
 *
 * - keeps the copy of a capture's fees on the payments row (`payments.fees`,
 *   read by the payment's view without another query) equal to the
 *   `payment_fees` rows that fees/ wrote in its reaction to the same
 *   `payment.card.captured`, which runs before this one (gateway/modules.ts
 *   REACTION_ORDER);
 * - holds what a chargeback disputes out of what can still be refunded, from
 *   `chargeback.opened` until a `chargeback.updated` to WON
 *   (refund-reservations.ts), in the chargeback's own transaction.
 */
import type { Reaction } from '../events/store.js';
import { storedFeesOf } from '../fees/apply.js';
import { toMinorUnits } from '../lib/money.js';
import { holdDisputed, releaseDisputed } from './refund-reservations.js';
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

interface ChargebackEventData {
  chargeback?: { payment_id?: string; status?: string; previous_status?: string; amount?: number; currency?: string };
}

export const disputeHolds: Reaction = {
  name: 'payments.dispute-holds',
  types: ['chargeback.opened', 'chargeback.updated'],
  async run(db, event) {
    const chargeback = (event.data as ChargebackEventData).chargeback;
    if (!chargeback?.payment_id || chargeback.amount === undefined || !chargeback.currency) return;
    const opened = event.type === 'chargeback.opened';
    if (!opened && !(chargeback.status === 'WON' && chargeback.previous_status !== 'WON')) return;
    const amount = toMinorUnits(chargeback.amount, chargeback.currency);
    if (!('minor' in amount)) throw new Error(`chargeback amount ${chargeback.amount} ${chargeback.currency} is not an amount`);
    await (opened ? holdDisputed : releaseDisputed)(db, chargeback.payment_id, amount.minor, event.created_at);
  },
};
