/**
 * The durable job table. `enqueueJob` takes the caller's transaction, so a job
 * is written in the same commit as the state change that needs it (outbox).
 */
import type { DatabaseKind } from '../config/config.js';
import type { Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { preparedInsert } from '../db/prepared.js';
import type { JobsTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { isoAfterSeconds, nowIso } from '../lib/time.js';

export type JobRow = JobsTable;

export interface NewJob {
  type: string;
  payload?: unknown;
  /** Seconds from now; 0 (default) means as soon as a runner is free. */
  delaySeconds?: number;
  maxAttempts?: number;
  /** At most one pending job with this key; a second enqueue is a no-op. */
  dedupeKey?: string;
}

// A job without a dedupe key may go with its transaction's other inserts (db/postgres-client.ts);
// one with a key is sent at once, because its unique violation is caught here.
const insertJob = preparedInsert('jobs', { deferrable: true });
const insertDedupedJob = preparedInsert('jobs');

/** Returns the new job's id, or null when a job with the same dedupe key is already waiting. */
export async function enqueueJob(db: Executor, job: NewJob): Promise<string | null> {
  const now = nowIso();
  const id = newId('job');
  try {
    await (job.dedupeKey ? insertDedupedJob : insertJob)(db, {
        id,
        type: job.type,
        payload: JSON.stringify(job.payload ?? {}),
        status: 'pending',
        dedupe_key: job.dedupeKey ?? null,
        run_at: isoAfterSeconds(job.delaySeconds ?? 0),
        attempts: 0,
        max_attempts: job.maxAttempts ?? 10,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      });
    return id;
  } catch (error) {
    if (job.dedupeKey && isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Claims up to `limit` due jobs of the given types for `worker`: pending ones whose time has come,
 * and running ones whose lease ran out (their process died). On PostgreSQL the
 * candidate rows are locked with FOR UPDATE SKIP LOCKED, so concurrent runners
 * in other processes each get different jobs; on SQLite the single UPDATE is
 * atomic (one writer at a time).
 */
export async function claimJobs(
  db: Executor,
  dialect: DatabaseKind,
  worker: string,
  options: { types: string[]; limit: number; leaseSeconds: number },
): Promise<JobRow[]> {
  const { limit, leaseSeconds } = options;
  if (options.types.length === 0) return [];
  const now = nowIso();
  let candidates = db
    .selectFrom('jobs')
    .select('id')
    // Only the types this process can run (during a rolling upgrade, versions differ).
    .where('type', 'in', options.types)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
      ]),
    )
    .orderBy('run_at')
    .limit(limit);
  if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: worker,
      locked_until: isoAfterSeconds(leaseSeconds),
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', candidates)
    .returningAll()
    .execute();
}

/** Marks a claimed job done; false when this worker no longer holds it. */
export async function completeJob(db: Executor, id: string, worker: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'completed', locked_until: null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Schedules another attempt after `retryInSeconds`, or fails the job for good. */
export async function failJob(db: Executor, job: JobRow, worker: string, error: string, retryInSeconds: number | null): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: retryInSeconds === null ? 'failed' : 'pending',
      run_at: retryInSeconds === null ? job.run_at : isoAfterSeconds(retryInSeconds),
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      updated_at: nowIso(),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .execute();
}

export async function deleteFinishedJobs(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', 'completed')
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findJob(db: Executor, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}
