import type { Kysely } from 'kysely';

/** Users (saved cards), payment links and card-enrollment links, and link payments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_org_idx').on('users').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('user_instruments')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', 'varchar(64)', (c) => c.notNull().references('instruments.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_instruments_pk', ['user_id', 'instrument_id'])
    .execute();

  await db.schema
    .createTable('links')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // Unguessable part of the public URL.
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('api_key_sealed', 'text')
    .addColumn('multi_use', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('opened_at', 'varchar(32)')
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('links_org_idx').on('links').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('link_payments')
    .addColumn('link_id', 'varchar(64)', (c) => c.notNull().references('links.id'))
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_payments_pk', ['link_id', 'payment_id'])
    .execute();
  await db.schema.createIndex('link_payments_payment_idx').on('link_payments').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['link_payments', 'links', 'user_instruments', 'users']) await db.schema.dropTable(table).execute();
}
