import type { Kysely } from 'kysely';

/**
 * Routing per organization (connectors/routing.ts): one row holding the
 * ordered rules as JSON, replaced whole by PUT /v1/routing. And which
 * connector account an authorization was sent to, by our reference (the
 * payment id), written before the call so that a lookup after a crash or a
 * timeout asks the same account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connector_routing')
    .addColumn('organization_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('connector_references')
    .addColumn('reference', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connector_references').execute();
  await db.schema.dropTable('connector_routing').execute();
}
