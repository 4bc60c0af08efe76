import type { Kysely } from 'kysely';

/**
 * Rail payments served by a connector account (connectors/routing.ts,
 * payments/apm/remote-rails.ts): where the processor sends the customer (`rail_link`:
 * a bank's page, a printable cash voucher) and a cash voucher's barcode
 * digits the processor gave (`rail_barcode`). The account and the
 * processor's id are kept in `network_reference` as for card payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('rail_link', 'varchar(2048)').execute();
  await db.schema.alterTable('payments').addColumn('rail_barcode', 'varchar(128)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('rail_barcode').execute();
  await db.schema.alterTable('payments').dropColumn('rail_link').execute();
}
