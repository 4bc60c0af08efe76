import type { Kysely } from 'kysely';

/**
 * A checkout session names the access token that created it (`token_jti`),
 * so revoking that token (POST /oauth/revoke) ends its open sessions at once
 * instead of leaving them usable until `expires_at`. Null for the sessions
 * made before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkout_sessions').addColumn('token_jti', 'varchar(64)').execute();
  await db.schema.createIndex('checkout_sessions_token_idx').on('checkout_sessions').column('token_jti').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('checkout_sessions_token_idx').execute();
  await db.schema.alterTable('checkout_sessions').dropColumn('token_jti').execute();
}
