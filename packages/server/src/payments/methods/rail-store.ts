/**
 * The rail payments' rows of `payments` (method `rail`; migration 050): their
 * reads, and every write of them, each a compare-and-set whose guard comes
 * from the status table (status.ts). apm/ (intents, the rails' outcomes) and
 * cashouts/ (the paid-back amount) write through here: payments/ owns the row.
 */
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ApmPaymentsTable, ApmStatus, ApmStatusDetail } from '../../db/schema.js';
import { assertTransitions, RAIL_DETAILS, statusesBefore } from './status.js';

export type RailRow = Selectable<ApmPaymentsTable>;

/** The rail payments: the rows of `payments` whose method is `rail`. */
export function railPayments(db: Executor) {
  return db.selectFrom('payments').selectAll().where('method', '=', 'rail');
}

/** A `payments` row read through railPayments(), as the rail's columns. */
export function asRail(row: object | undefined): RailRow | undefined {
  return row as RailRow | undefined;
}

/** The payment (any method) of an order: a rail payment before a card one (an older conflict, migration 051). */
export async function paymentOfOrder(db: Executor, organizationId: string, orderId: string): Promise<{ id: string; method: string } | undefined> {
  const rows = await db.selectFrom('payments').select(['id', 'method']).where('organization_id', '=', organizationId).where('order_id', '=', orderId).execute();
  return rows.find((r) => r.method === 'rail') ?? rows[0];
}

/** Inserts a new rail payment (IN_PROGRESS); a unique violation on its order_id is the caller's to catch. */
export async function insertRailPayment(db: Executor, row: RailRow): Promise<void> {
  await db
    .insertInto('payments')
    .values({ ...row, method: 'rail', channel: 'ecommerce' })
    .execute();
}

/**
 * Moves a rail payment to a final status, once: only from a status the table
 * allows (IN_PROGRESS), and with `onlyIfDetail`, only from that detail; with
 * `onlyIfUnexpiredAt` (the organization's now), only before its `expires_at`.
 */
export async function finishRailPayment(
  db: Executor,
  id: string,
  to: { status: ApmStatus; detail: ApmStatusDetail; onlyIfDetail?: ApmStatusDetail; onlyIfUnexpiredAt?: string },
  now: string,
): Promise<boolean> {
  if (!RAIL_DETAILS[to.status].includes(to.detail)) throw new Error(`a rail payment ${to.status} cannot have status_detail ${to.detail}`);
  const from = statusesBefore('rail', to.status).filter((status) => status !== to.status);
  let update = db
    .updateTable('payments')
    .set({ status: to.status, status_detail: to.detail, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('method', '=', 'rail')
    .where('status', 'in', from);
  if (to.onlyIfDetail) update = update.where('status_detail', '=', to.onlyIfDetail);
  if (to.onlyIfUnexpiredAt) update = update.where('expires_at', '>', to.onlyIfUnexpiredAt);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A rail payment served by a connector account moves on to the next account
 * of its route (`<key>:`, no answer yet): only while it still waits for the
 * previous one's answer, which that account never gave (apm/remote-rails.ts).
 */
export async function moveRailStart(db: Executor, id: string, from: string, to: string): Promise<boolean> {
  const moved = await db
    .updateTable('payments')
    .set({ network_reference: to })
    .where('id', '=', id)
    .where('method', '=', 'rail')
    .where('network_reference', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** What a connector account answered when it started a rail payment (apm/remote-rails.ts). */
export interface RailStartRecord {
  networkReference: string;
  link: string | null;
  barcode: string | null;
  /** A cash voucher's reference, with the token of the gateway's own voucher page that draws its barcode. */
  cash?: { reference: string; pageToken: string };
}

/** Records the account's answer once: only while the payment still waits for it (`awaiting`, the account's `<key>:`). */
export async function recordRailStart(db: Executor, id: string, awaiting: string, start: RailStartRecord, now: string): Promise<boolean> {
  const recorded = await db
    .updateTable('payments')
    .set({
      network_reference: start.networkReference,
      rail_link: start.link,
      rail_barcode: start.barcode,
      ...(start.cash ? { cash_reference: start.cash.reference, page_token: start.cash.pageToken } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('method', '=', 'rail')
    .where('network_reference', '=', awaiting)
    .executeTakeFirst();
  return Number(recorded.numUpdatedRows) === 1;
}

/** The customer approved at the bank: IN_PROGRESS / PENDING becomes IN_PROGRESS / PENDING_PROVIDER. The organization, or undefined. */
export async function markRailProcessing(db: Executor, id: string, now: string): Promise<string | undefined> {
  assertTransitions('rail', ['IN_PROGRESS'], 'IN_PROGRESS');
  const moved = await db
    .updateTable('payments')
    .set({ status_detail: 'PENDING_PROVIDER', updated_at: now })
    .where('id', '=', id)
    .where('method', '=', 'rail')
    .where('status', '=', 'IN_PROGRESS')
    .where('status_detail', '=', 'PENDING')
    .returning('organization_id')
    .executeTakeFirst();
  return moved?.organization_id;
}

/** Counts a wrong OTP while the payment is still IN_PROGRESS; false once it is not. */
export async function countOtpAttempt(db: Executor, id: string, now: string): Promise<boolean> {
  const counted = await db
    .updateTable('payments')
    .set({ otp_attempts: sql`otp_attempts + 1`, updated_at: now })
    .where('id', '=', id)
    .where('method', '=', 'rail')
    .where('status', '=', 'IN_PROGRESS')
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

/** Reserves `amount` of what was paid for a cashout: false when it would exceed the amount paid. */
export async function reserveCashout(db: Executor, id: string, amount: number, now: string): Promise<boolean> {
  const reserved = await db
    .updateTable('payments')
    .set({ amount_cashed_out: sql`amount_cashed_out + ${amount}`, updated_at: now })
    .where('id', '=', id)
    .where('method', '=', 'rail')
    .where(sql<boolean>`amount - amount_cashed_out >= ${amount}`)
    .executeTakeFirst();
  return Number(reserved.numUpdatedRows) === 1;
}

/** Gives back a cashout's reservation (the rail refused to disburse it). */
export async function releaseCashout(db: Executor, id: string, amount: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ amount_cashed_out: sql`amount_cashed_out - ${amount}` })
    .where('id', '=', id)
    .where('method', '=', 'rail')
    .execute();
}
