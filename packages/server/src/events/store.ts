/**
 * The event outbox: every state change writes its event in the same
 * transaction, together with one delivery per subscribed webhook endpoint. Event types follow
 * docs/api-conventions.md: payment.card.approved, refund.succeeded, chargeback.opened, ...
 */
import type { Executor } from '../db/database.js';
import { preparedInsert } from '../db/prepared.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { fanOut } from '../webhooks/outbox.js';
import { linkOutcomeOf, settleLinkPayment } from '../links/outcomes.js';
import { instructionOutcomeOf, settleInstructionPayment } from '../payment-instructions/outcomes.js';

const insertEvent = preparedInsert('events');

/** Records the event and its webhook deliveries; call it inside the state change's transaction. */
export async function recordEvent(db: Executor, organizationId: string, type: string, data: unknown): Promise<string> {
  const event = { id: newId('event'), organization_id: organizationId, type, data: JSON.stringify(data), created_at: nowIso() };
  await insertEvent(db, event);
  await fanOut(db, event);
  // A payment made through a payment link settles the link's use in the same transaction.
  const paid = linkOutcomeOf(type);
  const paymentId = (data as { payment?: { id?: unknown } }).payment?.id;
  if (paid !== undefined && typeof paymentId === 'string') await settleLinkPayment(db, paymentId, paid, recordEvent);
  // A card-present payment made for a payment instruction settles the instruction.
  const instructed = instructionOutcomeOf(type);
  if (instructed && typeof paymentId === 'string') {
    await settleInstructionPayment(db, paymentId, instructed, (data as { payment?: { response_code?: unknown } }).payment?.response_code, recordEvent);
  }
  return event.id;
}

/** The wire shape of an event (spec section 6): what webhooks carry and GET /v1/events returns. */
export function eventBody(row: { id: string; type: string; data: string; created_at: string }) {
  return { id: row.id, type: row.type, time: row.created_at, data: JSON.parse(row.data) as Record<string, unknown> };
}
