import { sql, type Kysely } from 'kysely';

/**
 * Bre-B merchant keys (bre-b/, docs/sandbox.md "Bre-B"). The database holds
 * the network's rules, under races too:
 *
 * - At most four keys per organization: a key that counts takes a `slot`
 *   from 1 to 4, unique per organization; a fifth finds no free slot.
 * - A key points to one account at a time: one `active` row per value across
 *   the gateway. Another organization may register a key held elsewhere; when
 *   its registration is verified the key moves (the former holder's row
 *   becomes `moved` and gives its slot back).
 * - An organization registers a value once while it counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('breb_keys')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('slot', 'integer')
    .addColumn('verified_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('breb_keys_type_check', sql`type in ('id_number', 'mobile', 'email', 'alphanumeric', 'merchant_code')`)
    .addCheckConstraint('breb_keys_status_check', sql`status in ('pending_verification', 'active', 'moved')`)
    .addCheckConstraint('breb_keys_slot_check', sql`(slot between 1 and 4 and status <> 'moved') or (slot is null and status = 'moved')`)
    .execute();
  await db.schema
    .createIndex('breb_keys_slot_idx')
    .on('breb_keys')
    .columns(['organization_id', 'slot'])
    .unique()
    .where(sql.ref('slot'), 'is not', null)
    .execute();
  await db.schema.createIndex('breb_keys_holder_idx').on('breb_keys').column('value').unique().where(sql.ref('status'), '=', sql.lit('active')).execute();
  await db.schema
    .createIndex('breb_keys_value_idx')
    .on('breb_keys')
    .columns(['organization_id', 'value'])
    .unique()
    .where(sql.ref('slot'), 'is not', null)
    .execute();
  await db.schema.createIndex('breb_keys_list_idx').on('breb_keys').columns(['organization_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('breb_keys').execute();
}
