import type { Kysely } from 'kysely';

/** The objects that carry a `metadata` object (lib/metadata.ts). */
export const METADATA_TABLES = ['payments', 'apm_payments', 'refunds', 'links', 'instruments', 'users'] as const;

/**
 * `metadata`: the merchant's key-value pairs on payments (card and
 * alternative), refunds, links, instruments and users (docs/api-conventions.md
 * "Metadata"). Each row keeps its pairs as JSON text (null when it has none),
 * read with the row; `metadata_entries` has one row per pair, written with the
 * object, so that a list filtered by `metadata[key]=value` reads the index
 * (organization, kind, key, value) instead of every row's JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of METADATA_TABLES) await db.schema.alterTable(table).addColumn('metadata', 'text').execute();
  await db.schema
    .createTable('metadata_entries')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('object_kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('metadata_entries_pk', ['organization_id', 'object_kind', 'key', 'value', 'object_id'])
    .execute();
  // Replacing an object's pairs (PATCH) deletes them by object.
  await db.schema.createIndex('metadata_entries_object_idx').on('metadata_entries').columns(['object_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('metadata_entries').execute();
  for (const table of METADATA_TABLES) await db.schema.alterTable(table).dropColumn('metadata').execute();
}
