/**
 * The ledger's accounts (docs/ledger.md "Accounts"). Every organization has
 * each of them in every currency it moves money in; an account's balance is
 * what was credited to it less what was debited from it, so the merchant's
 * accounts hold what the operator owes the merchant (positive when owed), the
 * operator's revenue what it earned, and the processor's clearing account the
 * other side of the money coming in from and going out to the networks and
 * the rails (negative while the processor owes it). The postings balance by
 * construction: every account of a currency sums to zero.
 */
import type { LedgerAccount } from '../db/schema.js';

export type { LedgerAccount };

export const LEDGER_ACCOUNTS = [
  'merchant_pending',
  'merchant_available',
  'merchant_reserved',
  'operator_revenue',
  'processor_clearing',
  'payouts_in_transit',
] as const satisfies readonly LedgerAccount[];

/** The merchant's balances: `GET /v1/balance` shows them. */
export const MERCHANT_ACCOUNTS: readonly LedgerAccount[] = ['merchant_pending', 'merchant_available', 'merchant_reserved'];

/** The kinds of entry, in docs/ledger.md "Entries". */
export const ENTRY_TYPES = [
  'payment',
  'refund',
  'refund_failure',
  'cashout',
  'chargeback_hold',
  'chargeback_fee',
  'chargeback_release',
  'chargeback_loss',
  'settlement',
  'payout',
  'payout_paid',
  'payout_failure',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** The objects that cause entries. */
export type SourceObject = 'payment' | 'refund' | 'cashout' | 'chargeback' | 'settlement' | 'payout';

/** How an entry that moved pending is settled: on the card or the rail schedule (payouts/settlement.ts). */
export type SettlementMethod = 'card' | 'rail';

export interface Posting {
  debit: LedgerAccount;
  credit: LedgerAccount;
  /** Minor units; a posting of 0 is left out. */
  amount: number;
}

const isMerchant = (account: LedgerAccount) => MERCHANT_ACCOUNTS.includes(account);

/**
 * What postings do to the merchant's balances: `net`, the change of
 * available + pending + reserved, and `fee`, what went from them to the
 * operator's revenue; `amount` = net + fee.
 */
export function merchantEffect(postings: readonly Posting[]): { amount: number; fee: number; net: number } {
  let net = 0;
  let fee = 0;
  for (const p of postings) {
    if (isMerchant(p.credit) && !isMerchant(p.debit)) net += p.amount;
    if (isMerchant(p.debit) && !isMerchant(p.credit)) {
      net -= p.amount;
      if (p.credit === 'operator_revenue') fee += p.amount;
    }
  }
  return { amount: net + fee, fee, net };
}
