import { sql, type Kysely } from 'kysely';

/** Organizations, API clients, tokens, signing keys, idempotency, jobs, rate limits. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(64)', (c) => c.references('organizations.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organizations_parent_idx').on('organizations').columns(['parent_id', 'id']).execute();

  await db.schema
    .createTable('clients')
    .addColumn('client_id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('client_id', 'varchar(128)', (c) => c.notNull().references('clients.client_id'))
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('audience', 'varchar(500)', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('access_tokens_reuse_idx').on('access_tokens').columns(['client_id', 'audience', 'expires_at']).execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('algorithm', 'varchar(16)', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // One active signing key, even when several processes start at once.
  await db.schema.createIndex('signing_keys_one_active_idx').on('signing_keys').column('status').unique().where(sql.ref('status'), '=', 'active').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('client_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('locked_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['client_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expiry_idx').on('idempotency_keys').column('expires_at').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('dedupe_key', 'varchar(200)')
    .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_dedupe_idx').on('jobs').column('dedupe_key').unique().where(sql.ref('status'), '=', 'pending').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_limits', 'jobs', 'idempotency_keys', 'signing_keys', 'access_tokens', 'clients', 'organizations']) {
    await db.schema.dropTable(table).execute();
  }
}
