/**
 * What an instruction does when its card-present payment is decided: the
 * outbox reaction `instructionSettlement` (registered in app.ts) runs it
 * inside the transaction that records the payment's event, so the instruction and the payment never disagree, even when the
 * payment is decided later by its recovery or pending-resolution job.
 */
import type { Executor } from '../db/database.js';
import { recordEvent, type Reaction } from '../events/store.js';
import type { EventType } from '../events/types.js';
import { clockAt } from '../clock/clock.js';
import { instructionEventData } from './view.js';

const COMPLETED: readonly EventType[] = ['payment.card.approved', 'payment.card.authorized'];
const FAILED: readonly EventType[] = ['payment.card.rejected'];

export async function settleInstructionPayment(
  db: Executor,
  paymentId: string,
  outcome: 'COMPLETED' | 'FAILED',
  responseCode: unknown,
  /** The time of the payment's event (its reactions' time). */
  now: string,
): Promise<void> {
  const row = await db.selectFrom('payment_instructions').selectAll().where('payment_id', '=', paymentId).where('status', '=', 'PROCESSING').executeTakeFirst();
  if (!row) return;
  const changes =
    outcome === 'COMPLETED'
      ? { status: outcome, completed_at: now, updated_at: now }
      : {
          status: outcome,
          completed_at: now,
          updated_at: now,
          failure_code: 'card_declined',
          failure_message: `The card was declined (response code ${typeof responseCode === 'string' ? responseCode : 'unknown'}).`,
        };
  const result = await db.updateTable('payment_instructions').set(changes).where('id', '=', row.id).where('status', '=', 'PROCESSING').executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return;
  await recordEvent(
    db,
    row.organization_id,
    outcome === 'COMPLETED' ? 'payment_instruction.completed' : 'payment_instruction.failed',
    instructionEventData({ ...row, ...changes }),
    undefined,
    clockAt(now),
  );
}

/** The outbox reaction: a card-present payment's decision settles the instruction it was made for, if any. */
export const instructionSettlement: Reaction = {
  name: 'payment_instructions.settlement',
  types: [...COMPLETED, ...FAILED],
  run: async (db, event) => {
    const payment = (event.data as { payment?: { id?: unknown; response_code?: unknown } }).payment;
    if (typeof payment?.id !== 'string') return;
    // Instructions are paid at a terminal: an e-commerce payment's event needs no look-up (most of them).
    if (event.context?.channel !== undefined && event.context.channel !== 'card_present') return;
    await settleInstructionPayment(db, payment.id, COMPLETED.includes(event.type) ? 'COMPLETED' : 'FAILED', payment.response_code, event.created_at);
  },
};
