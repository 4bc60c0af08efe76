import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's people (docs/dashboard.md): users of an organization with a
 * role, their sessions (only a SHA-256 of the session id is stored), and the
 * one-time links that set a password (an owner's invitation, the first-run
 * link, the CLI's), stored as a SHA-256 of the token and used once by a
 * compare-and-set on `used_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // Lowercased; one dashboard user per address across the deployment (sign-in is by e-mail).
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().check(sqlCheck('role', ['owner', 'developer', 'viewer'])))
    // scrypt (crypto/secret-hash.ts); null until the user sets one through a one-time link.
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('dashboard_users_org_idx').on('dashboard_users').columns(['organization_id', 'created_at']).execute();

  await db.schema
    .createTable('dashboard_sessions')
    // SHA-256 (hex) of the random session id the cookie carries.
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    // The absolute end, whatever the activity.
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dashboard_sessions_user_idx').on('dashboard_sessions').column('user_id').execute();

  await db.schema
    .createTable('dashboard_links')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // SHA-256 (hex) of the token the link carries.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // invitation: a new user of the organization; password: sets the password of user_id.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sqlCheck('kind', ['invitation', 'password'])))
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('user_id', 'varchar(64)')
    // The dashboard user who invited (null: the CLI or the sandbox's first start).
    .addColumn('created_by', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
}

/** A CHECK constraint both dialects understand: the column is one of these values. */
function sqlCheck(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dashboard_links', 'dashboard_sessions', 'dashboard_users']) await db.schema.dropTable(table).execute();
}
