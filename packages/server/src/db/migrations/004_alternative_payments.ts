import type { Kysely } from 'kysely';

/** The four Colombian rails: banks, intents, the sandbox SMS outbox, cashouts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('banks')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('rail_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('country', 'varchar(3)', (c) => c.notNull())
    // Sandbox test data: approve, reject or fail by itself; null waits for the customer.
    .addColumn('sandbox_outcome', 'varchar(16)')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  const banks: Array<[string, string, string | null]> = [
    ['1007', 'Bancolombia', null],
    ['1051', 'Davivienda', null],
    ['1001', 'Banco de Bogotá', null],
    ['1023', 'Banco de Occidente', null],
    ['1013', 'BBVA Colombia', null],
    ['1052', 'Banco AV Villas', null],
    ['1002', 'Banco Popular', null],
    ['1507', 'Nequi', null],
    ['9001', 'Banco de Pruebas: aprueba', 'approve'],
    ['9002', 'Banco de Pruebas: rechaza', 'reject'],
    ['9003', 'Banco de Pruebas: falla', 'fail'],
  ];
  await db
    .insertInto('banks' as never)
    .values(
      banks.map(([id, name, outcome], position) => ({
        id,
        name,
        rail_id: 'BANK_REDIRECT',
        country: 'COL',
        sandbox_outcome: outcome,
        active: 1,
        position,
      })),
    )
    .execute();

  await db.schema
    .createTable('apm_payments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('order_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('transaction_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('rail_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('rail_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('return_url', 'varchar(2048)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_detail', 'varchar(24)', (c) => c.notNull())
    .addColumn('mock', 'integer', (c) => c.notNull())
    .addColumn('page_token', 'varchar(64)')
    .addColumn('qr_content', 'text')
    .addColumn('alias', 'varchar(16)')
    .addColumn('otp_hash', 'varchar(64)')
    .addColumn('otp_expires_at', 'varchar(32)')
    .addColumn('otp_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_cashed_out', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_cashout_pending', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('apm_payments_order_idx').on('apm_payments').columns(['organization_id', 'order_id']).unique().execute();
  await db.schema.createIndex('apm_payments_org_idx').on('apm_payments').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('apm_payments_page_idx').on('apm_payments').column('page_token').unique().execute();
  await db.schema.createIndex('apm_payments_alias_idx').on('apm_payments').column('alias').unique().execute();

  // What the sandbox "sends" by SMS (GET /v1/sandbox/sms); a real SMS provider replaces it.
  await db.schema
    .createTable('sandbox_sms')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('otp', 'varchar(6)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_sms_phone_idx').on('sandbox_sms').columns(['organization_id', 'phone_number', 'id']).execute();

  await db.schema
    .createTable('cashouts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull().references('apm_payments.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cashouts_org_idx').on('cashouts').columns(['organization_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cashouts', 'sandbox_sms', 'apm_payments', 'banks']) await db.schema.dropTable(table).execute();
}
