/**
 * Which gateway processes are alive, for the Idempotency-Key locks they hold
 * (docs/reliability.md). Each process has an instance id and a heartbeat row
 * in `gateway_instances`, written every INSTANCE_HEARTBEAT_SECONDS by a timer
 * of its own and deleted on a graceful shutdown. A lock whose owner's
 * heartbeat is older than INSTANCE_DEAD_AFTER_SECONDS (or gone) may be taken
 * over; the fence (plugin.ts) keeps a paused owner that wakes up from
 * committing anything afterwards.
 *
 * SQLite is one process: a lock held by any other instance was left by a
 * process that is gone, so it is dead from the start.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RealClock } from '../clock/clock.js';
import type { Db } from '../db/database.js';

export interface LivenessOptions {
  dialect: 'sqlite' | 'postgres';
  heartbeatMs: number;
  deadAfterMs: number;
}

/** Rows of instances silent this long are deleted (they hold no lock anyone waits for). */
const FORGET_AFTER_MS = 24 * 3600 * 1000;

export class InstanceLiveness {
  readonly id = `ins_${randomBytes(12).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private stopped = false;
  private readonly startedAt: string;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    readonly options: LivenessOptions,
    private readonly clock: RealClock,
  ) {
    this.startedAt = clock.realIso();
  }

  /** Writes the first heartbeat (so the instance is alive before it takes a request), then one every interval. */
  async start(): Promise<void> {
    await this.beat();
    await this.db
      .deleteFrom('gateway_instances')
      .where('heartbeat_at', '<', new Date(this.clock.realNow() - FORGET_AFTER_MS).toISOString())
      .execute();
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.beating = this.beat()
        .catch((error: unknown) => this.log.warn({ err: error }, 'instance heartbeat failed; retrying at the next interval'))
        .finally(() => this.schedule());
    }, this.options.heartbeatMs);
    this.timer.unref();
  }

  async beat(now = this.clock.realIso()): Promise<void> {
    await this.db
      .insertInto('gateway_instances')
      .values({ id: this.id, started_at: this.startedAt, heartbeat_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: now }))
      .execute();
  }

  /** Whether the instance holding a lock may still be running its request. */
  async alive(owner: string): Promise<boolean> {
    if (owner === this.id) return true;
    if (this.options.dialect === 'sqlite') return false;
    const row = await this.db.selectFrom('gateway_instances').select('heartbeat_at').where('id', '=', owner).executeTakeFirst();
    return row !== undefined && Date.parse(row.heartbeat_at) > this.clock.realNow() - this.options.deadAfterMs;
  }

  /** Graceful shutdown: the heartbeat stops and the row goes, so the (released) locks of this instance are nobody's. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.beating;
    await this.db
      .deleteFrom('gateway_instances')
      .where('id', '=', this.id)
      .execute()
      .catch(() => undefined);
  }
}
