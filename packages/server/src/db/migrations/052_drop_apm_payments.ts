import { sql, type Kysely } from 'kysely';
import { inSqliteRebuild, isPostgres, RAIL_COLUMNS, rebuildSqliteTable } from './050_one_payment_table.js';

/**
 * `apm_payments` goes, once every row of it is in `payments` (051): cashouts'
 * foreign key points at `payments` instead (sandbox_sms and link_payments name
 * the payment without a declared key). SQLite rebuilds `cashouts` for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const missing = await sql<{ id: string }>`select a.id from apm_payments a where not exists (select 1 from payments p where p.id = a.id) limit 3`.execute(db);
  if (missing.rows.length > 0) {
    throw new Error(`apm_payments rows not yet in payments (${missing.rows.map((r) => r.id).join(', ')}): migration 051 did not finish`);
  }
  await inSqliteRebuild(db, async (trx) => {
    if (isPostgres(trx)) {
      await sql`alter table cashouts drop constraint if exists cashouts_payment_id_fkey`.execute(trx);
      await sql`alter table cashouts add constraint cashouts_payment_id_fkey foreign key (payment_id) references payments (id)`.execute(trx);
    } else {
      await rebuildSqliteTable(trx, 'cashouts', (definition) => repoint(definition, 'apm_payments', 'payments'));
    }
    await trx.schema.dropTable('apm_payments').execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await inSqliteRebuild(db, async (trx) => {
    await trx.schema
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
      .addColumn('metadata', 'text')
      .execute();
    await trx.schema.createIndex('apm_payments_order_idx').on('apm_payments').columns(['organization_id', 'order_id']).unique().execute();
    await trx.schema.createIndex('apm_payments_org_idx').on('apm_payments').columns(['organization_id', 'id']).execute();
    await trx.schema.createIndex('apm_payments_page_idx').on('apm_payments').column('page_token').unique().execute();
    await trx.schema.createIndex('apm_payments_alias_idx').on('apm_payments').column('alias').unique().execute();
    await trx.schema.createIndex('apm_payments_transaction_idx').on('apm_payments').column('transaction_id').unique().execute();
    const columns = [
      'id',
      'organization_id',
      'order_id',
      'amount',
      'currency',
      'description',
      'status',
      'created_at',
      'updated_at',
      'metadata',
      ...RAIL_COLUMNS.map(([name]) => name),
    ]
      .map((c) => `"${c}"`)
      .join(', ');
    await sql.raw(`insert into apm_payments (${columns}) select ${columns} from payments where method = 'rail'`).execute(trx);
    if (isPostgres(trx)) {
      await sql`alter table cashouts drop constraint if exists cashouts_payment_id_fkey`.execute(trx);
      await sql`alter table cashouts add constraint cashouts_payment_id_fkey foreign key (payment_id) references apm_payments (id)`.execute(trx);
    } else {
      await rebuildSqliteTable(trx, 'cashouts', (definition) => repoint(definition, 'payments', 'apm_payments'));
    }
  });
}

function repoint(definition: string, from: string, to: string): string {
  const edited = definition.replace(new RegExp(`references "?${from}"?`, 'i'), `references "${to}"`);
  if (edited === definition) throw new Error(`cashouts does not reference ${from} as expected`);
  return edited;
}
