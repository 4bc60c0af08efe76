/**
 * Runs background jobs from the durable job table (jobs/store.ts). Each process
 * runs one JobRunner; any number of processes may share a PostgreSQL database,
 * and a job is claimed by exactly one of them. A job whose process dies is
 * picked up again when its lease runs out, so nothing a restart forgets.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { RealClock } from '../clock/clock.js';
import type { DatabaseKind } from '../config/config.js';
import type { Db } from '../db/database.js';
import { ulid } from '../lib/ids.js';
import type { Metrics } from '../observability/metrics.js';
import { claimJobs, completeJob, failJob, type JobRow } from './store.js';

export interface JobContext {
  job: JobRow;
  payload: unknown;
}

export type JobHandler = (context: JobContext) => Promise<void>;

export type JobOutcome = 'completed' | 'retry' | 'failed';

export interface JobRunnerOptions {
  pollIntervalMs: number;
  /** The gateway's clock: what is due, leases and retries are real time read here. */
  clock: RealClock;
  /** Jobs run at once in this process. */
  concurrency?: number;
  leaseSeconds?: number;
  /** Seconds before retry number n (1-based); the last value repeats. */
  backoff?: (attempt: number) => number;
}

const defaultBackoff = (attempt: number) => Math.min(3600, 2 ** attempt) * (0.8 + Math.random() * 0.4);

export class JobRunner {
  readonly worker = `${hostname()}:${process.pid}:${ulid().slice(-6)}`;
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  private stopped = true;
  private polling: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Organizations whose jobs an advance of their test clock in this process is running (clock/): not polled meanwhile. */
  private readonly held = new Map<string, number>();
  /** The last claim filled every free slot: more work is probably due. */
  private backlog = false;

  constructor(
    private readonly db: Db,
    private readonly dialect: DatabaseKind,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: Metrics | undefined,
    private readonly options: JobRunnerOptions,
  ) {}

  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  /** The job types this runner has handlers for. */
  get types(): string[] {
    return [...this.handlers.keys()];
  }

  get leaseSeconds(): number {
    return this.options.leaseSeconds ?? 60;
  }

  /**
   * Runs a job this runner's worker has claimed (a test clock advance claims
   * the organization's due jobs itself, clock/), exactly as a polled one:
   * handler, then completed, retried or failed.
   */
  runClaimed(job: JobRow): Promise<JobOutcome> {
    return this.run(job);
  }

  /**
   * Leaves the organization's jobs to the caller until `release`: a test clock
   * advance steps through them itself and lists every one it ran, the jobs
   * they enqueue too (a capture's webhook). Other processes' runners are not
   * told; the advance waits for what they took.
   */
  hold(organizationId: string): () => void {
    this.held.set(organizationId, (this.held.get(organizationId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.held.get(organizationId) ?? 1) - 1;
      if (n > 0) this.held.set(organizationId, n);
      else this.held.delete(organizationId);
    };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Claims and runs every job due now, in this call, until none is left (the jobs they enqueue
   * due at once too); returns how many ran. What a test calls instead of waiting for the poll:
   * after it, a job that was due has run, and one that runs twice would have.
   */
  async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const jobs = await claimJobs(
        this.db,
        this.dialect,
        this.worker,
        { types: this.types, limit: 100, leaseSeconds: this.leaseSeconds, skipOrganizations: [...this.held.keys()] },
        this.options.clock,
      );
      if (jobs.length === 0) {
        // A background poll claiming meanwhile: what it claimed is in flight once it returns.
        if (this.polling) {
          await this.polling;
          continue;
        }
        // Jobs the background poll claimed before this call: wait for them too.
        if (this.inFlight.size === 0) return ran;
        await Promise.allSettled([...this.inFlight]);
        continue;
      }
      for (const job of jobs) await this.run(job);
      ran += jobs.length;
    }
  }

  /** Ask for a poll now (after enqueueing work that is due at once). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Waits for the jobs this process's runner has in hand now (none: at once). */
  async settled(): Promise<void> {
    await this.polling;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Stops claiming and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delayMs);
    this.timer.unref();
  }

  /**
   * One claim. When it found work, look again at once (a backlog drains as
   * fast as the slots allow); when a running job ends, too. Only an idle
   * queue waits JOB_POLL_INTERVAL_MS.
   */
  private async poll(): Promise<void> {
    if (this.stopped || this.polling) return;
    let claimed = 0;
    this.polling = this.claimAndRun()
      .then((n) => {
        claimed = n;
      })
      .finally(() => (this.polling = undefined));
    await this.polling;
    if (!this.stopped) this.schedule(claimed > 0 ? 0 : this.options.pollIntervalMs);
  }

  private async claimAndRun(): Promise<number> {
    const free = (this.options.concurrency ?? 4) - this.running;
    if (free <= 0) return 0;
    let jobs: JobRow[];
    try {
      jobs = await claimJobs(
        this.db,
        this.dialect,
        this.worker,
        {
          types: [...this.handlers.keys()],
          limit: free,
          leaseSeconds: this.leaseSeconds,
          skipOrganizations: [...this.held.keys()],
        },
        this.options.clock,
      );
    } catch (error) {
      this.log.error({ err: error }, 'claiming jobs failed');
      return 0;
    }
    for (const job of jobs) {
      const run = this.run(job).finally(() => {
        this.inFlight.delete(run);
        this.running--;
        // A slot is free: if the queue had a backlog, take the next job now.
        if (!this.stopped && this.backlog) this.schedule(0);
      });
      this.running++;
      this.inFlight.add(run);
    }
    this.backlog = jobs.length === free;
    return jobs.length;
  }

  private async run(job: JobRow): Promise<JobOutcome> {
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler({ job, payload: JSON.parse(job.payload) as unknown });
      await completeJob(this.db, job.id, this.worker, this.options.clock);
      this.metrics?.jobsCompleted.inc({ type: job.type, outcome: 'completed' });
      return 'completed';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retry = job.attempts < job.max_attempts ? (this.options.backoff ?? defaultBackoff)(job.attempts) : null;
      this.log.warn({ job: job.id, type: job.type, attempt: job.attempts, retry, error: message }, 'job failed');
      this.metrics?.jobsCompleted.inc({ type: job.type, outcome: retry === null ? 'failed' : 'retry' });
      await failJob(this.db, job, this.worker, message, retry, this.options.clock).catch((e: unknown) =>
        this.log.error({ err: e, job: job.id }, 'recording a job failure failed'),
      );
      return retry === null ? 'failed' : 'retry';
    }
  }
}
