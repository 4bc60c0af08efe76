import { sql, type Kysely } from 'kysely';
import { RAIL_COLUMNS } from './050_one_payment_table.js';

/** Rows per statement of the copy. */
export const COPY_BATCH = 500;

/** The columns a rail payment has in both tables (050 added the rail ones to `payments`). */
const SHARED = ['id', 'organization_id', 'order_id', 'amount', 'currency', 'description', 'status', 'created_at', 'updated_at', 'metadata'];
const COPIED = [...SHARED, ...RAIL_COLUMNS.map(([name]) => name)];

/**
 * Moves every row of `apm_payments` into `payments` (method `rail`), keeping its
 * id, in batches of `COPY_BATCH` rows in id order, each one `INSERT ... SELECT
 * ... WHERE NOT EXISTS`: run again after a crash in the middle, it goes on from
 * the last row copied and copies no row twice.
 *
 * A rail payment whose order_id a card payment of its organization already had
 * (possible before: each table had its own unique index) is kept, with its id
 * and order_id, and records that card payment in `order_conflict_of`; the
 * unique index leaves such rows out (docs/deployment.md "Upgrading to one
 * payments table").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await copyRailPayments(db);
}

/** The copy; `maxBatches` stops it early (the tests' crash in the middle). Returns the rows copied. */
export async function copyRailPayments(db: Kysely<unknown>, options: { batch?: number; maxBatches?: number } = {}): Promise<number> {
  const batch = options.batch ?? COPY_BATCH;
  const columns = COPIED.map((c) => `"${c}"`).join(', ');
  const selected = COPIED.map((c) => `a."${c}"`).join(', ');
  const last = await sql<{ id: string | null }>`select max(id) as id from payments where method = 'rail'`.execute(db);
  let cursor = last.rows[0]?.id ?? '';
  let copied = 0;
  for (let round = 0; options.maxBatches === undefined || round < options.maxBatches; round++) {
    const ids = await sql<{ id: string }>`select id from apm_payments where id > ${cursor} order by id limit ${batch}`.execute(db);
    if (ids.rows.length === 0) break;
    const from = ids.rows[0]!.id;
    const to = ids.rows[ids.rows.length - 1]!.id;
    const inserted = await sql`
      insert into payments (${sql.raw(columns)}, method, channel, order_conflict_of)
      select ${sql.raw(selected)}, 'rail', 'ecommerce',
        (select c.id from payments c where c.organization_id = a.organization_id and c.order_id = a.order_id and c.method = 'card')
      from apm_payments a
      where a.id >= ${from} and a.id <= ${to}
        and not exists (select 1 from payments p where p.id = a.id)`.execute(db);
    copied += Number(inserted.numAffectedRows ?? 0);
    cursor = to;
  }
  return copied;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // 052's down copied them back to apm_payments.
  await sql`delete from payments where method = 'rail'`.execute(db);
}
