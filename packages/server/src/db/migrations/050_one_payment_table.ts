import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * One table for every payment method (docs/internals.md "Payments"): `payments`
 * gets a `method` column (`card`, or `rail` for the alternative methods) and the
 * rail payment's columns; the card-only columns (instrument, capture mode) become
 * nullable. The one-order-one-payment unique index now spans every method, minus
 * the rows 051 records as older conflicts (`order_conflict_of`). 051 moves the
 * rows of `apm_payments` here, 052 drops it.
 *
 * SQLite cannot drop a NOT NULL: the table is rebuilt (created anew from its own
 * definition, copied, renamed) with foreign keys off and checked before the
 * commit, so the tables that reference `payments` (transactions, refunds,
 * chargebacks, payment_fees) keep pointing at it.
 */
export const RAIL_COLUMNS: Array<[string, string, string?]> = [
  ['transaction_id', 'varchar(64)'],
  ['rail_id', 'varchar(32)'],
  ['rail_type', 'varchar(32)'],
  ['customer', 'text'],
  ['return_url', 'varchar(2048)'],
  ['status_detail', 'varchar(24)'],
  ['mock', 'integer'],
  ['page_token', 'varchar(64)'],
  ['qr_content', 'text'],
  ['alias', 'varchar(16)'],
  ['otp_hash', 'varchar(64)'],
  ['otp_expires_at', 'varchar(32)'],
  ['otp_attempts', 'integer', '0'],
  ['amount_cashed_out', 'bigint', '0'],
  ['amount_cashout_pending', 'bigint', '0'],
  ['expires_at', 'varchar(32)'],
  ['finished_at', 'varchar(32)'],
];

/** The unique indexes a rail payment is found by (partial: a card payment adds no entry to them). */
const RAIL_INDEXES: Array<[string, string]> = [
  ['payments_transaction_idx', 'transaction_id'],
  ['payments_page_idx', 'page_token'],
  ['payments_alias_idx', 'alias'],
];

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const work = async (trx: Kysely<unknown>) => {
    await trx.schema
      .alterTable('payments')
      .addColumn('method', 'varchar(8)', (c) => c.notNull().defaultTo('card'))
      .execute();
    for (const [name, type, fallback] of RAIL_COLUMNS) {
      await trx.schema
        .alterTable('payments')
        .addColumn(name, sql.raw(type), (c) => (fallback === undefined ? c : c.notNull().defaultTo(Number(fallback))))
        .execute();
    }
    await trx.schema.alterTable('payments').addColumn('order_conflict_of', 'varchar(64)').execute();
    if (postgres) {
      await sql`alter table payments alter column instrument_id drop not null, alter column capture_mode drop not null`.execute(trx);
    } else {
      await rebuildSqliteTable(trx, 'payments', (definition) => dropNotNull(definition, ['instrument_id', 'capture_mode']));
    }
    await trx.schema.dropIndex('payments_order_idx').execute();
    // order_id is the charge's idempotency key (spec 4.4): one payment per order, whatever its method.
    await trx.schema
      .createIndex('payments_order_idx')
      .on('payments')
      .columns(['organization_id', 'order_id'])
      .unique()
      .where(sql.ref('order_conflict_of'), 'is', null)
      .execute();
    for (const [index, column] of RAIL_INDEXES) {
      await trx.schema.createIndex(index).on('payments').column(column).unique().where(sql.ref(column), 'is not', null).execute();
    }
  };
  await inSqliteRebuild(db, work);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const other = await sql<{ id: string }>`select id from payments where method <> 'card' limit 1`.execute(db);
  if (other.rows.length > 0) throw new Error(`payments still holds rail payments (${other.rows[0]!.id}): migrate 051 down first`);
  await inSqliteRebuild(db, async (trx) => {
    for (const [index] of RAIL_INDEXES) await trx.schema.dropIndex(index).execute();
    await trx.schema.dropIndex('payments_order_idx').execute();
    for (const [name] of [...RAIL_COLUMNS, ['order_conflict_of'], ['method']]) await trx.schema.alterTable('payments').dropColumn(name).execute();
    if (postgres) {
      await sql`alter table payments alter column instrument_id set not null, alter column capture_mode set not null`.execute(trx);
    } else {
      await rebuildSqliteTable(trx, 'payments', (definition) => setNotNull(definition, ['instrument_id', 'capture_mode']));
    }
    await trx.schema.createIndex('payments_order_idx').on('payments').columns(['organization_id', 'order_id']).unique().execute();
  });
}

/**
 * Runs `work` in one transaction; on SQLite with foreign keys off (a pragma that
 * only applies outside a transaction), checking every foreign key before the
 * commit: a rebuild that broke one is rolled back.
 */
export async function inSqliteRebuild(db: Kysely<unknown>, work: (trx: Kysely<unknown>) => Promise<void>): Promise<void> {
  if (isPostgres(db)) {
    // Kysely's migrator already runs PostgreSQL's migrations in a transaction.
    await work(db);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    // Kysely's migrator hands SQLite's migrations one connection, outside a transaction: this is
    // that connection's own (not db.transaction(), whose end would close the connection to the
    // statements that follow, on the group-commit driver).
    await sql`begin immediate`.execute(db);
    try {
      await work(db);
      const broken = await sql<{ table: string; rowid: number; parent: string }>`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) {
        const first = broken.rows[0]!;
        throw new Error(`the rebuild would break ${broken.rows.length} foreign key(s), the first in ${first.table} (rowid ${first.rowid}) to ${first.parent}`);
      }
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * SQLite: rebuilds `table` from its own stored definition as `edit` changes it
 * (the columns keep their order, so the rows copy as they are), with its
 * indexes. Call inside inSqliteRebuild (foreign keys off): the tables that
 * reference `table` by name reference the new one.
 */
export async function rebuildSqliteTable(db: Kysely<unknown>, table: string, edit: (definition: string) => string): Promise<void> {
  const stored = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const definition = stored.rows[0]?.sql;
  if (!definition) throw new Error(`no table ${table} to rebuild`);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const temporary = `${table}_rebuild`;
  const edited = edit(definition);
  const renamed = edited.replace(/^create table\s+"?[A-Za-z_]+"?/i, `create table "${temporary}"`);
  if (renamed === edited) throw new Error(`unexpected definition of ${table}: ${definition.slice(0, 60)}`);
  await sql.raw(renamed).execute(db);
  await sql.raw(`insert into "${temporary}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${temporary}" rename to "${table}"`).execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

function dropNotNull(definition: string, columns: string[]): string {
  let edited = definition;
  for (const column of columns) {
    const next = edited.replace(new RegExp(`("${column}" [a-z]+(?:\\(\\d+\\))?) not null`, 'i'), '$1');
    if (next === edited) throw new Error(`payments.${column} is not declared NOT NULL as expected`);
    edited = next;
  }
  return edited;
}

function setNotNull(definition: string, columns: string[]): string {
  let edited = definition;
  for (const column of columns) edited = edited.replace(new RegExp(`("${column}" [a-z]+(?:\\(\\d+\\))?)`, 'i'), '$1 not null');
  return edited;
}
