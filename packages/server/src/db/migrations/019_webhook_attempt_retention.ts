import type { Kysely } from 'kysely';

/**
 * The maintenance job clears the request and response kept with webhook
 * attempts older than WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS (webhooks/delivery.ts
 * `clearAttemptBodies`): this index keeps that hourly update from reading the
 * whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_attempts_created_idx').on('webhook_attempts').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_attempts_created_idx').execute();
}
