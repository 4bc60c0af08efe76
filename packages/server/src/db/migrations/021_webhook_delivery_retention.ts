import type { Kysely } from 'kysely';

/**
 * The maintenance job deletes finished webhook deliveries older than
 * WEBHOOK_DELIVERY_RETENTION_DAYS (webhooks/delivery.ts `deleteOldDeliveries`),
 * a batch at a time: this index finds each batch without reading the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_created_idx').on('webhook_deliveries').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_created_idx').execute();
}
