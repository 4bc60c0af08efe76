import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The dashboard's delivery log and payment timeline (docs/webhooks.md):
 *
 * - each webhook attempt keeps what was sent (the headers, none of them a
 *   secret, and the body) and what came back (the response body, its first
 *   4 KB). They live in the attempt's row, so they go wherever the attempt
 *   goes (deleting an endpoint deletes its deliveries and attempts).
 * - each event names the payment it is about (`payment_id`, null when it is
 *   about none), indexed with the organization so GET /v1/events?payment_id=
 *   is one range scan. Existing events get theirs from their JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite adds one column per ALTER TABLE statement.
  for (const column of ['request_headers', 'request_body', 'response_body']) {
    await db.schema.alterTable('webhook_attempts').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('events').addColumn('payment_id', 'varchar(64)').execute();
  await backfillEventPayments(db, postgres);
  await db.schema.createIndex('events_org_payment_idx').on('events').columns(['organization_id', 'payment_id', 'id']).execute();
}

/** Sets `payment_id` of the events that have none from their JSON: the paths of events/store.ts paymentIdOf(). */
export async function backfillEventPayments(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  const paths = ['payment.id', 'refund.payment_id', 'chargeback.payment_id', 'link.payment_id', 'payment_instruction.payment_id', 'cashout.payment_id'];
  const extract = postgres ? paths.map((p) => `(data::jsonb #>> '{${p.replace('.', ',')}}')`) : paths.map((p) => `json_extract(data, '$.${p}')`);
  await sql.raw(`update events set payment_id = coalesce(${extract.join(', ')}) where payment_id is null`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_org_payment_idx').execute();
  await db.schema.alterTable('events').dropColumn('payment_id').execute();
  for (const column of ['request_headers', 'request_body', 'response_body']) {
    await db.schema.alterTable('webhook_attempts').dropColumn(column).execute();
  }
}
