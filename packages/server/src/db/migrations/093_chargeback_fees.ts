import type { Kysely } from 'kysely';

/**
 * The fee of a chargeback (fees/ `chargeback` rules, docs/sandbox.md "Fees"):
 * computed once, when the chargeback opens, and kept on it with the rule that
 * set it (null when no rule matched), in minor units of the chargeback's
 * currency. The ledger posts it as a `chargeback_fee` entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chargebacks').addColumn('fee_amount', 'bigint').execute();
  await db.schema.alterTable('chargebacks').addColumn('fee_rule_id', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chargebacks').dropColumn('fee_rule_id').execute();
  await db.schema.alterTable('chargebacks').dropColumn('fee_amount').execute();
}
