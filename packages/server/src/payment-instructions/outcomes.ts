/**
 * What an instruction does when its card-present payment is decided. Called
 * from events/store.ts inside the transaction that records the payment's
 * event, so the instruction and the payment never disagree, even when the
 * payment is decided later by its recovery or pending-resolution job.
 */
import type { Executor } from '../db/database.js';
import { nowIso } from '../lib/time.js';
import { instructionEventData } from './view.js';

const COMPLETED = new Set(['payment.card.approved', 'payment.card.authorized']);
const FAILED = new Set(['payment.card.rejected']);

export function instructionOutcomeOf(type: string): 'COMPLETED' | 'FAILED' | undefined {
  return COMPLETED.has(type) ? 'COMPLETED' : FAILED.has(type) ? 'FAILED' : undefined;
}

export async function settleInstructionPayment(
  db: Executor,
  paymentId: string,
  outcome: 'COMPLETED' | 'FAILED',
  responseCode: unknown,
  emit: (db: Executor, organizationId: string, type: string, data: unknown) => Promise<unknown>,
): Promise<void> {
  const row = await db.selectFrom('payment_instructions').selectAll().where('payment_id', '=', paymentId).where('status', '=', 'PROCESSING').executeTakeFirst();
  if (!row) return;
  const now = nowIso();
  const changes =
    outcome === 'COMPLETED'
      ? { status: outcome, completed_at: now, updated_at: now }
      : { status: outcome, completed_at: now, updated_at: now, failure_code: 'card_declined', failure_message: `The card was declined (response code ${String(responseCode ?? 'unknown')}).` };
  const result = await db.updateTable('payment_instructions').set(changes).where('id', '=', row.id).where('status', '=', 'PROCESSING').executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return;
  await emit(db, row.organization_id, outcome === 'COMPLETED' ? 'payment_instruction.completed' : 'payment_instruction.failed', instructionEventData({ ...row, ...changes }));
}
