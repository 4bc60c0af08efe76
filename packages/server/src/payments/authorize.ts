/**
 * The one authorize path of card payments, e-commerce (service.ts) and
 * card-present (card-present/) alike: `order_id` is the charge's idempotency
 * key (`sameOrder`, `paymentOfOrder`), and `authorizeAndRecord` inserts the
 * screened payment (screened.ts), asks the network and records its answer
 * (lifecycle.ts). The callers check their own input, screen the payment with
 * fraud/ and build the row; everything from the insert on happens here, in
 * payments/, the owner of the row.
 */
import type { Db, Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import type { AuthorizeRequest, CardNetworkConnector } from '../connectors/card-network/connector.js';
import { recordFraudOutcome, type Decision } from '../fraud/service.js';
import { paymentEventData, type PaymentLifecycle } from './lifecycle.js';
import { insertScreenedPayment } from './screened.js';
import { findPayment, findPaymentByOrder, insertPayment, type PaymentRow, type PaymentWithCard } from './store.js';
import { copyWith } from '../lib/objects.js';
import { authenticatedWith } from './three-ds-view.js';

/**
 * What a retry must repeat to be the same charge: the amount and currency, and
 * the instrument (e-commerce) or the terminal (card-present), whichever is given,
 * the number of installments and whether it is captured at once (e-commerce).
 */
export interface OrderTerms {
  orderId: string;
  minor: number;
  currency: string;
  instrumentId?: string;
  terminalId?: string;
  installments?: number;
  captureMode?: 'automatic' | 'manual';
}

/** The same order_id must mean the same charge: the first payment, or 409 `order_id_conflict`. */
export function sameOrder(existing: PaymentWithCard, terms: OrderTerms): PaymentWithCard {
  const differs = [
    Number(existing.amount) !== terms.minor || existing.currency !== terms.currency ? 'amount or currency' : '',
    terms.instrumentId !== undefined && existing.instrument_id !== terms.instrumentId ? 'instrument' : '',
    terms.terminalId !== undefined && existing.terminal_id !== terms.terminalId ? 'terminal' : '',
    terms.installments !== undefined && Number(existing.installments) !== terms.installments ? 'number of installments' : '',
    terms.captureMode !== undefined && existing.capture_mode !== terms.captureMode ? 'capture setting' : '',
  ].filter(Boolean);
  if (differs.length > 0)
    throw new ApiError('order_id_conflict', `order_id ${terms.orderId} was already used for a payment with another ${differs.join(' and ')}.`);
  return existing;
}

/** A retry of an order already charged: the first payment, whatever state it is in (409 if the terms differ). */
export async function paymentOfOrder(db: Executor, organizationId: string, terms: OrderTerms): Promise<PaymentWithCard | undefined> {
  const existing = await findPaymentByOrder(db, organizationId, terms.orderId);
  return existing && sameOrder(existing, terms);
}

export interface AuthorizeOptions {
  terms: OrderTerms;
  /** The instrument's brand and last four digits, for the answer of an in-database authorization (no re-read). */
  instrument: { brand: string; last_four: string };
  /** Run in the insert transaction (e.g. claiming a payment link or an instruction). */
  onCreate?: (trx: Executor, paymentId: string) => Promise<void>;
  /**
   * Ask a network that lives in this database (the simulator's
   * `authorizeWithin`) inside the insert transaction, when it offers that.
   * E-commerce payments do; card-present ones always take the two steps.
   */
  withinTransaction: boolean;
}

/**
 * Inserts a screened card payment, asks the network and records the answer.
 * A payment the fraud rules declined is inserted REJECTED and no network is
 * asked. A remote network is asked after the insert (claimed for `authorize`,
 * with its recovery job), and `PaymentLifecycle.recordAuthorization` records
 * its answer. A network in this database answers inside the insert
 * transaction: payment, answer, event and next job committed together. Losing
 * the race for the order_id answers the winner's payment (`created: false`).
 */
export async function authorizeAndRecord(
  deps: { db: Db; network: CardNetworkConnector; lifecycle: PaymentLifecycle },
  row: PaymentRow,
  fraud: Decision,
  card: AuthorizeRequest['card'],
  options: AuthorizeOptions,
): Promise<{ payment: PaymentWithCard; created: boolean }> {
  const { db, network, lifecycle } = deps;
  const declined = fraud.decision === 'decline';
  const request: AuthorizeRequest = {
    reference: row.id,
    organizationId: row.organization_id,
    amount: Number(row.amount),
    currency: row.currency,
    card,
    installments: Number(row.installments),
    channel: row.channel,
    ...authenticatedWith(row),
  };
  const reread = async () => (await findPayment(db, row.organization_id, row.id))!;
  try {
    const authorizeWithin = network.withinFor ? await network.withinFor(request) : network.authorizeWithin?.bind(network);
    if (options.withinTransaction && authorizeWithin && !declined) {
      const payment = await db.transaction().execute(async (trx) => {
        const result = await authorizeWithin(trx, request);
        const now = row.created_at;
        const { changes, event } = lifecycle.authorizationOutcome(row, result, now);
        const answered: PaymentRow = copyWith(row, changes, { network_reference: result.networkReference, pending_action: null });
        await insertPayment(trx, answered);
        await options.onCreate?.(trx, row.id);
        await lifecycle.afterAuthorization(trx, answered, result, event, { first: true, now });
        await recordFraudOutcome(trx, answered, fraud, () => paymentEventData(answered), lifecycle.clock);
        return answered;
      });
      return { payment: copyWith(payment, { card_brand: options.instrument.brand, last_four: options.instrument.last_four }), created: true };
    }
    // A remote network: record the intent (and its recovery job) before calling it; or a
    // payment the fraud rules declined, recorded REJECTED without calling any network.
    await db.transaction().execute((trx) => insertScreenedPayment(trx, row, fraud, lifecycle.clock, options.onCreate));
  } catch (error) {
    return { payment: await orderRaceWinner(db, row.organization_id, options.terms, error), created: false };
  }
  if (declined) return { payment: await reread(), created: true };
  const result = await network.authorize(request);
  await lifecycle.recordAuthorization(row, result);
  return { payment: await reread(), created: true };
}

/**
 * The insert of a new payment failed: when it lost the race for its order_id,
 * the winner's payment is the answer (409 if the terms differ, or if the
 * order's payment is a rail payment); any other error is thrown again.
 */
export async function orderRaceWinner(db: Db, organizationId: string, terms: OrderTerms, error: unknown): Promise<PaymentWithCard> {
  if (!isUniqueViolation(error)) throw error;
  const winner = await findPaymentByOrder(db, organizationId, terms.orderId);
  if (!winner) {
    // order_id is one charge across every method: the order's payment is a rail payment.
    const other = await db
      .selectFrom('payments')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('order_id', '=', terms.orderId)
      .executeTakeFirst();
    if (other) throw new ApiError('order_id_conflict', `order_id ${terms.orderId} was already used for an alternative payment.`);
    throw error;
  }
  return sameOrder(winner, terms);
}
