import type { Selectable } from 'kysely';
import type { Executor } from '../db/database.js';
import { preparedInsert, preparedQuery } from '../db/prepared.js';
import type { CardPaymentsTable, PaymentMethod, PaymentsTable } from '../db/schema.js';
import { assertTransitions } from './methods/status.js';
import { paginate, type Page } from '../http/pagination.js';
import type { PaymentListQuery } from './schemas.js';
import { metadataOf, type Metadata } from '../lib/metadata.js';
import { indexMetadata, whereMetadata } from '../db/metadata-index.js';

/** A card payment's row (method `card`; the rail columns are left out). */
export type PaymentRow = Selectable<CardPaymentsTable>;
export type PaymentWithCard = PaymentRow & { card_brand: string; last_four: string };

/**
 * A card payment's columns: the card reads (the hottest, GET /v1/payments/{id})
 * read these, not the rail payments' columns of the same table.
 */
export const CARD_COLUMNS = [
  'id',
  'organization_id',
  'order_id',
  'instrument_id',
  'amount',
  'currency',
  'description',
  'capture_mode',
  'status',
  'response_code',
  'approval_code',
  'network_reference',
  'amount_authorized',
  'amount_captured',
  'amount_refunded',
  'amount_refund_pending',
  'amount_disputed',
  'pending_action',
  'authorized_at',
  'captured_at',
  'cancelled_at',
  'created_at',
  'updated_at',
  'merchant_id',
  'point_of_sale_id',
  'terminal_id',
  'channel',
  'fees',
  'entry_mode',
  'metadata',
  'installments',
  'three_ds',
  'return_url',
] as const satisfies ReadonlyArray<keyof CardPaymentsTable>;
const _everyCardColumn: Exclude<keyof CardPaymentsTable, (typeof CARD_COLUMNS)[number]> extends never ? true : never = true;
void _everyCardColumn;

/**
 * Card payments joined with their instrument's brand and last four digits
 * (card-present/ lists through it too). The inner join is what leaves the rail
 * payments out: they have no instrument.
 */
export function withCard(db: Executor) {
  return db
    .selectFrom('payments')
    .innerJoin('instruments', 'instruments.id', 'payments.instrument_id')
    .select(CARD_COLUMNS.map((c) => `payments.${c}` as const))
    .select(['instruments.brand as card_brand', 'instruments.last_four as last_four'])
    .$narrowType<{ instrument_id: string; capture_mode: PaymentRow['capture_mode']; status: PaymentRow['status'] }>();
}

const findPaymentQuery = preparedQuery(
  (db: Executor, organizationId: string, id: string) => withCard(db).where('payments.id', '=', id).where('payments.organization_id', '=', organizationId),
  { grouped: true },
);

/** One of the organization's card payments (the hottest read: compiled once). */
export async function findPayment(db: Executor, organizationId: string, id: string): Promise<PaymentWithCard | undefined> {
  return (await findPaymentQuery(db, organizationId, id))[0];
}

export function findPaymentById(db: Executor, id: string): Promise<PaymentWithCard | undefined> {
  return withCard(db).where('payments.id', '=', id).executeTakeFirst();
}

const findPaymentByOrderQuery = preparedQuery((db: Executor, organizationId: string, orderId: string) =>
  withCard(db).where('payments.organization_id', '=', organizationId).where('payments.order_id', '=', orderId),
);

export async function findPaymentByOrder(db: Executor, organizationId: string, orderId: string): Promise<PaymentWithCard | undefined> {
  return (await findPaymentByOrderQuery(db, organizationId, orderId))[0];
}

/** A payment about to be authorized: PENDING, nothing authorized, captured or refunded yet. */
export function pendingPayment(
  fields: Pick<PaymentRow, 'id' | 'organization_id' | 'order_id' | 'instrument_id' | 'amount' | 'currency' | 'description' | 'capture_mode' | 'created_at'> &
    Partial<PaymentRow>,
): PaymentRow {
  return {
    status: 'PENDING',
    response_code: null,
    approval_code: null,
    network_reference: null,
    amount_authorized: 0,
    amount_captured: 0,
    amount_refunded: 0,
    amount_refund_pending: 0,
    amount_disputed: 0,
    pending_action: 'authorize',
    authorized_at: null,
    captured_at: null,
    cancelled_at: null,
    updated_at: fields.created_at,
    merchant_id: null,
    point_of_sale_id: null,
    terminal_id: null,
    channel: 'ecommerce',
    entry_mode: null,
    fees: null,
    metadata: null,
    installments: 1,
    three_ds: null,
    return_url: null,
    ...fields,
  };
}

/** Inserts a payment row, and its metadata pairs in the index (lib/metadata.ts) when it has any. */
export async function insertPayment(db: Executor, row: PaymentRow): Promise<void> {
  await insertPaymentRow(db, row);
  if (row.metadata) await indexMetadata(db, row.organization_id, 'payment', row.id, metadataOf(row.metadata));
}
const insertPaymentRow: (db: Executor, row: PaymentRow) => Promise<void> = preparedInsert('payments', { deferrable: true });

/**
 * Compare-and-set: applies `changes` only while the payment is in one of
 * `from` states with the expected in-flight action. False when another request
 * or job got there first.
 */
export async function transitionPayment(
  db: Executor,
  id: string,
  guard: { status: PaymentRow['status'][]; pendingAction: PaymentRow['pending_action']; uncaptured?: boolean },
  changes: Partial<PaymentRow>,
): Promise<boolean> {
  if (changes.status) assertTransitions('card', guard.status, changes.status);
  let query = db
    .updateTable('payments')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', guard.status)
    .where('pending_action', guard.pendingAction === null ? 'is' : '=', guard.pendingAction);
  if (guard.uncaptured) query = query.where('captured_at', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The copy of a capture's fees (fees/apply.ts computes it) on the payment, in the capture's transaction. */
export async function setPaymentFees(db: Executor, id: string, fees: string | null): Promise<void> {
  await db.updateTable('payments').set({ fees }).where('id', '=', id).execute();
}

/** A row of the list: any method; a card payment's with its instrument's brand and last four digits. */
export type ListedPayment = Selectable<PaymentsTable> & { card_brand: string | null; last_four: string | null };

/**
 * The list and the search, of every method in one query (newest first, one
 * keyset): every filter ANDed; amounts already in minor units. A filter only
 * one method has (`instrument_id`, `merchant_id`, `rail_id`) matches no row
 * of the other, whose column is null.
 */
export function listPayments(
  db: Executor,
  organizationId: string,
  params: Omit<PaymentListQuery, 'status'> & {
    status?: PaymentsTable['status'];
    method?: PaymentMethod;
    rail_id?: string;
    currency?: string;
    order_id?: string;
    instrument_id?: string;
    amountGte?: number;
    amountLte?: number;
    metadata?: Metadata;
  },
): Promise<Page<ListedPayment>> {
  let query = db
    .selectFrom('payments')
    .leftJoin('instruments', 'instruments.id', 'payments.instrument_id')
    .selectAll('payments')
    .select(['instruments.brand as card_brand', 'instruments.last_four as last_four'])
    .where('payments.organization_id', '=', organizationId);
  if (params.method) query = query.where('payments.method', '=', params.method);
  if (params.rail_id) query = query.where('payments.rail_id', '=', params.rail_id);
  if (params.status) query = query.where('payments.status', '=', params.status);
  if (params.currency) query = query.where('payments.currency', '=', params.currency);
  if (params.order_id) query = query.where('payments.order_id', '=', params.order_id);
  if (params.instrument_id) query = query.where('payments.instrument_id', '=', params.instrument_id);
  if (params.amountGte !== undefined) query = query.where('payments.amount', '>=', params.amountGte);
  if (params.amountLte !== undefined) query = query.where('payments.amount', '<=', params.amountLte);
  if (params.merchant_id) query = query.where('payments.merchant_id', '=', params.merchant_id);
  if (params.point_of_sale_id) query = query.where('payments.point_of_sale_id', '=', params.point_of_sale_id);
  query = whereMetadata(query, db, 'payments.id', organizationId, 'payment', params.metadata);
  return paginate(query, { id: 'payments.id', createdAt: 'payments.created_at', kind: 'payment' }, params);
}
