/**
 * Writes one ledger entry and its postings, inside the transaction of the
 * state change that moved the money (the ledger's reactions, reactions.ts).
 * One entry per type and source object (a unique index): posting the same
 * movement twice changes nothing. Rows are never updated or deleted (the
 * database refuses it, migration 070): a correction is a new entry.
 */
import type { Executor } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { merchantEffect, type EntryType, type Posting, type SettlementMethod, type SourceObject } from './accounts.js';
import { queueEntry } from './queue.js';

export interface EntryInput {
  organizationId: string;
  type: EntryType;
  currency: string;
  source: { object: SourceObject; id: string };
  paymentId: string | null;
  postings: readonly Posting[];
  /** The time of the event that caused it. */
  createdAt: string;
  /** An entry that moves the merchant's pending balance is settled on this method's schedule (queue.ts). */
  settle?: SettlementMethod;
}

/** What postings do to `merchant_pending`, signed minor units. */
export function pendingEffect(postings: readonly Posting[]): number {
  let pending = 0;
  for (const p of postings) {
    if (p.credit === 'merchant_pending') pending += p.amount;
    if (p.debit === 'merchant_pending') pending -= p.amount;
  }
  return pending;
}

/** The entry's id, or null when the movement was posted already or moves nothing. */
export async function postEntry(db: Executor, input: EntryInput): Promise<string | null> {
  const postings = input.postings.filter((p) => p.amount > 0);
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount)) throw new Error(`A ledger posting must be an integer number of minor units, not ${p.amount}.`);
  }
  if (postings.length === 0) return null;
  const id = newId('balanceTransaction');
  const inserted = await db
    .insertInto('ledger_entries')
    .values({
      id,
      organization_id: input.organizationId,
      type: input.type,
      currency: input.currency,
      ...merchantEffect(postings),
      source_object: input.source.object,
      source_id: input.source.id,
      payment_id: input.paymentId,
      created_at: input.createdAt,
    })
    .onConflict((oc) => oc.columns(['source_id', 'type']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  await db
    .insertInto('ledger_postings')
    .values(
      postings.map((p, line) => ({
        entry_id: id,
        line,
        organization_id: input.organizationId,
        currency: input.currency,
        debit_account: p.debit,
        credit_account: p.credit,
        amount: p.amount,
        created_at: input.createdAt,
      })),
    )
    .execute();
  const pending = pendingEffect(postings);
  if (input.settle && pending !== 0) {
    await queueEntry(db, {
      id,
      organizationId: input.organizationId,
      currency: input.currency,
      method: input.settle,
      amount: pending,
      createdAt: input.createdAt,
    });
  }
  return id;
}
