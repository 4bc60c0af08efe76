/**
 * Test clocks: `POST /v1/sandbox/clock/advance` moves one organization's
 * sandbox time forward and runs, in order, every job of that organization
 * the new time reaches (docs/sandbox.md "Test clocks").
 *
 * The advance steps: it finds the organization's earliest pending job; if the
 * target time reaches it, the clock moves to that job's time (and the
 * organization's other pending jobs move earlier by as much), the job is
 * claimed in the same transaction and run by the job runner's handler, and
 * the advance looks again, so jobs that a job enqueued run too if they fall
 * before the target. Each job sees the clock at its own time. Then the clock
 * moves to the target. Last, once the jobs of the organization that runners
 * held meanwhile have finished, what is due at the time reached runs too: a
 * job that was running as the clock moved may have scheduled another (a
 * settlement run its next run), which the move shifted with the others.
 */
import type { DatabaseKind } from '../config/config.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import type { JobOutcome, JobRunner } from '../jobs/runner.js';
import { claimOrganizationJobs, nextOrganizationJob, organizationJobsRunning, releaseJobs, renewLeases, shiftOrganizationJobs } from '../jobs/store.js';
import { readOffset, type SandboxClock } from '../clock/clock.js';

/** The longest single advance: a year and a day. */
export const MAX_ADVANCE_SECONDS = 366 * 86400;
/** At most this many jobs per advance, and for at most SANDBOX_CLOCK_ADVANCE_RUN_SECONDS; what is left runs in the background. */
const MAX_JOBS = 1000;
/** How long an advance waits for jobs of the organization another runner holds (at most until twice its run budget). */
const WAIT_ELSEWHERE_MS = 10_000;

export interface ClockView {
  offset_seconds: number;
  now: string;
}

export interface RanJob {
  id: string;
  type: string;
  /** What the job is about: the payment, link, chargeback, delivery... it names. */
  subject_id: string | null;
  /** When it was due, in the organization's time. */
  run_at: string;
  outcome: JobOutcome;
}

function subjectOf(payload: string): string | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    for (const [key, v] of Object.entries(value)) if (key.endsWith('_id') && typeof v === 'string') return v;
  } catch {
    // not JSON: no subject
  }
  return null;
}

export class ClockService {
  /** One advance at a time per organization in this process; across processes the offset's compare-and-set decides. */
  private readonly busy = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly dialect: DatabaseKind,
    private readonly clock: SandboxClock,
    private readonly runner: JobRunner,
    /** How long an advance runs jobs before it moves to its target and answers (SANDBOX_CLOCK_ADVANCE_RUN_SECONDS). */
    private readonly runMs: number,
  ) {}

  async view(organizationId: string): Promise<ClockView> {
    const offset = await readOffset(this.db, organizationId);
    this.clock.remember(organizationId, offset);
    return { offset_seconds: Math.round(offset / 1000), now: new Date(this.clock.realNow() + offset).toISOString() };
  }

  advance(organizationId: string, seconds: number): Promise<ClockView & { ran: RanJob[] }> {
    const previous = this.busy.get(organizationId) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        const release = this.runner.hold(organizationId);
        try {
          return await this.step(organizationId, seconds);
        } finally {
          release();
        }
      });
    this.busy.set(organizationId, run);
    void run
      .finally(() => {
        if (this.busy.get(organizationId) === run) this.busy.delete(organizationId);
      })
      .catch(() => undefined);
    return run;
  }

  private async step(organizationId: string, seconds: number): Promise<ClockView & { ran: RanJob[] }> {
    await this.db
      .insertInto('sandbox_clocks')
      .values({ organization_id: organizationId, offset_ms: 0, updated_at: this.clock.realIso() })
      .onConflict((oc) => oc.column('organization_id').doNothing())
      .execute();
    let offset = await readOffset(this.db, organizationId);
    const target = offset + seconds * 1000;
    const ran: RanJob[] = [];
    // Past it, the jobs still due are left to the background runner, so that the call answers
    // well before REQUEST_TIMEOUT_MS however much a long advance reaches (a year of webhook
    // retries to an endpoint that times out, say).
    const stopAt = this.clock.realNow() + this.runMs;
    offset = await this.moveAndRun(organizationId, offset, target, ran, stopAt);

    // Jobs of this organization other processes' runners took meanwhile (this process's runner leaves them
    // alone while the advance holds the organization, but may have taken one just before): answer when they are done too.
    // Within the run budget once more at most, so that the call answers before REQUEST_TIMEOUT_MS.
    // This process's own claims end as events; only another process's (PostgreSQL, several processes) are polled for.
    await this.runner.settled();
    const deadline = Math.min(this.clock.realNow() + WAIT_ELSEWHERE_MS, stopAt + this.runMs);
    while (this.clock.realNow() < deadline && (await organizationJobsRunning(this.db, organizationId, this.clock)) > 0) {
      await new Promise((r) => setTimeout(r, 25));
    }
    // What such a job scheduled before this advance moved the clock was shifted with the others and may be due
    // now (a settlement run's next run): it runs too, at the time reached.
    offset = await this.moveAndRun(organizationId, offset, offset, ran, stopAt);
    return { offset_seconds: Math.round(offset / 1000), now: new Date(this.clock.realNow() + offset).toISOString(), ran };
  }

  /** Moves the clock from `offset` to `target`, running each job it reaches on the way; answers the offset reached. */
  private async moveAndRun(organizationId: string, start: number, target: number, ran: RanJob[], stopAt: number): Promise<number> {
    const worker = this.runner.worker;
    const types = this.runner.types;
    const lease = this.runner.leaseSeconds;
    let offset = start;
    for (;;) {
      const realNow = this.clock.realNow();
      const remaining = target - offset;
      const next = ran.length < MAX_JOBS && realNow < stopAt ? await nextOrganizationJob(this.db, organizationId, types) : undefined;
      const due = next !== undefined && Date.parse(next.run_at) <= realNow + remaining;
      const delta = due ? Math.min(remaining, Math.max(0, Date.parse(next.run_at) - realNow)) : remaining;
      if (!due && delta === 0) break;
      const from = offset;
      const claimed = await this.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('sandbox_clocks')
          .set({ offset_ms: from + delta, updated_at: this.clock.realIso() })
          .where('organization_id', '=', organizationId)
          .where('offset_ms', '=', from)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1)
          throw new ApiError('conflict', "Another advance of this organization's clock is running; retry when it has answered.");
        await shiftOrganizationJobs(trx, organizationId, delta);
        return due
          ? claimOrganizationJobs(trx, this.dialect, worker, { organizationId, types, dueBy: new Date(realNow).toISOString(), leaseSeconds: lease }, this.clock)
          : [];
      });
      offset = from + delta;
      this.clock.remember(organizationId, offset);
      if (!due) break;
      const held = claimed.map((j) => j.id);
      for (const job of claimed) {
        if (this.clock.realNow() >= stopAt) break;
        await renewLeases(this.db, worker, held, lease, this.clock);
        const outcome = await this.runner.runClaimed(job);
        held.shift();
        ran.push({ id: job.id, type: job.type, subject_id: subjectOf(job.payload), run_at: new Date(Date.parse(job.run_at) + offset).toISOString(), outcome });
      }
      // Claimed and not run (out of time): pending again, for the background runner.
      await releaseJobs(this.db, worker, held, this.clock);
    }
    return offset;
  }
}
