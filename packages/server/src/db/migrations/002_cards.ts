import { sql, type Kysely } from 'kysely';
import { BIN_SEED } from '../bin-seed.js';

/** Encryption keys, the card vault, card payments, refunds, chargebacks, events, the network simulator's ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .addColumn('pci_saq_d', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // One-time facts decided by a unique insert (e.g. "the first-run sandbox client was provisioned").
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('encryption_keys')
    .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('valid_from', 'varchar(32)', (c) => c.notNull())
    .addColumn('valid_until', 'varchar(32)', (c) => c.notNull())
    .addColumn('decrypts_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('encryption_keys_one_active_idx')
    .on('encryption_keys')
    .column('organization_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema.createIndex('encryption_keys_org_idx').on('encryption_keys').columns(['organization_id', 'status']).execute();

  // Per-organization secrets (card data key, fingerprint key), each sealed under the master key.
  await db.schema
    .createTable('organization_keys')
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_keys_pk', ['organization_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('bins')
    .addColumn('bin', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('brand', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(100)')
    .addColumn('country', 'varchar(3)')
    .execute();
  await db
    .insertInto('bins' as never)
    .values(BIN_SEED)
    .execute();

  await db.schema
    .createTable('instruments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('number_sealed', 'text', (c) => c.notNull())
    .addColumn('brand', 'varchar(16)', (c) => c.notNull())
    .addColumn('bin', 'varchar(8)', (c) => c.notNull())
    .addColumn('last_four', 'varchar(4)', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(32)')
    .execute();
  // De-duplication by fingerprint among live instruments (a deleted card tokenized again is a new instrument).
  await db.schema
    .createIndex('instruments_fingerprint_idx')
    .on('instruments')
    .columns(['organization_id', 'fingerprint'])
    .unique()
    .where(sql.ref('status'), '=', 'ACTIVE')
    .execute();
  await db.schema.createIndex('instruments_org_idx').on('instruments').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('order_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('instrument_id', 'varchar(64)', (c) => c.notNull().references('instruments.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('capture_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('response_code', 'varchar(4)')
    .addColumn('approval_code', 'varchar(16)')
    .addColumn('network_reference', 'varchar(64)')
    .addColumn('amount_authorized', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_captured', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_refund_pending', 'bigint', (c) => c.notNull().defaultTo(0))
    // The network operation in flight (authorize, capture, void), the recovery point of a crash.
    .addColumn('pending_action', 'varchar(16)')
    .addColumn('authorized_at', 'varchar(32)')
    .addColumn('captured_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // order_id is the charge's idempotency key (spec 4.4): one payment per order, decided by the database.
  await db.schema.createIndex('payments_order_idx').on('payments').columns(['organization_id', 'order_id']).unique().execute();
  await db.schema.createIndex('payments_org_idx').on('payments').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('payments_org_status_idx').on('payments').columns(['organization_id', 'status', 'id']).execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull().references('payments.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('response_code', 'varchar(4)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_org_idx').on('refunds').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').columns(['payment_id', 'id']).execute();

  await db.schema
    .createTable('chargebacks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull().references('payments.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('reason_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('respond_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chargebacks_org_idx').on('chargebacks').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('chargebacks_payment_idx').on('chargebacks').column('payment_id').unique().execute();

  // The outbox: every state change writes its event here in the same transaction.
  await db.schema
    .createTable('events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_org_idx').on('events').columns(['organization_id', 'id']).execute();

  // The card-network simulator's own ledger: what it authorized, by our reference (recovery after a crash).
  await db.schema
    .createTable('simulator_operations')
    .addColumn('reference', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'settings',
    'simulator_operations',
    'events',
    'chargebacks',
    'refunds',
    'payments',
    'instruments',
    'bins',
    'organization_keys',
    'encryption_keys',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('clients').dropColumn('pci_saq_d').execute();
}
