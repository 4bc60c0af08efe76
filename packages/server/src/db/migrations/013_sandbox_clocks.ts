import type { Kysely } from 'kysely';

/**
 * Test clocks (docs/sandbox.md "Test clocks"): each organization's sandbox
 * time is the real time plus its offset, moved forward by
 * `POST /v1/sandbox/clock/advance`. The jobs of a sandbox timer name the
 * organization they belong to, so an advance finds and runs that
 * organization's due jobs, and shifts the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_clocks')
    .addColumn('organization_id', 'varchar(64)', (c) => c.primaryKey())
    // Milliseconds ahead of the real time (whole seconds after every advance).
    .addColumn('offset_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // Null for the jobs no organization's clock moves (maintenance, crash recovery).
  await db.schema.alterTable('jobs').addColumn('organization_id', 'varchar(64)').execute();
  await db.schema.createIndex('jobs_organization_idx').on('jobs').columns(['organization_id', 'status', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_organization_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('organization_id').execute();
  await db.schema.dropTable('sandbox_clocks').execute();
}
