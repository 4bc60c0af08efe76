import type { Kysely } from 'kysely';

/**
 * 3-D Secure on card payments (payments/authentication.ts): `payments.three_ds`
 * holds the result shown on the payment (JSON: version, flow, outcome, ECI,
 * liability shift; null when the payment did not ask for it), and
 * `payment_authentications` one challenge per payment: the sandbox issuer's
 * scenario, the merchant's return URL, its state and when it expires. Its
 * one-time token is not stored, only its SHA-256 (`token_hash`): the token is
 * a keyed hash of the payment id, which the gateway computes again. A challenge moves from `pending` once, by a
 * conditional update, so it is used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('three_ds', 'text').execute();
  await db.schema
    .createTable('payment_authentications')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('payment_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('scenario', 'varchar(16)', (c) => c.notNull())
    .addColumn('version', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('return_url', 'varchar(2048)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('payment_authentications_payment_idx').on('payment_authentications').column('payment_id').unique().execute();
  await db.schema.createIndex('payment_authentications_token_idx').on('payment_authentications').column('token_hash').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_authentications').execute();
  await db.schema.alterTable('payments').dropColumn('three_ds').execute();
}
