/**
 * The recurring clean-up job: rate-limit rows, finished jobs, and the clean-ups the
 * wiring and the features add (expired idempotency keys from app.ts, expired tokens from auth/module.ts, encryption keys past
 * their grace period, hosted-checkout card attempts older than a day, the dashboard's ended
 * sessions and spent one-time links, checkout sessions past CHECKOUT_SESSION_RETENTION_DAYS, webhook attempts' bodies
 * past WEBHOOK_ATTEMPT_BODY_RETENTION_DAYS and finished deliveries past WEBHOOK_DELIVERY_RETENTION_DAYS). One instance waits in the
 * table at a time (dedupe key), whichever process runs it schedules the next.
 */
import type { RealClock } from '../clock/clock.js';
import type { Db } from '../db/database.js';
import { isoPlusSeconds } from '../lib/time.js';
import { BRIEF_JOB_ATTEMPTS, deleteFinishedJobs, enqueueJob } from './store.js';
import type { JobRunner } from './runner.js';

export const MAINTENANCE_JOB = 'maintenance.purge_expired';
const EVERY_SECONDS = 3600;

export function scheduleMaintenance(db: Db, clock: RealClock, delaySeconds = 60): Promise<string | null> {
  return enqueueJob(db, { type: MAINTENANCE_JOB, delaySeconds, dedupeKey: MAINTENANCE_JOB, maxAttempts: BRIEF_JOB_ATTEMPTS }, clock);
}

/**
 * A clean-up a feature adds to the hourly job (its module pushes it on `ctx.maintenance`, http/module.ts);
 * `now` is the real time in epoch milliseconds, read once from the gateway's clock for the whole run.
 */
export type MaintenanceTask = (db: Db, now: number) => Promise<unknown>;

export function registerMaintenance(runner: JobRunner, db: Db, tasks: readonly MaintenanceTask[], clock: RealClock): void {
  runner.register(MAINTENANCE_JOB, async ({ job }) => {
    const now = clock.realNow();
    await db
      .deleteFrom('rate_limits')
      .where('expire', '<', now - 3_600_000)
      .execute();
    await deleteFinishedJobs(db, isoPlusSeconds(now, -7 * 86400));
    for (const task of tasks) await task(db, now);
    // The recurring instance schedules its successor; jobs enqueued by hand do not.
    if (job.dedupe_key === MAINTENANCE_JOB) await scheduleMaintenance(db, clock, EVERY_SECONDS);
  });
}
