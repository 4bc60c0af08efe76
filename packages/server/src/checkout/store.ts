/** The `checkout_sessions` rows (migration 011). */
import type { Executor } from '../db/database.js';
import type { CheckoutSessionsTable } from '../db/schema.js';
import { paginate, type Page } from '../http/pagination.js';
import type { ListCheckoutSessionsQuery } from './schemas.js';

export type CheckoutSessionRow = CheckoutSessionsTable;

export async function insertSession(db: Executor, row: CheckoutSessionRow): Promise<void> {
  await db.insertInto('checkout_sessions').values(row).execute();
}

export function findSession(db: Executor, organizationId: string, id: string): Promise<CheckoutSessionRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
}

/**
 * The compare-and-set that ends a session: only an open session not yet
 * expired. Run in the transaction that creates its payment (or saves its
 * card), so of two racing requests one commits and the other rolls back.
 */
export async function completeSession(db: Executor, id: string, changes: { payment_id?: string; now: string }): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ status: 'complete', completed_at: changes.now, updated_at: changes.now, ...(changes.payment_id ? { payment_id: changes.payment_id } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '>', changes.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The card the session tokenized: its payment or enrollment may use only this one. */
export async function setSessionInstrument(db: Executor, id: string, instrumentId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ instrument_id: instrumentId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The merchant ends an open session. */
export async function expireSession(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('checkout_sessions')
    .set({ status: 'expired', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The maintenance clean-up: sessions whose `expires_at` is older than
 * `before`. Every session is over by its `expires_at` (an open one expires,
 * a complete or ended one's token lapses), so this is each session kept
 * for the retention after its end; its payment or card is untouched.
 */
export async function purgeSessions(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('checkout_sessions').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The organization's sessions, newest first (checkout_sessions_org_idx), optionally in one status as the view reads it. */
export function listSessions(db: Executor, organizationId: string, params: ListCheckoutSessionsQuery, now: string): Promise<Page<CheckoutSessionRow>> {
  let query = db.selectFrom('checkout_sessions').selectAll().where('organization_id', '=', organizationId);
  if (params.status === 'open') query = query.where('status', '=', 'open').where('expires_at', '>', now);
  else if (params.status === 'complete') query = query.where('status', '=', 'complete');
  else if (params.status === 'expired')
    query = query.where((eb) => eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'open'), eb('expires_at', '<=', now)])]));
  return paginate(query, { id: 'id', createdAt: 'created_at', kind: 'checkoutSession' }, params);
}
