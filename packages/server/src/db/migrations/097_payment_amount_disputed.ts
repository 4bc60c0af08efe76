import { sql, type Kysely } from 'kysely';

/**
 * The part of a card payment a chargeback holds (`amount_disputed`, minor
 * units): set when the chargeback opens, given back when it is WON, kept when
 * it is ACCEPTED or LOST (the cardholder has the money back). A refund reserves
 * only what captured − refunded − pending − disputed still covers
 * (payments/refund-reservations.ts), in the same compare-and-set as before, so
 * a refund and a chargeback never pay the same money back twice, also when
 * they race. The payments with a chargeback that is not WON take its amount.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('amount_disputed', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update payments set amount_disputed = (select c.amount from chargebacks c where c.payment_id = payments.id)
    where exists (select 1 from chargebacks c where c.payment_id = payments.id and c.status <> 'WON')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('amount_disputed').execute();
}
