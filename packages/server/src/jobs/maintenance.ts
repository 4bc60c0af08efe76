/**
 * The recurring clean-up job: expired idempotency keys, tokens, rate-limit rows,
 * finished jobs, hosted-checkout card attempts older than a day, encryption keys past their grace period, and what features register (the dashboard's ended sessions and spent links). One instance waits in the table at a time (dedupe key),
 * whichever process runs it schedules the next.
 */
import type { Db } from '../db/database.js';
import { deleteExpiredKeys } from '../idempotency/store.js';
import { deleteExpiredTokens } from '../auth/tokens.store.js';
import { isoAfterSeconds, nowIso } from '../lib/time.js';
import { deleteFinishedJobs, enqueueJob } from './store.js';
import type { JobRunner } from './runner.js';
import type { EncryptionKeyService } from '../encryption-keys/service.js';
import { purgeCardAttempts } from '../links/card-attempts.js';

export const MAINTENANCE_JOB = 'maintenance.purge_expired';
const EVERY_SECONDS = 3600;

export function scheduleMaintenance(db: Db, delaySeconds = 60): Promise<string | null> {
  return enqueueJob(db, { type: MAINTENANCE_JOB, delaySeconds, dedupeKey: MAINTENANCE_JOB });
}

/** `more`: clean-ups features register (the dashboard's ended sessions and spent links), run after these. */
export function registerMaintenance(runner: JobRunner, db: Db, encryptionKeys: EncryptionKeyService, more: Array<() => Promise<unknown>> = []): void {
  runner.register(MAINTENANCE_JOB, async ({ job }) => {
    await deleteExpiredKeys(db, nowIso());
    await deleteExpiredTokens(db, Math.floor(Date.now() / 1000) - 86400);
    await db.deleteFrom('rate_limits').where('expire', '<', Date.now() - 3_600_000).execute();
    await deleteFinishedJobs(db, isoAfterSeconds(-7 * 86400));
    await purgeCardAttempts(db);
    await encryptionKeys.retireExpired();
    for (const purge of more) await purge();
    // The recurring instance schedules its successor; jobs enqueued by hand do not.
    if (job.dedupe_key === MAINTENANCE_JOB) await scheduleMaintenance(db, EVERY_SECONDS);
  });
}
