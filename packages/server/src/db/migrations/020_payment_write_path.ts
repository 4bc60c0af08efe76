import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Less work in the transaction that creates a payment (docs/benchmarks-history.md,
 * "2026-11-24, no order look-up, no organization lock"; commit 551ebf5):
 *
 * - On PostgreSQL, `payments` and `transactions` no longer declare a foreign
 *   key to `organizations`. Every such check takes a `FOR KEY SHARE` lock on
 *   the organization's row, so all of an organization's concurrent payments
 *   lock one row (multixacts on PostgreSQL): measured, the payment's insert
 *   statement went from 452 to 254 µs and 139 to 53 shared buffers without
 *   them. The organization of a payment is the caller's, from its token, and
 *   organizations are never deleted, so the check never had anything to
 *   refuse. SQLite keeps its declarations (they take no lock there, and
 *   dropping one means rebuilding the table).
 * - The unique index on a pending job's `dedupe_key` holds only the jobs that
 *   have one: a job without a key (most of them: a payment's capture and
 *   recovery, every webhook delivery) no longer adds a NULL entry to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table payments drop constraint if exists payments_organization_id_fkey`.execute(db);
    await sql`alter table transactions drop constraint if exists transactions_organization_id_fkey`.execute(db);
  }
  await db.schema.dropIndex('jobs_dedupe_idx').execute();
  await db.schema
    .createIndex('jobs_dedupe_idx')
    .on('jobs')
    .column('dedupe_key')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .where(sql.ref('dedupe_key'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_dedupe_idx').execute();
  await db.schema.createIndex('jobs_dedupe_idx').on('jobs').column('dedupe_key').unique().where(sql.ref('status'), '=', 'pending').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table payments add constraint payments_organization_id_fkey foreign key (organization_id) references organizations (id)`.execute(db);
    await sql`alter table transactions add constraint transactions_organization_id_fkey foreign key (organization_id) references organizations (id)`.execute(
      db,
    );
  }
}
