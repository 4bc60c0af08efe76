/**
 * The sandbox's one clock (docs/sandbox.md "Test clocks"). Every sandbox
 * timer reads an organization's time here: the deadlines it writes
 * (`expires_at`, `respond_by`, an OTP's validity, a webhook's next attempt)
 * and the checks against them. An organization's time is the real time plus
 * the offset `POST /v1/sandbox/clock/advance` moved it by (`sandbox_clocks`);
 * without one, or outside the sandbox, it is the real time.
 *
 * Job times (`jobs.run_at`) stay in real time: an advance moves the
 * organization's pending jobs earlier by as much as its clock (test-clocks/service.ts).
 *
 * It is also the gateway's one source of the real time (`realNow`, `realIso`):
 * built once in `createGateway` over a `TimeSource` (the system's, or a test's,
 * `GatewayOptions.time`) and passed in. Outside this file no server code reads
 * `Date.now()` or `new Date()` (eslint.config.js enforces it).
 */
import type { Db, Executor } from '../db/database.js';
import type { RealClock } from '../lib/time.js';

/** How long a process trusts an offset it read (another process may advance the clock meanwhile). */
const CACHE_MS = 1000;
const CACHE_MAX = 10_000;

/** Where the real time comes from, in epoch milliseconds. */
export interface TimeSource {
  now(): number;
}

/** The system's time. */
export const systemTime: TimeSource = { now: () => Date.now() };

/** The real time only: what caches, token expiry, rate limits and job times read (no organization's offset). */
export type { RealClock } from '../lib/time.js';

/**
 * A clock stopped at `iso`: for work done at one known instant read from the gateway's clock
 * before (an event's reactions run at the event's `created_at`).
 */
export function clockAt(iso: string): RealClock {
  const ms = Date.parse(iso);
  return { realNow: () => ms, realIso: () => iso };
}

/** The real time of a `TimeSource`, for the parts built before (or without) the gateway's clock. */
export function realClock(time: TimeSource = systemTime): RealClock {
  return { realNow: () => time.now(), realIso: () => new Date(time.now()).toISOString() };
}

export class SandboxClock {
  private readonly offsets = new Map<string, { ms: number; at: number }>();

  /** `enabled`: the sandbox; elsewhere every organization's time is the real time and nothing is read. */
  constructor(
    private readonly db: Db,
    readonly enabled: boolean,
    private readonly time: TimeSource = systemTime,
  ) {}

  /** The real time, in epoch milliseconds (no organization's offset). */
  realNow(): number {
    return this.time.now();
  }

  /** The real time as ISO 8601 text, as the database stores times. */
  realIso(): string {
    return new Date(this.time.now()).toISOString();
  }

  /**
   * The organization's offset in milliseconds. Inside a transaction pass it as
   * `executor` (on SQLite another connection's read would wait for it).
   */
  async offsetMs(organizationId: string, executor: Executor = this.db): Promise<number> {
    if (!this.enabled) return 0;
    const hit = this.offsets.get(organizationId);
    if (hit && this.time.now() - hit.at < CACHE_MS) return hit.ms;
    const ms = await readOffset(executor, organizationId);
    this.remember(organizationId, ms);
    return ms;
  }

  /** The organization's time, in epoch milliseconds. */
  async now(organizationId: string, executor?: Executor): Promise<number> {
    return this.time.now() + (await this.offsetMs(organizationId, executor));
  }

  /** The organization's time as ISO 8601 text, as the database stores times. */
  async nowIso(organizationId: string, executor?: Executor): Promise<string> {
    return new Date(await this.now(organizationId, executor)).toISOString();
  }

  /** The organization's time `seconds` from now. */
  async isoAfter(organizationId: string, seconds: number, executor?: Executor): Promise<string> {
    return new Date((await this.now(organizationId, executor)) + seconds * 1000).toISOString();
  }

  /** Called by the advance after each move, so this process sees it at once. */
  remember(organizationId: string, ms: number): void {
    if (this.offsets.size >= CACHE_MAX) this.offsets.clear();
    this.offsets.set(organizationId, { ms, at: this.time.now() });
  }
}

export async function readOffset(db: Executor, organizationId: string): Promise<number> {
  const row = await db.selectFrom('sandbox_clocks').select('offset_ms').where('organization_id', '=', organizationId).executeTakeFirst();
  return row ? Number(row.offset_ms) : 0;
}

/** What the sandbox timers need of the clock (services take this, so a test may pass another). */
export type Clock = Pick<SandboxClock, 'realNow' | 'realIso' | 'offsetMs' | 'now' | 'nowIso' | 'isoAfter'>;
