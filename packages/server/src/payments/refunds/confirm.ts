/**
 * The later looks at a SUCCEEDED refund (`refund.confirm`). A processor can
 * fail a card refund after it succeeded: Stripe's `succeeded` → `failed` when
 * the issuer sends the money back (a closed or replaced card), the money back
 * in the merchant's balance. Its notification (`refund.failed`, notified.ts)
 * ends the refund REJECTED; when that notification is lost for good (the
 * endpoint down past the processor's retries: Stripe retries for three days),
 * the refund stayed SUCCEEDED although the cardholder never got the money.
 *
 * So each SUCCEEDED refund is read again by the processor's id of it, through
 * the account its payment went to (`refundOf` of the card-network port),
 * `REFUND_CONFIRM_AFTER_SECONDS` after it succeeded: four days (past Stripe's
 * retries), then thirty. Failed meanwhile, it ends as the notification would
 * have ended it (finish.ts `failSucceededRefund`). The sandbox's simulator
 * answers these looks too: its refunds-fail-later test card's refunds are
 * found failed (docs/sandbox.md). A refund without the processor's id of it
 * (the simulator's from before it gave one), or whose connector cannot look
 * refunds up, is not looked at.
 * The first look is enqueued by the reaction to `refund.succeeded`, in the
 * transaction that records it. The looks are sandbox timers of the refund's
 * organization: its test clock's advance runs them (test-clocks/service.ts),
 * so a merchant sees a refund fail without waiting four days.
 */
import { clockAt, type RealClock } from '../../clock/clock.js';
import type { CardNetworkConnector } from '../../connectors/card-network/connector.js';
import type { Db, Executor } from '../../db/database.js';
import type { Reaction } from '../../events/store.js';
import { enqueueJob } from '../../jobs/store.js';
import { findPaymentById } from '../store.js';
import { failSucceededRefund } from './finish.js';
import type { RefundRow } from './service.js';

export const REFUND_CONFIRM_JOB = 'refund.confirm';

const DAY_SECONDS = 86_400;

/** When a SUCCEEDED refund is read again, counted from when it succeeded. */
export const REFUND_CONFIRM_AFTER_SECONDS = [4 * DAY_SECONDS, 30 * DAY_SECONDS] as const;

/** The job's payload: the refund, and which of the looks this is (0: the first). */
export interface RefundConfirmPayload {
  refund_id: string;
  look?: number;
}

/** Look `look` at the refund of `organizationId`, `delaySeconds` from now; one waiting per refund. */
function scheduleLook(
  db: Executor,
  refund: { id: string; organizationId: string },
  look: number,
  delaySeconds: number,
  clock: RealClock,
): Promise<string | null> {
  const payload: RefundConfirmPayload = { refund_id: refund.id, look };
  return enqueueJob(
    db,
    {
      type: REFUND_CONFIRM_JOB,
      payload,
      delaySeconds,
      dedupeKey: `${REFUND_CONFIRM_JOB}:${refund.id}`,
      organizationId: refund.organizationId,
    },
    clock,
  );
}

/** The first look at every refund that succeeded, in the transaction of its `refund.succeeded`. */
export const confirmLater: Reaction = {
  name: 'refunds.confirm-later',
  types: ['refund.succeeded'],
  async run(db, event) {
    const id = (event.data as { refund?: { id?: string } }).refund?.id;
    if (id) await scheduleLook(db, { id, organizationId: event.organization_id }, 0, REFUND_CONFIRM_AFTER_SECONDS[0], clockAt(event.created_at));
  },
};

export interface RefundConfirmDeps {
  db: Db;
  network: CardNetworkConnector;
  clock: RealClock;
}

/** One look at a refund that is SUCCEEDED: failed at the processor since, it ends REJECTED; otherwise the next look, if any. */
export async function confirmRefund(deps: RefundConfirmDeps, refund: RefundRow, look: number): Promise<void> {
  const upstream = refund.network_reference;
  if (!upstream || !deps.network.refundOf) return;
  const payment = await findPaymentById(deps.db, refund.payment_id);
  if (!payment) return;
  const result = await deps.network.refundOf({ networkReference: payment.network_reference ?? '', refundReference: upstream });
  // Its connector cannot look refunds up.
  if (!result) return;
  if (result.outcome === 'rejected') {
    const now = deps.clock.realIso();
    // Ended meanwhile by the processor's notification: nothing more.
    await deps.db.transaction().execute((trx) => failSucceededRefund(trx, refund, result.responseCode, now, deps.clock));
    return;
  }
  const after = REFUND_CONFIRM_AFTER_SECONDS[look];
  const next = REFUND_CONFIRM_AFTER_SECONDS[look + 1];
  if (after !== undefined && next !== undefined)
    await scheduleLook(deps.db, { id: refund.id, organizationId: refund.organization_id }, look + 1, next - after, deps.clock);
}
