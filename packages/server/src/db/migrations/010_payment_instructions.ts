import { sql, type Kysely } from 'kysely';

/**
 * Payment instructions (`pin-`): a merchant asks one of its terminals to take
 * a card payment; the terminal receives it over the WebSocket and reports the
 * card read, which becomes a card-present payment (payment-instructions/).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Card-present payments (channel card_present, migration 008) record how the card was read,
  // and are listed by GET /v1/card-present/payments through a partial index.
  await db.schema.alterTable('payments').addColumn('entry_mode', 'varchar(16)').execute();
  await db.schema
    .createIndex('payments_org_card_present_idx')
    .on('payments')
    .columns(['organization_id', 'id'])
    .where(sql.ref('channel'), '=', 'card_present')
    .execute();

  await db.schema
    .createTable('payment_instructions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    // No foreign key: the instruction keeps naming its terminal after the terminal is deleted.
    .addColumn('terminal_id', 'varchar(64)', (c) => c.notNull())
    // The terminal's point of sale and merchant when the instruction was created.
    .addColumn('point_of_sale_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('merchant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('capture_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('entry_mode', 'varchar(16)')
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('failure_code', 'varchar(64)')
    .addColumn('failure_message', 'varchar(500)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .addColumn('acknowledged_at', 'varchar(32)')
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_instructions_org_idx').on('payment_instructions').columns(['organization_id', 'id']).execute();
  // One instruction per order: its order_id becomes the payment's.
  await db.schema.createIndex('payment_instructions_order_uq').on('payment_instructions').columns(['organization_id', 'order_id']).unique().execute();
  // What the delivery poll asks: the open instructions of the terminals connected to a process.
  await db.schema.createIndex('payment_instructions_terminal_idx').on('payment_instructions').columns(['terminal_id', 'status']).execute();
  await db.schema.createIndex('payment_instructions_payment_idx').on('payment_instructions').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_instructions').execute();
  await db.schema.dropIndex('payments_org_card_present_idx').execute();
  await db.schema.alterTable('payments').dropColumn('entry_mode').execute();
}
