import type { Kysely } from 'kysely';

/** Webhook endpoints, their signing secrets, and one delivery (with its attempts) per endpoint and event. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('disabled_reason', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_org_idx').on('webhook_endpoints').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('webhook_secrets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'varchar(64)', (c) => c.notNull().references('webhook_endpoints.id'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    // Set when a newer secret replaced it: until then deliveries carry both signatures.
    .addColumn('expires_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('webhook_secrets_endpoint_idx').on('webhook_secrets').columns(['endpoint_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('endpoint_id', 'varchar(64)', (c) => c.notNull().references('webhook_endpoints.id'))
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull().references('events.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_event_idx').on('webhook_deliveries').columns(['event_id', 'endpoint_id']).execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('delivery_id', 'varchar(64)', (c) => c.notNull().references('webhook_deliveries.id'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery_idx').on('webhook_attempts').columns(['delivery_id', 'attempt']).execute();

  await db.schema.createIndex('events_org_type_idx').on('events').columns(['organization_id', 'type', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_org_type_idx').execute();
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_secrets', 'webhook_endpoints']) {
    await db.schema.dropTable(table).execute();
  }
}
