import { sql, type Kysely } from 'kysely';

/**
 * Card payments get their merchant context (merchant, point of sale, terminal,
 * channel), and every network operation on a payment becomes a transaction
 * (`trx-`): authorization, capture, void, reversal, adjustment, refund.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign keys: a payment keeps naming its merchant after the merchant is deleted.
  await db.schema.alterTable('payments').addColumn('merchant_id', 'varchar(64)').execute();
  await db.schema.alterTable('payments').addColumn('point_of_sale_id', 'varchar(64)').execute();
  await db.schema.alterTable('payments').addColumn('terminal_id', 'varchar(64)').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('channel', 'varchar(16)', (c) => c.notNull().defaultTo('ecommerce'))
    .execute();
  // The list and search filters, keyset by id. Partial: e-commerce payments without a merchant cost nothing.
  await db.schema
    .createIndex('payments_org_merchant_idx')
    .on('payments')
    .columns(['organization_id', 'merchant_id', 'id'])
    .where(sql.ref('merchant_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('payments_org_point_idx')
    .on('payments')
    .columns(['organization_id', 'point_of_sale_id', 'id'])
    .where(sql.ref('point_of_sale_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('payments_org_instrument_idx').on('payments').columns(['organization_id', 'instrument_id', 'id']).execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull().references('payments.id'))
    // authorization, capture, void, reversal, adjustment, refund
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    // PENDING, SUCCEEDED, REJECTED
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('response_code', 'varchar(4)')
    .addColumn('network_reference', 'varchar(64)')
    .addColumn('refund_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transactions_payment_idx').on('transactions').columns(['payment_id', 'id']).execute();
  // GET /v1/transactions/{id} also answers for an alternative payment's purchase transaction.
  await db.schema.createIndex('apm_payments_transaction_idx').on('apm_payments').column('transaction_id').unique().execute();
  await db.schema.createIndex('transactions_refund_idx').on('transactions').column('refund_id').unique().where(sql.ref('refund_id'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transactions').execute();
  for (const index of ['apm_payments_transaction_idx', 'payments_org_merchant_idx', 'payments_org_point_idx', 'payments_org_instrument_idx'])
    await db.schema.dropIndex(index).execute();
  for (const column of ['channel', 'terminal_id', 'point_of_sale_id', 'merchant_id']) await db.schema.alterTable('payments').dropColumn(column).execute();
}
