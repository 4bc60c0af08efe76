import { PostgresAdapter, type Kysely } from 'kysely';
import { newId } from '../../lib/ids.js';

/**
 * Chargeback handling: the merchant's answer (accept, review, dispute with
 * evidence), the network's decision, comments and evidence attachments (bytes
 * in the database: bytea on PostgreSQL, blob on SQLite).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite adds one column per ALTER TABLE statement.
  const columns: Array<[string, 'varchar(32)' | 'varchar(64)' | 'varchar(500)' | 'text']> = [
    ['reviewed_at', 'varchar(32)'],
    ['reviewed_by', 'varchar(64)'],
    ['evidence_text', 'text'],
    // JSON array of the attachment ids submitted with the dispute.
    ['evidence_attachment_ids', 'text'],
    ['disputed_at', 'varchar(32)'],
    ['decision_due_at', 'varchar(32)'],
    ['resolved_at', 'varchar(32)'],
    ['resolution', 'varchar(500)'],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('chargebacks').addColumn(name, type).execute();
  await db.schema.createIndex('chargebacks_org_status_idx').on('chargebacks').columns(['organization_id', 'status', 'id']).execute();

  await db.schema
    .createTable('chargeback_attachments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('chargeback_id', 'varchar(64)', (c) => c.notNull().references('chargebacks.id'))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chargeback_attachments_chargeback_idx').on('chargeback_attachments').columns(['chargeback_id', 'id']).execute();

  await db.schema
    .createTable('chargeback_comments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull().references('organizations.id'))
    .addColumn('chargeback_id', 'varchar(64)', (c) => c.notNull().references('chargebacks.id'))
    .addColumn('author', 'varchar(64)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chargeback_comments_chargeback_idx').on('chargeback_comments').columns(['chargeback_id', 'id']).execute();

  // Chargebacks opened before this version have no expiry job: give each OPEN one its job, due at respond_by.
  const open = (await (db as Kysely<Record<string, Record<string, string>>>)
    .selectFrom('chargebacks')
    .select(['id', 'respond_by'])
    .where('status', '=', 'OPEN')
    .execute()) as Array<{ id: string; respond_by: string }>;
  const now = new Date().toISOString();
  for (const row of open) {
    await (db as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('jobs')
      .values({
        id: newId('job'),
        type: 'chargeback.expire',
        payload: JSON.stringify({ chargeback_id: row.id }),
        status: 'pending',
        dedupe_key: `chargeback.expire:${row.id}`,
        run_at: row.respond_by,
        attempts: 0,
        max_attempts: 10,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      // Already waiting (a migration undone and run again): keep that one.
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<Record<string, Record<string, string>>>)
    .deleteFrom('jobs')
    .where('type', 'in', ['chargeback.expire', 'chargeback.decide'])
    .where('status', '=', 'pending')
    .execute();
  await db.schema.dropTable('chargeback_comments').execute();
  await db.schema.dropTable('chargeback_attachments').execute();
  await db.schema.dropIndex('chargebacks_org_status_idx').execute();
  for (const name of [
    'resolution',
    'resolved_at',
    'decision_due_at',
    'disputed_at',
    'evidence_attachment_ids',
    'evidence_text',
    'reviewed_by',
    'reviewed_at',
  ]) {
    await db.schema.alterTable('chargebacks').dropColumn(name).execute();
  }
}
