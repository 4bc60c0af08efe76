/**
 * The one door from payments/ into the job queue (jobs/store.ts). Every job a
 * card payment schedules passes here: its type, its delay, and whether it is a
 * sandbox timer (an advance of the payment's organization's test clock runs it:
 * a pending decision, an automatic capture, an authorization's expiry, a
 * challenge's expiry) or a recovery job (it finishes what a process that died
 * left, on real time only).
 */
import type { RealClock } from '../clock/clock.js';
import type { Executor } from '../db/database.js';
import { enqueueJob } from '../jobs/store.js';

export interface PaymentJob {
  type: string;
  delaySeconds: number;
  /** A sandbox timer of the payment's organization; a recovery job is not one. */
  timer: boolean;
  /** Said after the payment's id in the job's payload. */
  payload?: Record<string, unknown>;
}

/**
 * Puts `job` of `payment` in the queue, inside `trx`: the state change that needs it commits with it
 * or not at all. Each of them settles the payment's money (a decision, a capture, an expiry, a
 * recovery), so each keeps being tried while the processor cannot be reached (SETTLING_JOB_ATTEMPTS).
 */
export async function schedulePaymentJob(trx: Executor, clock: RealClock, payment: { id: string; organization_id: string }, job: PaymentJob): Promise<void> {
  const payload = { payment_id: payment.id, ...job.payload };
  await enqueueJob(
    trx,
    {
      type: job.type,
      payload,
      delaySeconds: job.delaySeconds,
      ...(job.timer ? { organizationId: payment.organization_id } : {}),
    },
    clock,
  );
}
