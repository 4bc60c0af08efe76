/**
 * The fees of a capture, as a reaction to its `payment.card.captured` inside
 * the capture's transaction (events/store.ts): the payment lifecycle does not
 * call fees/. Stateless, as a reaction must be: the time is the event's.
 */
import { clockAt } from '../clock/clock.js';
import type { Reaction } from '../events/store.js';
import { applyCaptureFees } from './apply.js';

export const captureFees: Reaction = {
  name: 'fees.capture',
  types: ['payment.card.captured'],
  async run(db, event) {
    const id = (event.data as { payment?: { id?: string } }).payment?.id;
    if (!id) return;
    const payment = await db
      .selectFrom('payments')
      .select(['id', 'organization_id', 'instrument_id', 'currency', 'merchant_id', 'fees', 'amount_captured'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!payment?.instrument_id) return;
    await applyCaptureFees(db, { ...payment, instrument_id: payment.instrument_id }, Number(payment.amount_captured), clockAt(event.created_at));
  },
};
