import { sql, type Kysely } from 'kysely';
import { BIN_3DS_VERSIONS } from '../bin-seed.js';

/**
 * Fee rules and the fees applied to captured payments; fraud rules per
 * organization and the evaluation of every card payment; the 3-D Secure
 * version of each BIN; the merchant a payment is made for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fee_rules')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)')
    // Basis points (1/100 of a percent) and a fixed amount in minor units of `currency`: integers only.
    .addColumn('percentage_bps', 'integer', (c) => c.notNull())
    .addColumn('fixed_amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)')
    .addColumn('brand', 'varchar(16)')
    .addColumn('card_type', 'varchar(16)')
    .addColumn('merchant_id', 'varchar(64)')
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fee_rules_org_idx').on('fee_rules').columns(['organization_id', 'id']).execute();

  // One row per fee type applied to a payment, with the rule's terms as they were then.
  await db.schema
    .createTable('payment_fees')
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull().references('payments.id'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('rule_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('base_amount', 'bigint', (c) => c.notNull())
    .addColumn('percentage_bps', 'integer', (c) => c.notNull())
    .addColumn('fixed_amount', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_fees_pk', ['payment_id', 'type'])
    .execute();

  // The organization's fraud rules (JSON); no row means the documented defaults.
  await db.schema
    .createTable('fraud_rules')
    .addColumn('organization_id', 'varchar(64)', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // Written with the payment, in its insert transaction; also the velocity counters' source.
  await db.schema
    .createTable('fraud_evaluations')
    .addColumn('payment_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('instrument_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // 1 when the card had not been used in the organization within the new-cards window.
    .addColumn('new_card', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('decision', 'varchar(16)', (c) => c.notNull())
    .addColumn('rules_hit', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fraud_evaluations_instrument_idx').on('fraud_evaluations').columns(['instrument_id', 'created_at']).execute();
  await db.schema.createIndex('fraud_evaluations_client_idx').on('fraud_evaluations').columns(['organization_id', 'client_id', 'created_at']).execute();
  await db.schema
    .createIndex('fraud_evaluations_new_card_idx')
    .on('fraud_evaluations')
    .columns(['organization_id', 'client_id', 'created_at'])
    .where(sql.ref('new_card'), '=', 1)
    .execute();

  // payments.merchant_id comes with 008_transactions.
  // The fees applied (JSON, a copy of its payment_fees rows), so showing a payment costs no extra read.
  await db.schema.alterTable('payments').addColumn('fees', 'text').execute();

  await db.schema.alterTable('bins').addColumn('three_ds_version', 'varchar(16)').execute();
  for (const [bin, version] of Object.entries(BIN_3DS_VERSIONS)) {
    await db
      .updateTable('bins' as never)
      .set({ three_ds_version: version } as never)
      .where('bin' as never, '=', bin as never)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bins').dropColumn('three_ds_version').execute();
  await db.schema.alterTable('payments').dropColumn('fees').execute();
  for (const table of ['fraud_evaluations', 'fraud_rules', 'payment_fees', 'fee_rules']) await db.schema.dropTable(table).execute();
}
