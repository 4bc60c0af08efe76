/**
 * The event outbox: every state change writes its event in the same
 * transaction (the webhooks issue delivers them). Event types follow
 * ../shared/API.md: payment.card.approved, refund.succeeded, chargeback.opened, ...
 */
import type { Executor } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

export async function recordEvent(db: Executor, organizationId: string, type: string, data: unknown): Promise<string> {
  const id = newId('event');
  await db.insertInto('events').values({ id, organization_id: organizationId, type, data: JSON.stringify(data), created_at: nowIso() }).execute();
  return id;
}
