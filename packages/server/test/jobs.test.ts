import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { dialects } from './support/dialects.js';
import { testEnv } from './support/gateway.js';
import { loadConfig } from '../src/config/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { JobRunner } from '../src/jobs/runner.js';
import { claimJobs, enqueueJob, findJob, SETTLING_JOB_ATTEMPTS } from '../src/jobs/store.js';
import { realClock, type RealClock } from '../src/clock/clock.js';
import { MovableTime } from './support/clock.js';

const silent = pino({ level: 'silent' });

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(dialects)('durable job runner on $name', (dialect) => {
  let handles: DatabaseHandle[];
  // Each test uses its own job type, so tests sharing one PostgreSQL database do not see each other's jobs.
  const type = (name: string) => `test.${name}.${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    const config = loadConfig(await testEnv(dialect));
    // Two handles on one database: two runners as two processes would have (own connections).
    handles = [openDatabase(config), openDatabase(config)];
    await migrateToLatest(handles[0]!.db);
  });
  afterAll(async () => {
    for (const h of handles) await h.close();
  });

  // Each test moves its own time: a delay, a backoff or a lease runs out when the test says so.
  let time: MovableTime;
  let clock: RealClock;
  beforeEach(() => {
    time = new MovableTime();
    clock = realClock(time);
  });

  function runner(h: DatabaseHandle, options: Partial<ConstructorParameters<typeof JobRunner>[4]> = {}) {
    return new JobRunner(h.db, h.dialect, silent, undefined, { pollIntervalMs: 10, clock, concurrency: 4, ...options });
  }

  it('two runners on one database never run the same job twice, and run them all', async () => {
    const jobType = type('exclusive');
    const runs = new Map<string, string[]>();
    const runners = handles.map((h) => runner(h));
    for (const r of runners) {
      r.register(jobType, async ({ job }) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), r.worker]);
        await new Promise((resolve) => setImmediate(resolve));
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) ids.push((await enqueueJob(handles[0]!.db, { type: jobType, payload: { i } }, clock))!);
    runners.forEach((r) => r.start());
    try {
      await until(async () => runs.size === ids.length);
    } finally {
      // Stopping waits for the runs in hand: a wrongful second run would have happened by then.
      await Promise.all(runners.map((r) => r.stop()));
    }
    // Nothing is left to claim, whenever one looks (a lease run out included).
    time.advance(3600);
    for (const r of runners) expect(await r.runDue()).toBe(0);
    for (const id of ids) expect(runs.get(id), id).toHaveLength(1);
    const workers = new Set([...runs.values()].flat());
    expect(workers.size).toBe(2); // both runners took part
    const rows = await handles[0]!.db.selectFrom('jobs').select(['status', 'attempts']).where('type', '=', jobType).execute();
    expect(rows.every((r) => r.status === 'completed' && r.attempts === 1)).toBe(true);
  });

  it('retries a failing job with backoff, then marks it failed after max_attempts', async () => {
    const jobType = type('flaky');
    let calls = 0;
    const r = runner(handles[0]!, { backoff: () => 60 });
    r.register(jobType, async () => {
      calls++;
      if (calls < 3) throw new Error(`failure ${calls}`);
    });
    const ok = (await enqueueJob(handles[0]!.db, { type: jobType }, clock))!;
    const doomedType = type('doomed');
    r.register(doomedType, async () => {
      throw new Error('always fails');
    });
    const doomed = (await enqueueJob(handles[0]!.db, { type: doomedType, maxAttempts: 2 }, clock))!;
    expect(await r.runDue()).toBe(2);
    expect(await findJob(handles[0]!.db, ok)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'failure 1' });
    // The retry waits for its backoff: nothing is due until the time passes it.
    expect(await r.runDue()).toBe(0);
    time.advance(60);
    expect(await r.runDue()).toBe(2);
    expect(await findJob(handles[0]!.db, doomed)).toMatchObject({ status: 'failed' });
    time.advance(60);
    expect(await r.runDue()).toBe(1);
    expect(await findJob(handles[0]!.db, ok)).toMatchObject({ status: 'completed' });
    expect(calls).toBe(3);
    expect(await findJob(handles[0]!.db, ok)).toMatchObject({ attempts: 3 });
    expect(await findJob(handles[0]!.db, doomed)).toMatchObject({ attempts: 2, last_error: 'always fails' });
    // A job that names no limit keeps being tried for about a week (jobs/store.ts SETTLING_JOB_ATTEMPTS).
    expect(await findJob(handles[0]!.db, ok)).toMatchObject({ max_attempts: SETTLING_JOB_ATTEMPTS });
  });

  it('a job whose process died is run again when its lease runs out', async () => {
    const jobType = type('orphan');
    const id = (await enqueueJob(handles[0]!.db, { type: jobType }, clock))!;
    // A "process" claims it with a 60 s lease and dies without finishing.
    const claimed = await claimJobs(handles[1]!.db, handles[1]!.dialect, 'dead-worker', { types: [jobType], limit: 10, leaseSeconds: 60 }, clock);
    expect(claimed.map((j) => j.id)).toEqual([id]);
    const done: string[] = [];
    const r = runner(handles[0]!);
    r.register(jobType, async ({ job }) => {
      done.push(job.id);
    });
    // Under its lease nobody else takes it; once the lease is over, a live runner does.
    expect(await r.runDue()).toBe(0);
    time.advance(61);
    expect(await r.runDue()).toBe(1);
    expect(done).toEqual([id]);
    expect(await findJob(handles[0]!.db, id)).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('a runner claims only the job types it has handlers for', async () => {
    const known = type('known');
    const unknown = type('unknown');
    const unknownId = (await enqueueJob(handles[0]!.db, { type: unknown }, clock))!;
    const knownId = (await enqueueJob(handles[0]!.db, { type: known }, clock))!;
    const r = runner(handles[0]!);
    r.register(known, async () => undefined);
    expect(await r.runDue()).toBe(1);
    expect(await findJob(handles[0]!.db, knownId)).toMatchObject({ status: 'completed' });
    expect(await findJob(handles[0]!.db, unknownId)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('a delayed job waits for its time, and a dedupe key keeps one pending job', async () => {
    const jobType = type('later');
    const key = `dedupe-${jobType}`;
    const first = await enqueueJob(handles[0]!.db, { type: jobType, delaySeconds: 600, dedupeKey: key }, clock);
    const second = await enqueueJob(handles[0]!.db, { type: jobType, delaySeconds: 600, dedupeKey: key }, clock);
    expect(first).toMatch(/^job-/);
    expect(second).toBeNull();
    let runs = 0;
    const r = runner(handles[0]!);
    r.register(jobType, async () => {
      runs++;
    });
    expect(await r.runDue()).toBe(0);
    time.advance(590);
    expect(await r.runDue()).toBe(0);
    time.advance(10);
    expect(await r.runDue()).toBe(1);
    expect(runs).toBe(1);
  });
});
