/**
 * The durable job table. `enqueueJob` takes the caller's transaction, so a job
 * is written in the same commit as the state change that needs it (outbox).
 */
import { sql, type RawBuilder } from 'kysely';
import type { DatabaseKind } from '../config/config.js';
import type { Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/database.js';
import { preparedInsert } from '../db/prepared.js';
import type { JobsTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import type { RealClock } from '../clock/clock.js';
import { isoPlusSeconds } from '../lib/time.js';

export type JobRow = JobsTable;

/**
 * A job's attempts unless it names its own (`NewJob.maxAttempts`): the runner's backoff reaches
 * an hour between attempts after about 12 of them (an hour and ten minutes in all), so a job keeps
 * being tried for about a week before it is marked `failed`. Most jobs settle money, or a state a
 * merchant waits on (a payment's or refund's recovery, an automatic capture, an expiry, a
 * settlement run, a payout's arrival, a chargeback's deadline): with 10 attempts, a processor
 * unreachable, a database down or a bug a deploy fixes for 17 minutes left it in between for good.
 * A handler whose work can never succeed (its row gone, nothing left to ask) returns instead of
 * throwing, so that it is not retried for a week.
 */
export const SETTLING_JOB_ATTEMPTS = 180;

/** The attempts of a job whose failure leaves nothing in between: the hourly maintenance, a sandbox simulation, a merchant's callback. */
export const BRIEF_JOB_ATTEMPTS = 10;

export interface NewJob {
  type: string;
  payload?: unknown;
  /** Seconds from now; 0 (default) means as soon as a runner is free. */
  delaySeconds?: number;
  /** Runs before the job is marked `failed`: SETTLING_JOB_ATTEMPTS unless given (BRIEF_JOB_ATTEMPTS, a delivery's own limit). */
  maxAttempts?: number;
  /** At most one pending job with this key; a second enqueue is a no-op. */
  dedupeKey?: string;
  /**
   * The organization whose sandbox clock moves this job (a sandbox timer:
   * automatic capture, expiries, the rail mock, webhook retries...). A test
   * clock advance (clock/) runs it when the organization's time reaches it.
   * Left out for work no clock moves (maintenance, crash recovery).
   */
  organizationId?: string;
}

// A job without a dedupe key may go with its transaction's other inserts (db/postgres-client.ts);
// one with a key is sent at once, because its unique violation is caught here.
const insertJob = preparedInsert('jobs', { deferrable: true });
const insertDedupedJob = preparedInsert('jobs');

/**
 * The statement that enqueues one job per row of `rows` (a query with the text
 * columns `id` and `payload`), due at once, as enqueueJob would for each row:
 * for a fan-out whose rows are in the database, written as one
 * `INSERT ... SELECT` (with preparedStatement, deferrable) instead of a read
 * and an insert per row. `now` and `organizationId` are parameters; the
 * type and the attempts are constants of the statement.
 */
export function insertJobsPerRow(
  job: { type: string; maxAttempts: number },
  rows: RawBuilder<unknown>,
  now: unknown,
  organizationId: unknown,
): RawBuilder<unknown> {
  return sql`insert into jobs (id, type, payload, status, run_at, attempts, max_attempts, created_at, updated_at, organization_id)
    select r.id, ${sql.lit(job.type)}, r.payload, 'pending', cast(${now} as text), 0, ${sql.lit(job.maxAttempts)}, cast(${now} as text), cast(${now} as text), cast(${organizationId} as text) from (${rows}) as r`;
}

/**
 * Returns the new job's id, or null when a job with the same dedupe key is already waiting.
 * `clock`: the gateway's (the job's `run_at` is real time).
 */
export async function enqueueJob(db: Executor, job: NewJob, clock: RealClock): Promise<string | null> {
  const nowMs = clock.realNow();
  const now = isoPlusSeconds(nowMs, 0);
  const id = newId('job');
  try {
    await (job.dedupeKey ? insertDedupedJob : insertJob)(db, {
      id,
      type: job.type,
      payload: JSON.stringify(job.payload ?? {}),
      status: 'pending',
      dedupe_key: job.dedupeKey ?? null,
      run_at: job.delaySeconds ? isoPlusSeconds(nowMs, job.delaySeconds) : now,
      attempts: 0,
      max_attempts: job.maxAttempts ?? SETTLING_JOB_ATTEMPTS,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      organization_id: job.organizationId ?? null,
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
  options: { types: string[]; limit: number; leaseSeconds: number; skipOrganizations?: string[] },
  clock: RealClock,
): Promise<JobRow[]> {
  const { limit, leaseSeconds } = options;
  const skip = options.skipOrganizations ?? [];
  if (options.types.length === 0) return [];
  const nowMs = clock.realNow();
  const now = isoPlusSeconds(nowMs, 0);
  let candidates = db
    .selectFrom('jobs')
    .select('id')
    // Only the types this process can run (during a rolling upgrade, versions differ).
    .where('type', 'in', options.types)
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]),
    )
    // Organizations whose test clock this process is advancing: the advance runs their jobs itself.
    .$if(skip.length > 0, (qb) => qb.where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', 'not in', skip)])))
    .orderBy('run_at')
    .limit(limit);
  if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: worker,
      locked_until: isoPlusSeconds(nowMs, leaseSeconds),
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', candidates)
    .returningAll()
    .execute();
}

/** Marks a claimed job done; false when this worker no longer holds it. */
export async function completeJob(db: Executor, id: string, worker: string, clock: RealClock): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'completed', locked_until: null, updated_at: clock.realIso() })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Schedules another attempt after `retryInSeconds`, or fails the job for good. */
export async function failJob(db: Executor, job: JobRow, worker: string, error: string, retryInSeconds: number | null, clock: RealClock): Promise<void> {
  const nowMs = clock.realNow();
  await db
    .updateTable('jobs')
    .set({
      status: retryInSeconds === null ? 'failed' : 'pending',
      run_at: retryInSeconds === null ? job.run_at : isoPlusSeconds(nowMs, retryInSeconds),
      locked_by: null,
      locked_until: null,
      last_error: error.slice(0, 2000),
      updated_at: isoPlusSeconds(nowMs, 0),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .execute();
}

/** The organization's earliest pending job of the given types (clock/: the next one an advance may reach). */
export function nextOrganizationJob(db: Executor, organizationId: string, types: string[]): Promise<Pick<JobRow, 'id' | 'run_at'> | undefined> {
  return db
    .selectFrom('jobs')
    .select(['id', 'run_at'])
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'pending')
    .where('type', 'in', types)
    .orderBy('run_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Moves the organization's pending jobs `ms` milliseconds earlier: its clock
 * moved forward by as much (`run_at` stays in real time, so the runner's
 * claim needs no clock). Runs inside the transaction that moves the clock.
 */
export async function shiftOrganizationJobs(db: Executor, organizationId: string, ms: number): Promise<void> {
  if (ms === 0) return;
  const rows = await db.selectFrom('jobs').select(['id', 'run_at']).where('organization_id', '=', organizationId).where('status', '=', 'pending').execute();
  for (const row of rows) {
    await db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.parse(row.run_at) - ms).toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .execute();
  }
}

/**
 * Claims the organization's pending jobs due by `dueBy` for `worker`, like
 * `claimJobs` (same lease, same compare-and-set on the status), so the
 * background runner cannot take them too.
 */
export async function claimOrganizationJobs(
  db: Executor,
  dialect: DatabaseKind,
  worker: string,
  options: { organizationId: string; types: string[]; dueBy: string; leaseSeconds: number },
  clock: RealClock,
): Promise<JobRow[]> {
  if (options.types.length === 0) return [];
  const nowMs = clock.realNow();
  const now = isoPlusSeconds(nowMs, 0);
  let candidates = db
    .selectFrom('jobs')
    .select('id')
    .where('organization_id', '=', options.organizationId)
    .where('status', '=', 'pending')
    .where('run_at', '<=', options.dueBy)
    .where('type', 'in', options.types);
  if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
  const rows = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: worker,
      locked_until: isoPlusSeconds(nowMs, options.leaseSeconds),
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', candidates)
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
  return rows.sort((a, b) => (a.run_at < b.run_at ? -1 : a.run_at > b.run_at ? 1 : a.id < b.id ? -1 : 1));
}

/** Gives back jobs `worker` claimed and did not run: pending again, their attempt not counted. */
export async function releaseJobs(db: Executor, worker: string, ids: string[], clock: RealClock): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'pending', locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1), updated_at: clock.realIso() }))
    .where('id', 'in', ids)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .execute();
}

/** Extends the lease of the jobs `worker` holds among `ids` (an advance runs its jobs one after another). */
export async function renewLeases(db: Executor, worker: string, ids: string[], leaseSeconds: number, clock: RealClock): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ locked_until: isoPlusSeconds(clock.realNow(), leaseSeconds) })
    .where('id', 'in', ids)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .execute();
}

/** The organization's jobs running now under a live lease, in any process (this one's background runner included). */
export async function organizationJobsRunning(db: Executor, organizationId: string, clock: RealClock): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'running')
    .where('locked_until', '>', clock.realIso())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteFinishedJobs(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('status', '=', 'completed').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findJob(db: Executor, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}
