/**
 * The network's declines of a card, by fingerprint: what the default fraud
 * rule `card_declines` counts (fraud/service.ts `screen`), written by the
 * reaction `networkDeclines` to the payment's `payment.card.rejected`.
 */
import type { Executor } from '../db/database.js';
import type { Reaction } from '../events/store.js';

/**
 * In the transaction that records the network's decline of a card payment:
 * the decline, by the card's fingerprint, for the `card_declines` rule. The
 * rules' own declines (59 without the network) are not counted, so a blocked
 * card is free again one window after the network last declined it.
 */
export async function recordCardDecline(trx: Executor, payment: { id: string; organization_id: string; instrument_id: string }, now: string): Promise<void> {
  await trx
    .insertInto('card_declines')
    .columns(['payment_id', 'organization_id', 'fingerprint', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('instruments')
        .select([eb.val(payment.id).as('payment_id'), eb.val(payment.organization_id).as('organization_id'), 'fingerprint', eb.val(now).as('created_at')])
        .where('id', '=', payment.instrument_id),
    )
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
}

/**
 * The reaction to `payment.card.rejected` (events/store.ts), inside the
 * transaction that records it: a decline by the network is counted, and the
 * issuer's refusal of a 3-D Secure challenge; a decline by the rules (its
 * evaluation says `decline`, written before its event) is not, nor a challenge
 * the shopper cancelled or left to expire (no one refused the card).
 */
export const networkDeclines: Reaction = {
  name: 'fraud.card-declines',
  types: ['payment.card.rejected'],
  async run(db, event) {
    const data = (event.data as { payment?: { id?: string; three_ds?: { outcome?: string } } }).payment;
    const id = data?.id;
    if (!id) return;
    if (data?.three_ds?.outcome === 'cancelled' || data?.three_ds?.outcome === 'abandoned') return;
    const evaluation = await db.selectFrom('fraud_evaluations').select('decision').where('payment_id', '=', id).executeTakeFirst();
    if (evaluation?.decision === 'decline') return;
    const payment = await db.selectFrom('payments').select(['id', 'organization_id', 'instrument_id']).where('id', '=', id).executeTakeFirst();
    if (!payment?.instrument_id) return;
    await recordCardDecline(db, { ...payment, instrument_id: payment.instrument_id }, event.created_at);
  },
};
