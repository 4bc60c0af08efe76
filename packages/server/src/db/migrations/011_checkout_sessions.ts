import type { Kysely } from 'kysely';

/**
 * Checkout sessions (`cs-`, checkout/): what a merchant's backend hands a
 * browser instead of an access token. A session's token may tokenize cards
 * and make exactly one payment (or one enrollment); the compare-and-set on
 * `status` in the payment's transaction, and the unique `payment_id`, decide
 * races.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    // The API client that created it: its revocation ends the session's token too.
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('currency', 'varchar(3)')
    .addColumn('order_id', 'varchar(255)')
    .addColumn('description', 'varchar(500)')
    .addColumn('user_id', 'varchar(64)')
    // JSON array of origins; empty: any.
    .addColumn('allowed_origins', 'text', (c) => c.notNull())
    // The card this session tokenized last: the only one its payment or enrollment may use.
    .addColumn('instrument_id', 'varchar(64)')
    .addColumn('payment_id', 'varchar(64)', (c) => c.unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkout_sessions_org_idx').on('checkout_sessions').columns(['organization_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkout_sessions').execute();
}
