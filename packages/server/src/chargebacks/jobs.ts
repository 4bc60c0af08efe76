/**
 * Background work of chargebacks, through the durable job table: the expiry
 * of an OPEN chargeback at its `respond_by` (LOST), enqueued where the
 * chargeback is opened (inbound.ts), and the network's decision on
 * a DISPUTED one, enqueued in the dispute's transaction. Until one runs the
 * dispute's money is held and the merchant sees it undecided, so each keeps
 * trying for about a week (SETTLING_JOB_ATTEMPTS); a chargeback gone or
 * answered meanwhile ends the job, and so does a network that is not asked
 * for its decision (connectors/card-network/connector.ts `decideDispute`).
 */
import type { RealClock } from '../clock/clock.js';
import type { Executor } from '../db/database.js';
import type { JobRunner } from '../jobs/runner.js';
import { enqueueJob } from '../jobs/store.js';
import type { ChargebackService } from './service.js';

export const CHARGEBACK_JOBS = {
  expire: 'chargeback.expire',
  decide: 'chargeback.decide',
} as const;

/** Call inside the transaction that opens the chargeback (`clock`: the gateway's; see enqueueJob). */
export async function enqueueChargebackExpiry(
  trx: Executor,
  organizationId: string,
  chargebackId: string,
  delaySeconds: number,
  clock: RealClock,
): Promise<void> {
  await enqueueJob(
    trx,
    {
      type: CHARGEBACK_JOBS.expire,
      payload: { chargeback_id: chargebackId },
      delaySeconds,
      dedupeKey: `${CHARGEBACK_JOBS.expire}:${chargebackId}`,
      organizationId,
    },
    clock,
  );
}

/** Call inside the dispute's transaction. */
export async function enqueueChargebackDecision(
  trx: Executor,
  organizationId: string,
  chargebackId: string,
  delaySeconds: number,
  clock: RealClock,
): Promise<void> {
  await enqueueJob(
    trx,
    {
      type: CHARGEBACK_JOBS.decide,
      payload: { chargeback_id: chargebackId },
      delaySeconds,
      dedupeKey: `${CHARGEBACK_JOBS.decide}:${chargebackId}`,
      organizationId,
    },
    clock,
  );
}

function chargebackId(payload: unknown): string {
  return String((payload as { chargeback_id?: unknown }).chargeback_id);
}

export function registerChargebackJobs(runner: JobRunner, chargebacks: ChargebackService): void {
  // A chargeback answered meanwhile (accepted, disputed) is left alone.
  runner.register(CHARGEBACK_JOBS.expire, async ({ payload }) => {
    await chargebacks.expire(chargebackId(payload));
  });
  // Asks the network for its decision and records WON or LOST; a chargeback decided meanwhile is left alone.
  runner.register(CHARGEBACK_JOBS.decide, async ({ payload }) => {
    await chargebacks.decide(chargebackId(payload));
  });
}
