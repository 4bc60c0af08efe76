import type { Kysely } from 'kysely';

/** Merchants (and sub-merchants), points of sale, terminals and terminal users. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchants')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    // A sub-merchant's parent, a merchant of the same organization.
    .addColumn('parent_id', 'varchar(64)', (c) => c.references('merchants.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('legal_name', 'varchar(200)')
    .addColumn('tax_id', 'varchar(32)')
    .addColumn('tax_id_type', 'varchar(16)')
    .addColumn('mcc', 'varchar(4)')
    .addColumn('country', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('merchants_org_idx').on('merchants').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('merchants_parent_idx').on('merchants').columns(['parent_id', 'id']).execute();

  await db.schema
    .createTable('points_of_sale')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('merchant_id', 'varchar(64)', (c) => c.notNull().references('merchants.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('points_of_sale_org_idx').on('points_of_sale').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('points_of_sale_merchant_idx').on('points_of_sale').column('merchant_id').execute();

  await db.schema
    .createTable('terminals')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    // At most one point of sale per terminal.
    .addColumn('point_of_sale_id', 'varchar(64)', (c) => c.references('points_of_sale.id'))
    .addColumn('serial', 'varchar(100)', (c) => c.notNull())
    .addColumn('model', 'varchar(100)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('terminals_org_idx').on('terminals').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('terminals_serial_uq').on('terminals').columns(['organization_id', 'serial']).unique().execute();
  await db.schema.createIndex('terminals_point_idx').on('terminals').columns(['point_of_sale_id', 'id']).execute();

  await db.schema
    .createTable('terminal_users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('terminal_id', 'varchar(64)', (c) => c.notNull().references('terminals.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('terminal_users_terminal_idx').on('terminal_users').columns(['terminal_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['terminal_users', 'terminals', 'points_of_sale', 'merchants']) await db.schema.dropTable(table).execute();
}
