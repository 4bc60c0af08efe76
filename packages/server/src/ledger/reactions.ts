/**
 * The ledger's outbox reactions: each movement of money is posted inside the
 * transaction that records the event announcing it (events/store.ts), so a
 * state change never commits without its entry, nor an entry without its
 * state change. The amounts are read from the rows the event is about (integer
 * minor units), not from the event's body (major units).
 *
 * Card capture and rail approval: the gross from the processor's clearing to
 * the merchant's pending balance, the fees (fees/, written before the
 * capture's event) from pending to the operator's revenue. Refund and
 * cashout: from pending back to clearing; a refund that succeeded and then
 * failed (`refund.rejected` of a refund with a `refund` entry): the mirror
 * image, from clearing back to pending. Chargeback opened: the disputed
 * amount held from pending into reserved, and its fee (fees/chargeback-fee.ts,
 * kept on the chargeback) from pending to the operator's revenue; won: the
 * amount back to pending (the fee stays paid); accepted or lost: from
 * reserved to clearing. docs/ledger.md "Entries".
 */
import type { Executor } from '../db/database.js';
import type { Reaction, RecordedEvent } from '../events/store.js';
import type { EventType } from '../events/types.js';
import { postCardCapture } from './capture.js';
import { postEntry } from './post.js';

type Subject = Record<string, unknown> | undefined;
const subject = (event: RecordedEvent, key: string): Subject => (event.data as Record<string, Subject>)[key];
const idOf = (event: RecordedEvent, key: string): string | undefined => {
  const id = subject(event, key)?.id;
  return typeof id === 'string' ? id : undefined;
};

/** An approved rail payment: paid in full, no fees. */
async function postRailPayment(db: Executor, event: RecordedEvent): Promise<void> {
  const id = idOf(event, 'payment');
  if (!id) return;
  const payment = await db
    .selectFrom('payments')
    .select(['organization_id', 'currency', 'amount'])
    .where('id', '=', id)
    .where('organization_id', '=', event.organization_id)
    .executeTakeFirst();
  if (!payment) return;
  await postEntry(db, {
    organizationId: payment.organization_id,
    type: 'payment',
    currency: payment.currency,
    source: { object: 'payment', id },
    paymentId: id,
    postings: [{ debit: 'processor_clearing', credit: 'merchant_pending', amount: Number(payment.amount) }],
    createdAt: event.created_at,
    settle: 'rail',
  });
}

/** The refund or cashout an event names, in the event's organization. */
async function repaymentOf(db: Executor, event: RecordedEvent, table: 'refunds' | 'cashouts') {
  const id = idOf(event, table === 'refunds' ? 'refund' : 'cashout');
  if (!id) return undefined;
  const row = await db
    .selectFrom(table)
    .select(['organization_id', 'payment_id', 'amount', 'currency'])
    .where('id', '=', id)
    .where('organization_id', '=', event.organization_id)
    .executeTakeFirst();
  return row && { ...row, id };
}

/** A refund or a cashout: what went back to the customer leaves the merchant's pending balance. */
async function postRepayment(db: Executor, event: RecordedEvent, table: 'refunds' | 'cashouts'): Promise<void> {
  const row = await repaymentOf(db, event, table);
  if (!row) return;
  const object = table === 'refunds' ? 'refund' : 'cashout';
  await postEntry(db, {
    organizationId: row.organization_id,
    type: object,
    currency: row.currency,
    source: { object, id: row.id },
    paymentId: row.payment_id,
    postings: [{ debit: 'merchant_pending', credit: 'processor_clearing', amount: Number(row.amount) }],
    createdAt: event.created_at,
    settle: table === 'refunds' ? 'card' : 'rail',
  });
}

/**
 * A refund rejected after it succeeded (payments/refunds/finish.ts
 * `failSucceededRefund`): the processor gave the money back, so the `refund`
 * entry's mirror image, `refund_failure`, returns it from clearing to the
 * merchant's pending balance. A refund rejected without having succeeded
 * posted nothing and posts nothing now; neither does one that succeeded
 * before the ledger existed (no `refund` entry to mirror).
 */
async function postRefundFailure(db: Executor, event: RecordedEvent): Promise<void> {
  const row = await repaymentOf(db, event, 'refunds');
  if (!row) return;
  const booked = await db.selectFrom('ledger_entries').select('id').where('source_id', '=', row.id).where('type', '=', 'refund').executeTakeFirst();
  if (!booked) return;
  await postEntry(db, {
    organizationId: row.organization_id,
    type: 'refund_failure',
    currency: row.currency,
    source: { object: 'refund', id: row.id },
    paymentId: row.payment_id,
    postings: [{ debit: 'processor_clearing', credit: 'merchant_pending', amount: Number(row.amount) }],
    createdAt: event.created_at,
    settle: 'card',
  });
}

async function postChargeback(db: Executor, event: RecordedEvent): Promise<void> {
  const id = idOf(event, 'chargeback');
  if (!id) return;
  const row = await db
    .selectFrom('chargebacks')
    .select(['organization_id', 'payment_id', 'amount', 'currency', 'status', 'fee_amount'])
    .where('id', '=', id)
    .where('organization_id', '=', event.organization_id)
    .executeTakeFirst();
  if (!row) return;
  const amount = Number(row.amount);
  const entry = {
    organizationId: row.organization_id,
    currency: row.currency,
    source: { object: 'chargeback' as const, id },
    paymentId: row.payment_id,
    settle: 'card' as const,
  };
  if (event.type === 'chargeback.opened') {
    await postEntry(db, {
      ...entry,
      type: 'chargeback_hold',
      postings: [{ debit: 'merchant_pending', credit: 'merchant_reserved', amount }],
      createdAt: event.created_at,
    });
    // The dispute fee, in the same transaction; one per chargeback (the unique index), none when it is 0 or absent.
    await postEntry(db, {
      ...entry,
      type: 'chargeback_fee',
      postings: [{ debit: 'merchant_pending', credit: 'operator_revenue', amount: Number(row.fee_amount ?? 0) }],
      createdAt: event.created_at,
    });
    return;
  }
  const status = subject(event, 'chargeback')?.status;
  // Decided: WON gives the amount back; ACCEPTED (by the merchant) and LOST leave it with the cardholder.
  if (status !== 'WON' && status !== 'LOST' && status !== 'ACCEPTED') return;
  // Only what was held is released or lost (a chargeback opened before the ledger existed held nothing).
  const held = await db.selectFrom('ledger_entries').select('id').where('source_id', '=', id).where('type', '=', 'chargeback_hold').executeTakeFirst();
  if (!held) return;
  await postEntry(db, {
    ...entry,
    type: status === 'WON' ? 'chargeback_release' : 'chargeback_loss',
    postings: [{ debit: 'merchant_reserved', credit: status === 'WON' ? 'merchant_pending' : 'processor_clearing', amount }],
    createdAt: event.created_at,
  });
}

const POSTERS: Partial<Record<EventType, (db: Executor, event: RecordedEvent) => Promise<void>>> = {
  'payment.card.captured': async (db, event) => {
    const id = idOf(event, 'payment');
    if (id) await postCardCapture(db, id, event.organization_id, event.created_at);
  },
  'payment.purchase.succeeded': postRailPayment,
  'refund.succeeded': (db, event) => postRepayment(db, event, 'refunds'),
  'refund.rejected': postRefundFailure,
  'cashout.succeeded': (db, event) => postRepayment(db, event, 'cashouts'),
  'chargeback.opened': postChargeback,
  'chargeback.updated': postChargeback,
};

/** The outbox reaction: every event that moves money posts its entry. */
export const ledgerPosting: Reaction = {
  name: 'ledger.posting',
  types: Object.keys(POSTERS) as EventType[],
  run: async (db, event) => {
    await POSTERS[event.type]?.(db, event);
  },
};
