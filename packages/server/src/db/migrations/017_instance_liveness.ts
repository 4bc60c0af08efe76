import type { Kysely } from 'kysely';

/**
 * Lock-owner liveness for Idempotency-Keys (docs/reliability.md): every
 * gateway process writes a heartbeat row under its instance id; a key's lock
 * records the instance that holds it and a token of its own (the fence: a
 * taken-over owner's late commits fail). A refund remembers the
 * Idempotency-Key it was created under, so a request run again after a
 * takeover finds it instead of refunding a second time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gateway_instances')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('heartbeat_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Null on the rows written before this migration: those lapse after STALE_LOCK_SECONDS only.
  await db.schema.alterTable('idempotency_keys').addColumn('owner_instance', 'varchar(64)').execute();
  await db.schema.alterTable('idempotency_keys').addColumn('lock_token', 'varchar(64)').execute();
  // client_id + ':' + Idempotency-Key of the request that created the refund.
  await db.schema.alterTable('refunds').addColumn('request_key', 'varchar(200)').execute();
  await db.schema.createIndex('refunds_request_key_idx').on('refunds').columns(['organization_id', 'request_key']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refunds_request_key_idx').execute();
  await db.schema.alterTable('refunds').dropColumn('request_key').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('lock_token').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('owner_instance').execute();
  await db.schema.dropTable('gateway_instances').execute();
}
