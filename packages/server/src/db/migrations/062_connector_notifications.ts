import type { Kysely } from 'kysely';

/**
 * Inbound notifications of connectors (connectors/notifications.ts): each
 * stored once, by the connector account it arrived for (or `default`, the
 * deployment's default account) and the connector's own id of it. The unique
 * index makes a replay, or a duplicate sent at the same time, change nothing.
 * `status`: `processed`; `waiting` while the payment it is about has an
 * operation in flight (the reaction to the payment's next event takes it up);
 * `ignored` when it changed nothing (a dispute the payment already has).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connector_notifications')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('notification_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(40)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('notification', 'text', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('processed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('connector_notifications_once_idx').on('connector_notifications').columns(['account_id', 'notification_id']).unique().execute();
  await db.schema.createIndex('connector_notifications_payment_idx').on('connector_notifications').columns(['payment_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connector_notifications').execute();
}
