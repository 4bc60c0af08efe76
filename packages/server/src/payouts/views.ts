/** The wire shapes of settlements and payouts (schemas.ts): amounts as signed major-unit strings, like the ledger's. */
import type { PayoutsTable, SettlementsTable } from '../db/schema.js';
import { signedMoney } from '../ledger/service.js';
import type { Payout, Settlement } from './schemas.js';

export function payoutView(row: PayoutsTable): Payout {
  return {
    id: row.id,
    object: 'payout',
    amount: signedMoney(Number(row.amount), row.currency),
    currency: row.currency,
    status: row.status,
    automatic: Boolean(Number(row.automatic)),
    simulated: Boolean(Number(row.simulated)),
    bank_account: { last4: row.bank_account_last4 },
    arrival_date: row.arrival_date,
    failure_code: row.failure_code,
    failure_message: row.failure_message,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function settlementView(row: SettlementsTable): Settlement {
  const amount = Number(row.amount);
  const fee = Number(row.fee);
  return {
    id: row.id,
    object: 'settlement',
    currency: row.currency,
    method: row.method,
    gross: signedMoney(amount + fee, row.currency),
    fee: signedMoney(fee, row.currency),
    net: signedMoney(amount, row.currency),
    entry_count: Number(row.entry_count),
    cutoff: row.cutoff,
    simulated: Boolean(Number(row.simulated)),
    balance_transaction_id: row.ledger_entry_id,
    payout_id: row.payout_id,
    created_at: row.created_at,
  };
}
