/**
 * The entry of a card capture, the hot path of the ledger: two
 * `INSERT ... SELECT` statements that read the captured amount from the
 * payment and the fees from `payment_fees` (written earlier in the capture's
 * transaction) themselves. Deferrable: on PostgreSQL they wait and go with the
 * transaction's other inserts as one statement (db/postgres-client.ts), so
 * posting a capture costs no round trip of its own. The same rows as
 * post.ts's `postEntry` would write; a second capture entry of one payment is
 * refused by the unique index and fails the capture's transaction.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { preparedStatement } from '../db/prepared.js';
import { newId } from '../lib/ids.js';
import { queueCapture } from './queue.js';

const fees = (paymentId: unknown) => sql`(select coalesce(sum(amount), 0) from payment_fees where payment_id = cast(${paymentId} as text))`;

const insertEntry = preparedStatement(
  (entryId: unknown, paymentId: unknown, organizationId: unknown, now: unknown) =>
    sql`insert into ledger_entries (id, organization_id, type, currency, amount, fee, net, source_object, source_id, payment_id, created_at)
      select cast(${entryId} as text), p.organization_id, 'payment', p.currency, p.amount_captured, f.fee, p.amount_captured - f.fee, 'payment', p.id, p.id, cast(${now} as text)
      from payments p, (select ${fees(paymentId)} as fee) f
      where p.id = cast(${paymentId} as text) and p.organization_id = cast(${organizationId} as text) and p.amount_captured > 0`,
  { deferrable: true },
);

const insertPostings = preparedStatement(
  (entryId: unknown, paymentId: unknown, organizationId: unknown, now: unknown) =>
    sql`insert into ledger_postings (entry_id, line, organization_id, currency, debit_account, credit_account, amount, created_at)
      select cast(${entryId} as text), 0, p.organization_id, p.currency, 'processor_clearing', 'merchant_pending', p.amount_captured, cast(${now} as text)
      from payments p
      where p.id = cast(${paymentId} as text) and p.organization_id = cast(${organizationId} as text) and p.amount_captured > 0
      union all
      select cast(${entryId} as text), 1, p.organization_id, p.currency, 'merchant_pending', 'operator_revenue', ${fees(paymentId)}, cast(${now} as text)
      from payments p
      where p.id = cast(${paymentId} as text) and p.organization_id = cast(${organizationId} as text) and p.amount_captured > 0 and ${fees(paymentId)} > 0`,
  { deferrable: true },
);

/** Posts the `payment` entry of a captured card payment: the gross to pending, the fees from pending to revenue; queues it for settlement (queue.ts). */
export async function postCardCapture(db: Executor, paymentId: string, organizationId: string, now: string): Promise<void> {
  const entryId = newId('balanceTransaction');
  await insertEntry(db, entryId, paymentId, organizationId, now);
  await insertPostings(db, entryId, paymentId, organizationId, now);
  await queueCapture(db, entryId, paymentId, organizationId, now);
}
