import type { Kysely } from 'kysely';

/**
 * Connector accounts (connectors/accounts.ts): an organization's credentials
 * at one registered connector (connectors/registry.ts), sealed with the
 * master key under `connector_account:<id>` and never returned.
 * `reference_key` is the short tag that prefixes the network references of
 * payments authorized through the account, so that their captures, refunds
 * and disputes go back to it; a deleted account keeps its row (`deleted_at`)
 * for those payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connector_accounts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('connector', 'varchar(40)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reference_key', 'varchar(16)', (c) => c.notNull())
    .addColumn('credentials_sealed', 'text', (c) => c.notNull())
    .addColumn('credential_fields', 'text', (c) => c.notNull())
    .addColumn('credentials_rotated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('connector_accounts_org_idx').on('connector_accounts').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('connector_accounts_reference_key_idx').on('connector_accounts').column('reference_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connector_accounts').execute();
}
