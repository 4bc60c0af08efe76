import type { Kysely } from 'kysely';

/**
 * The processor's own id of a refund (Stripe's `re_...`), so the processor's
 * notification of the refund's outcome finds our refund
 * (payments/refunds/notified.ts), and a refund made in the processor's dashboard is
 * recorded once: the unique index lets a notification delivered twice, or at
 * the same moment, insert it only once (several nulls are allowed on both
 * engines: a refund the processor answered without an id, or before it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refunds').addColumn('network_reference', 'varchar(255)').execute();
  await db.schema.createIndex('refunds_network_reference_idx').on('refunds').columns(['payment_id', 'network_reference']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refunds_network_reference_idx').execute();
  await db.schema.alterTable('refunds').dropColumn('network_reference').execute();
}
