/**
 * The network's declines of a card, by fingerprint: what the default fraud
 * rule `card_declines` counts (fraud/service.ts `screen`). Apart from the
 * service so that the payment lifecycle can write them without an import cycle.
 */
import type { Executor } from '../db/database.js';

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
