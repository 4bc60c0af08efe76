import type { Kysely } from 'kysely';

/**
 * Card-testing defences (docs/security.md): the card
 * attempts of the hosted checkout, counted per link and per client address
 * (an HMAC of it, never the address itself), the per-key rows that serialize
 * the check-and-count and remember a block; and the network's declines per
 * card fingerprint that the default fraud rule `card_declines` counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per card attempt of a payment-link checkout that was not approved (yet):
  // reserved before the network is called, deleted when its payment is approved.
  await db.schema
    .createTable('link_card_attempts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('link_id', 'varchar(64)', (c) => c.notNull())
    // HMAC-SHA256 of the client address (IPv6: its /64) under a deployment secret.
    .addColumn('address_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_card_attempts_link_idx').on('link_card_attempts').columns(['link_id', 'created_at']).execute();
  await db.schema.createIndex('link_card_attempts_address_idx').on('link_card_attempts').columns(['address_key', 'created_at']).execute();
  await db.schema.createIndex('link_card_attempts_payment_idx').on('link_card_attempts').column('payment_id').execute();

  // One row per counted key (scope `link`: a link id; `address`: an address_key). Updating it
  // first in the check-and-count transaction serializes the attempts of one key across processes.
  await db.schema
    .createTable('link_card_blocks')
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    // Set when an attempt is refused: the block's end, so its event is recorded once.
    .addColumn('blocked_until', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_card_blocks_pk', ['scope', 'key'])
    .execute();

  // The network's declines, per card fingerprint (fraud rule card_declines), written with the decline.
  await db.schema
    .createTable('card_declines')
    .addColumn('payment_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_declines_fingerprint_idx').on('card_declines').columns(['organization_id', 'fingerprint', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['card_declines', 'link_card_blocks', 'link_card_attempts']) await db.schema.dropTable(table).execute();
}
