/**
 * The sandbox's one clock (docs/sandbox.md "Test clocks"). Every sandbox
 * timer reads an organization's time here: the deadlines it writes
 * (`expires_at`, `respond_by`, an OTP's validity, a webhook's next attempt)
 * and the checks against them. An organization's time is the real time plus
 * the offset `POST /v1/sandbox/clock/advance` moved it by (`sandbox_clocks`);
 * without one, or outside the sandbox, it is the real time.
 *
 * Job times (`jobs.run_at`) stay in real time: an advance moves the
 * organization's pending jobs earlier by as much as its clock (clock/service.ts).
 */
import type { Db, Executor } from '../db/database.js';

/** How long a process trusts an offset it read (another process may advance the clock meanwhile). */
const CACHE_MS = 1000;
const CACHE_MAX = 10_000;

export class SandboxClock {
  private readonly offsets = new Map<string, { ms: number; at: number }>();

  /** `enabled`: the sandbox; elsewhere every organization's time is the real time and nothing is read. */
  constructor(
    private readonly db: Db,
    readonly enabled: boolean,
  ) {}

  /**
   * The organization's offset in milliseconds. Inside a transaction pass it as
   * `executor` (on SQLite another connection's read would wait for it).
   */
  async offsetMs(organizationId: string, executor: Executor = this.db): Promise<number> {
    if (!this.enabled) return 0;
    const hit = this.offsets.get(organizationId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.ms;
    const ms = await readOffset(executor, organizationId);
    this.remember(organizationId, ms);
    return ms;
  }

  /** The organization's time, in epoch milliseconds. */
  async now(organizationId: string, executor?: Executor): Promise<number> {
    return Date.now() + (await this.offsetMs(organizationId, executor));
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
    this.offsets.set(organizationId, { ms, at: Date.now() });
  }
}

export async function readOffset(db: Executor, organizationId: string): Promise<number> {
  const row = await db.selectFrom('sandbox_clocks').select('offset_ms').where('organization_id', '=', organizationId).executeTakeFirst();
  return row ? Number(row.offset_ms) : 0;
}

/** What the sandbox timers need of the clock (services take this, so a test may pass another). */
export type Clock = Pick<SandboxClock, 'offsetMs' | 'now' | 'nowIso' | 'isoAfter'>;
