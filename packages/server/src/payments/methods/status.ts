/**
 * The states of a payment, per method family, and the moves between them
 * (spec section 3): the one place that says which transition is allowed. The
 * code that moves a payment asks here; the database's compare-and-set (the
 * `where status in (...)` of every update) is built from these lists, so a
 * race between two movers is still decided by the database.
 *
 * - card: PENDING while the network has not answered; AUTHORIZED (manual
 *   capture) or APPROVED (captured, or about to be); REJECTED; CANCELLED
 *   (voided or reversed before capture); REFUNDED once everything captured
 *   came back, APPROVED again if a refund of it fails after it succeeded.
 *   AUTHORIZED -> AUTHORIZED is an adjustment, APPROVED -> APPROVED a capture
 *   or a partial refund.
 * - rail: IN_PROGRESS until the rail (or the expiry) finishes it, once:
 *   APPROVED, DECLINED or FAILED. Its `status_detail` says where it is:
 *   PENDING (waiting for the customer), PENDING_PROVIDER (the customer
 *   approved, the bank is processing), then SUCCESS or REJECTED.
 */
import type { ApmStatus, ApmStatusDetail, CardPaymentStatus, PaymentMethod } from '../../db/schema.js';

export const CARD_TRANSITIONS: Readonly<Record<CardPaymentStatus, readonly CardPaymentStatus[]>> = {
  PENDING: ['PENDING', 'AUTHORIZED', 'APPROVED', 'REJECTED'],
  AUTHORIZED: ['AUTHORIZED', 'APPROVED', 'CANCELLED'],
  APPROVED: ['APPROVED', 'CANCELLED', 'REFUNDED'],
  REJECTED: [],
  CANCELLED: [],
  // A refund the network paid can fail afterwards (payments/refund-failures.ts): not refunded in full any more.
  REFUNDED: ['APPROVED'],
};

export const RAIL_TRANSITIONS: Readonly<Record<ApmStatus, readonly ApmStatus[]>> = {
  IN_PROGRESS: ['IN_PROGRESS', 'APPROVED', 'DECLINED', 'FAILED'],
  APPROVED: [],
  DECLINED: [],
  FAILED: [],
};

/** The status_detail a rail payment may have in each status. */
export const RAIL_DETAILS: Readonly<Record<ApmStatus, readonly ApmStatusDetail[]>> = {
  IN_PROGRESS: ['PENDING', 'PENDING_PROVIDER'],
  APPROVED: ['SUCCESS'],
  DECLINED: ['REJECTED'],
  FAILED: ['REJECTED'],
};

export type StatusOf<M extends PaymentMethod> = M extends 'card' ? CardPaymentStatus : ApmStatus;

const TRANSITIONS: { [M in PaymentMethod]: Readonly<Record<StatusOf<M>, readonly StatusOf<M>[]>> } = { card: CARD_TRANSITIONS, rail: RAIL_TRANSITIONS };

export const CARD_STATUSES = Object.keys(CARD_TRANSITIONS) as CardPaymentStatus[];
export const RAIL_STATUSES = Object.keys(RAIL_TRANSITIONS) as ApmStatus[];

/** Whether a payment of `method` may go from `from` to `to`. */
export function canTransition<M extends PaymentMethod>(method: M, from: StatusOf<M>, to: StatusOf<M>): boolean {
  const table = TRANSITIONS[method] as Readonly<Record<string, readonly string[]>>;
  return table[from]?.includes(to) ?? false;
}

/** The statuses a payment of `method` may reach `to` from: the guard of a compare-and-set. */
export function statusesBefore<M extends PaymentMethod>(method: M, to: StatusOf<M>): StatusOf<M>[] {
  const table = TRANSITIONS[method] as Readonly<Record<string, readonly string[]>>;
  return Object.keys(table).filter((from) => table[from]!.includes(to)) as StatusOf<M>[];
}

/** A final status: nothing moves the payment any more. */
export function isFinal<M extends PaymentMethod>(method: M, status: StatusOf<M>): boolean {
  const table = TRANSITIONS[method] as Readonly<Record<string, readonly string[]>>;
  return (table[status]?.length ?? 0) === 0;
}

/**
 * Throws when a mover asks for a transition the table does not allow from
 * one of the statuses its guard accepts: a programming error, caught by the
 * tests, never a state a request can reach.
 */
export function assertTransitions<M extends PaymentMethod>(method: M, from: readonly StatusOf<M>[], to: StatusOf<M>): void {
  const wrong = from.filter((status) => !canTransition(method, status, to));
  if (wrong.length > 0) throw new Error(`a ${method} payment cannot go from ${wrong.join(', ')} to ${to}`);
}

/** The method family of a status filter (`GET /v1/payments?status=`): APPROVED is both. */
export function methodsWithStatus(status: string): PaymentMethod[] {
  return (['card', 'rail'] as const).filter((method) => status in TRANSITIONS[method]);
}
