import type { Kysely } from 'kysely';

/**
 * Cash payments (rail CASH): the payment reference the customer pays at a
 * store with. Unique across the gateway, so a store's report names one
 * payment; null for every other payment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('cash_reference', 'varchar(20)').execute();
  await db.schema.createIndex('payments_cash_reference_idx').on('payments').column('cash_reference').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_cash_reference_idx').execute();
  await db.schema.alterTable('payments').dropColumn('cash_reference').execute();
}
