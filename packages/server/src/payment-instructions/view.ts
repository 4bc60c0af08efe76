/** The wire shapes of an instruction: the API's and the events'. */
import type { PaymentInstructionsTable } from '../db/schema.js';
import { formatMinor, minorToNumber } from '../lib/money.js';
import type { PaymentInstruction } from './schemas.js';

export type InstructionRow = PaymentInstructionsTable;

export function instructionView(row: InstructionRow): PaymentInstruction {
  return {
    id: row.id,
    status: row.status,
    terminal_id: row.terminal_id,
    point_of_sale_id: row.point_of_sale_id,
    merchant_id: row.merchant_id,
    order_id: row.order_id,
    amount: formatMinor(Number(row.amount), row.currency),
    currency: row.currency,
    description: row.description,
    capture: row.capture_mode === 'automatic',
    entry_mode: row.entry_mode,
    payment_id: row.payment_id,
    failure: row.failure_code ? { code: row.failure_code, message: row.failure_message ?? '' } : null,
    expires_at: row.expires_at,
    delivered_at: row.delivered_at,
    acknowledged_at: row.acknowledged_at,
    completed_at: row.completed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The body of the `payment_instruction.*` events. */
export function instructionEventData(row: InstructionRow) {
  return {
    payment_instruction: {
      id: row.id,
      status: row.status,
      terminal_id: row.terminal_id,
      order_id: row.order_id,
      amount: minorToNumber(Number(row.amount), row.currency),
      currency: row.currency,
      payment_id: row.payment_id,
    },
  };
}
