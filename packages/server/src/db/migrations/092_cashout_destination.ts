import type { Kysely } from 'kysely';

/**
 * Cashouts to a Bre-B key (cashouts/, docs/sandbox.md "Bre-B"): where the
 * money went, as the key look-up answered before it moved: JSON of the key,
 * the holder's masked name and the institution; null for a cashout paid back
 * to the payment's own payer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cashouts').addColumn('destination', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cashouts').dropColumn('destination').execute();
}
