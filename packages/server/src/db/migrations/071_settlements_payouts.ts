import { sql, type Kysely } from 'kysely';

/**
 * Settlements, payouts and reconciliation reports over the ledger (payouts/,
 * docs/ledger.md "Settlements", "Payouts", "Reports").
 *
 * - `settlement_queue`: one row per ledger entry that moved the merchant's
 *   pending balance and is not settled yet, with its effect on pending and
 *   the organization's time it was booked at (the schedule counts from it).
 * - `settlements`: one batch per organization, currency and method (card,
 *   rail) and run; `settlement_entries` the entries it settled. An entry is
 *   settled once (its primary key), so two runs racing cannot settle it twice.
 * - `payouts` pay whole settlements: a settlement is claimed by one payout at
 *   a time (`settlements.payout_id`, set with a compare-and-set), so a payout
 *   never exceeds the available balance the claimed settlements make up;
 *   `payout_settlements` keeps what each payout carried (a failed payout's too).
 * - `balance_settings`: the organization's schedules and bank account (the
 *   account number only hashed, and its last four digits).
 * - `reports` and `report_chunks`: a report generated in the background, its
 *   text stored in chunks that a download streams one at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settlement_queue')
    .addColumn('entry_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('booked_ms', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addCheckConstraint('settlement_queue_method_check', sql`method in ('card', 'rail')`)
    .execute();
  await db.schema.createIndex('settlement_queue_due_idx').on('settlement_queue').columns(['organization_id', 'method', 'booked_ms']).execute();

  await db.schema
    .createTable('settlements')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('cutoff', 'varchar(32)', (c) => c.notNull())
    .addColumn('simulated', 'integer', (c) => c.notNull())
    .addColumn('ledger_entry_id', 'varchar(40)')
    .addColumn('payout_id', 'varchar(40)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settlements_organization_idx').on('settlements').columns(['organization_id', 'id']).execute();
  await db.schema.createIndex('settlements_unpaid_idx').on('settlements').columns(['organization_id', 'currency', 'payout_id']).execute();

  await db.schema
    .createTable('settlement_entries')
    .addColumn('entry_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('settlement_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settlement_entries_settlement_idx').on('settlement_entries').columns(['settlement_id', 'entry_id']).unique().execute();

  await db.schema
    .createTable('balance_settings')
    .addColumn('organization_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('settlements_enabled', 'integer', (c) => c.notNull())
    .addColumn('card_delay_days', 'integer', (c) => c.notNull())
    .addColumn('rail_delay_days', 'integer', (c) => c.notNull())
    .addColumn('payout_interval', 'varchar(16)', (c) => c.notNull())
    .addColumn('bank_account_last4', 'varchar(4)')
    .addColumn('bank_account_hash', 'varchar(64)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('balance_settings_delays_check', sql`card_delay_days between 0 and 30 and rail_delay_days between 0 and 30`)
    .execute();

  await db.schema
    .createTable('payouts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('automatic', 'integer', (c) => c.notNull())
    .addColumn('simulated', 'integer', (c) => c.notNull())
    .addColumn('bank_account_last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('bank_account_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('arrival_date', 'varchar(32)', (c) => c.notNull())
    .addColumn('failure_code', 'varchar(32)')
    .addColumn('failure_message', 'varchar(300)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('payouts_amount_check', sql`amount > 0`)
    .addCheckConstraint('payouts_status_check', sql`status in ('in_transit', 'paid', 'failed')`)
    .execute();
  await db.schema.createIndex('payouts_organization_idx').on('payouts').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('payout_settlements')
    .addColumn('payout_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('settlement_id', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('payout_settlements_pkey', ['payout_id', 'settlement_id'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('payout_id', 'varchar(40)')
    .addColumn('period_start', 'varchar(32)')
    .addColumn('period_end', 'varchar(32)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('rows_done', 'integer', (c) => c.notNull())
    .addColumn('rows_total', 'integer')
    .addColumn('total_gross', 'bigint')
    .addColumn('total_fee', 'bigint')
    .addColumn('total_net', 'bigint')
    .addColumn('error', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('reports_organization_idx').on('reports').columns(['organization_id', 'id']).execute();

  await db.schema
    .createTable('report_chunks')
    .addColumn('report_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_chunks_pkey', ['report_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'report_chunks',
    'reports',
    'payout_settlements',
    'payouts',
    'balance_settings',
    'settlement_entries',
    'settlements',
    'settlement_queue',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
