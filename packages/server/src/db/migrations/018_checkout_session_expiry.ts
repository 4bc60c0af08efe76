import type { Kysely } from 'kysely';

/**
 * The maintenance job deletes checkout sessions past their `expires_at` by
 * more than CHECKOUT_SESSION_RETENTION_DAYS (checkout/store.ts
 * `purgeSessions`): this index keeps that hourly delete from reading the
 * whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('checkout_sessions_expiry_idx').on('checkout_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('checkout_sessions_expiry_idx').execute();
}
