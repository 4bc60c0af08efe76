import type { Kysely } from 'kysely';

/**
 * The Bre-B key a QR_INTEROP payment is paid to (`rail.alias`): one of the
 * merchant's active keys when it has one (bre-b/). The payment's own
 * single-use reference stays in `alias` (unique), in the QR's reference label.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('breb_key', 'varchar(100)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('breb_key').execute();
}
