/** Background work of alternative payments: expiry, the sandbox mock, the bank's processing. */
import type { JobRunner } from '../../jobs/runner.js';
import { RAIL_START_JOB } from './remote-rails.js';
import { APM_JOBS, MOCK_OTP, type AlternativePaymentService, type Outcome } from './service.js';

interface Payload {
  payment_id: string;
  outcome?: Outcome | 'pending';
}

export function registerApmJobs(runner: JobRunner, apm: AlternativePaymentService): void {
  // Not finished within its rail's validity: DECLINED / REJECTED (spec section 3), also after a restart.
  runner.register(APM_JOBS.expire, async ({ payload }) => {
    const id = (payload as Payload).payment_id;
    // Served by a connector account: cancelled at the processor first (or approved, if the customer paid meanwhile).
    const row = apm.remote ? await apm.findById(apm.db, id) : undefined;
    if (row?.network_reference && apm.remote && !(await apm.remote.atExpiry(apm, row))) return;
    await apm.finish(id, 'expire');
  });

  // A connector account's processor whose answer to the start was never recorded (a timeout, a crash): asked again with the same key.
  runner.register(RAIL_START_JOB, async ({ payload }) => {
    const row = await apm.findById(apm.db, (payload as Payload).payment_id);
    if (row && apm.remote) await apm.remote.recover(apm, row);
  });

  runner.register(APM_JOBS.bankSettle, async ({ payload }) => {
    const { payment_id, outcome } = payload as Payload;
    await apm.finish(payment_id, outcome === undefined || outcome === 'pending' ? 'approve' : outcome);
  });

  // The sandbox plays the customer as the rail's definition says: types the mock OTP, approves on the bank's page, or the rail decides.
  runner.register(APM_JOBS.mockCustomer, async ({ payload }) => {
    const { payment_id, outcome = 'approve' } = payload as Payload;
    const row = await apm.findById(apm.db, payment_id);
    if (!row || row.status !== 'IN_PROGRESS') return;
    const customer = apm.methods.rail(row.rail_id)?.sandbox?.customer;
    if (customer === 'otp' && outcome === 'approve') await apm.confirm(row.organization_id, row.id, MOCK_OTP);
    // The customer left the bank's page without deciding: declined as abandoned while it still waits for them.
    else if (outcome === 'abandon') await apm.abandon(row.id);
    else if (customer === 'bank-page' && outcome !== 'fail') await apm.bankProcessing(row.id, outcome);
    else await apm.finish(row.id, outcome === 'pending' ? 'approve' : outcome);
  });
}
