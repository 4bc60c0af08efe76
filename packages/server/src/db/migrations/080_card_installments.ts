import type { Kysely } from 'kysely';

/**
 * Card installments ("cuotas"): the number of monthly installments the
 * cardholder chose for a credit card payment (1 to 36; 1 for a debit or
 * prepaid card, a card-present payment and every payment made before this
 * column). Written by the one INSERT of the payment (payments/store.ts); a
 * rail payment's row keeps the default and never shows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('installments', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('installments').execute();
}
