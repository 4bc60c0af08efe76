import { sql, type Kysely } from 'kysely';
import { isPostgres } from './050_one_payment_table.js';

/**
 * The double-entry ledger (ledger/): one `ledger_entries` row per movement of
 * money (a capture, a refund, a chargeback's hold...), made of
 * `ledger_postings`, each moving a positive amount from one account (debit)
 * to another (credit) of the same organization and currency. Every posting
 * balances by construction, so every currency's accounts sum to zero.
 * Both tables are append-only: triggers refuse an update or a delete (a
 * correction is a new entry). One entry per (type, source object): a
 * movement is never posted twice.
 */
const ACCOUNTS = ['merchant_pending', 'merchant_available', 'merchant_reserved', 'operator_revenue', 'processor_clearing', 'payouts_in_transit'];
const accountCheck = (column: string) => sql.raw(`${column} in (${ACCOUNTS.map((a) => `'${a}'`).join(', ')})`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // What the entry does to the merchant's balances (available + pending + reserved), in minor units: signed.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('source_object', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(40)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('ledger_entries_net_check', sql`net = amount - fee and fee >= 0`)
    .execute();
  await db.schema.createIndex('ledger_entries_source_idx').on('ledger_entries').columns(['source_id', 'type']).unique().execute();
  await db.schema.createIndex('ledger_entries_organization_idx').on('ledger_entries').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_type_idx').on('ledger_entries').columns(['organization_id', 'type', 'id']).execute();
  await db.schema
    .createTable('ledger_postings')
    .addColumn('entry_id', 'varchar(40)', (c) => c.notNull().references('ledger_entries.id'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('debit_account', 'varchar(32)', (c) => c.notNull())
    .addColumn('credit_account', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_postings_pkey', ['entry_id', 'line'])
    .addCheckConstraint('ledger_postings_amount_check', sql`amount > 0`)
    .addCheckConstraint('ledger_postings_accounts_check', sql`debit_account <> credit_account`)
    .addCheckConstraint('ledger_postings_debit_check', accountCheck('debit_account'))
    .addCheckConstraint('ledger_postings_credit_check', accountCheck('credit_account'))
    .execute();
  await db.schema.createIndex('ledger_postings_organization_idx').on('ledger_postings').columns(['organization_id', 'currency']).execute();
  if (isPostgres(db)) {
    await sql`create function ledger_append_only() returns trigger language plpgsql as $$
      begin raise exception 'ledger rows are append-only: % on %', tg_op, tg_table_name; end $$`.execute(db);
    for (const table of ['ledger_entries', 'ledger_postings']) {
      await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
        for each row execute function ledger_append_only()`.execute(db);
    }
  } else {
    for (const table of ['ledger_entries', 'ledger_postings']) {
      for (const op of ['update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_no_${op}`)} before ${sql.raw(op)} on ${sql.table(table)}
          begin select raise(abort, ${sql.lit(`ledger rows are append-only: ${op} on ${table}`)}); end`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_postings').execute();
  await db.schema.dropTable('ledger_entries').execute();
  if (isPostgres(db)) await sql`drop function ledger_append_only()`.execute(db);
}
