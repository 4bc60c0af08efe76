import { sql, type Kysely } from 'kysely';

/**
 * A card tokenized by a browser credential (a checkout session's token, a
 * hosted link page) is never merged with the organization's instrument of the
 * same card: merging updated that instrument's holder and expiry and told the
 * shopper it existed. Such an instrument names its origin in `browser_origin`
 * (the session or link id) and stays out of the de-duplication index, which
 * now covers only the instruments the merchant's server tokenized.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').addColumn('browser_origin', 'varchar(64)').execute();
  await db.schema.dropIndex('instruments_fingerprint_idx').execute();
  await db.schema
    .createIndex('instruments_fingerprint_idx')
    .on('instruments')
    .columns(['organization_id', 'fingerprint'])
    .unique()
    .where(sql<boolean>`status = 'ACTIVE' and browser_origin is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('instruments_fingerprint_idx').execute();
  await db.schema.alterTable('instruments').dropColumn('browser_origin').execute();
  await db.schema
    .createIndex('instruments_fingerprint_idx')
    .on('instruments')
    .columns(['organization_id', 'fingerprint'])
    .unique()
    .where(sql.ref('status'), '=', 'ACTIVE')
    .execute();
}
