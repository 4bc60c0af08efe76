/**
 * Rate limits behind one small interface: in process memory for the embedded
 * SQLite default (one process), in PostgreSQL when the database is shared, so
 * the limit holds across every process (spec section 8). On PostgreSQL the
 * per-request limiter counts in memory and synchronises with the table in
 * batches (`SyncedLimiter`); the token-failure and sign-in limiters, which
 * count only failures, write each one (`TableLimiter`). Every window is on the
 * gateway's clock.
 */
import type pg from 'pg';
import type { RealClock } from '../clock/clock.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (whole, at least 1 when refused). */
  resetSeconds: number;
}

export interface RateLimiter {
  readonly points: number;
  readonly windowSeconds: number;
  /** Counts one request against `key`. */
  consume(key: string): Promise<RateDecision>;
  /** Looks without counting. */
  peek(key: string): Promise<RateDecision>;
  /** Gives back one request counted against `key` in its current window (e.g. one that turned out not to count). */
  refund(key: string): Promise<void>;
  /** Present on the limiters that count in memory: `consume` without a promise, for the per-request hot path. */
  consumeNow?(key: string): RateDecision;
  /** Stops background work (a last synchronisation); the database is closed after. */
  close?(): Promise<void>;
}

/**
 * Fixed windows in the shared `rate_limits` table, one statement per call (the
 * rare events: failed token requests, failed sign-ins), on the gateway's
 * clock: a window, and so an account's lock, ends when the injected clock says
 * so (a test moves it instead of waiting). Same rows as `SyncedLimiter`. If the
 * database is unreachable, this process counts on its own meanwhile.
 */
class TableLimiter implements RateLimiter {
  private readonly insurance: MemoryLimiter;
  private readonly windowMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly prefix: string,
    readonly points: number,
    readonly windowSeconds: number,
    private readonly clock: RealClock,
  ) {
    this.windowMs = windowSeconds * 1000;
    this.insurance = new MemoryLimiter(points, windowSeconds, clock);
  }

  private decide(used: number, expire: number, now: number, allowed: boolean): RateDecision {
    return { allowed, limit: this.points, remaining: Math.max(0, this.points - used), resetSeconds: Math.max(1, Math.ceil((expire - now) / 1000)) };
  }

  /** Adds `increment` to the key's window (a new one where it ended) and returns the window. */
  private async add(key: string, increment: 1, now: number): Promise<{ points: number; expire: number }> {
    const { rows } = await this.pool.query<{ key: string; points: number; expire: number }>({
      name: 'pasarela_rate_limit_sync',
      text: SYNC_SQL,
      values: [[`${this.prefix}:${key}`], [increment], [now + this.windowMs], now],
    });
    return { points: Number(rows[0]!.points), expire: Number(rows[0]!.expire) };
  }

  async consume(key: string): Promise<RateDecision> {
    const now = this.clock.realNow();
    try {
      const w = await this.add(key, 1, now);
      return this.decide(w.points, w.expire, now, w.points <= this.points);
    } catch {
      return this.insurance.consume(key);
    }
  }

  async peek(key: string): Promise<RateDecision> {
    const now = this.clock.realNow();
    try {
      const { rows } = await this.pool.query<{ points: number; expire: number | null }>('select points, expire from rate_limits where key = $1', [
        `${this.prefix}:${key}`,
      ]);
      const row = rows[0];
      if (!row || row.expire === null || Number(row.expire) <= now) return { allowed: true, limit: this.points, remaining: this.points, resetSeconds: 0 };
      return this.decide(Number(row.points), Number(row.expire), now, Number(row.points) < this.points);
    } catch {
      return this.insurance.peek(key);
    }
  }

  async refund(key: string): Promise<void> {
    const now = this.clock.realNow();
    try {
      // Only within the current window: a refund never starts one.
      await this.pool.query('update rate_limits set points = greatest(points - 1, 0) where key = $1 and expire > $2', [`${this.prefix}:${key}`, now]);
    } catch {
      await this.insurance.refund(key);
    }
  }
}

/**
 * Fixed windows in this process's memory (the one-process SQLite default):
 * fixed windows counted synchronously.
 */
class MemoryLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly windowMs: number;

  constructor(
    readonly points: number,
    readonly windowSeconds: number,
    private readonly clock: RealClock,
  ) {
    this.windowMs = windowSeconds * 1000;
  }

  private window(key: string, now: number) {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size >= 100_000) this.sweep(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    return w;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  private decide(w: { count: number; resetAt: number }, now: number, allowed: boolean): RateDecision {
    return { allowed, limit: this.points, remaining: Math.max(0, this.points - w.count), resetSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  consumeNow(key: string): RateDecision {
    const now = this.clock.realNow();
    const w = this.window(key, now);
    w.count++;
    return this.decide(w, now, w.count <= this.points);
  }

  consume(key: string): Promise<RateDecision> {
    return Promise.resolve(this.consumeNow(key));
  }

  peek(key: string): Promise<RateDecision> {
    const now = this.clock.realNow();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return Promise.resolve({ allowed: true, limit: this.points, remaining: this.points, resetSeconds: 0 });
    return Promise.resolve(this.decide(w, now, w.count < this.points));
  }

  refund(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.resetAt > this.clock.realNow() && w.count > 0) w.count--;
    return Promise.resolve();
  }
}

interface SyncedWindow {
  /** When the window ends (ms): the table's, once synchronised. */
  expire: number;
  /** Every process's count as the table last answered (this process's sent increments included). */
  synced: number;
  /** Increments on their way to the table. */
  sending: number;
  /** Increments (refunds negative) not yet sent. */
  unsent: number;
  /** Until then (ms) the key is synchronised every interval even with nothing to add: reading back what the others sent. */
  rereadUntil: number;
}

/**
 * Fixed windows counted in this process's memory and synchronised with the
 * shared `rate_limits` table every `syncIntervalMs`: one multi-row upsert
 * adds this process's increments of every key that had any and reads back
 * each key's count over all processes. A request is decided at once, without
 * a database round trip; what a process does not yet see is what the others
 * counted since it last read the shared counts: another process's requests
 * reach the table at its next synchronisation, and this process at its own
 * next one after that. So across P processes a window admits at most the limit
 * plus what the other processes admit in about two intervals
 * ((P − 1) × per-process rate × 2 × interval; docs/configuration.md).
 * If the database is unreachable, the increments wait for the next attempt
 * and each process goes on counting its own requests.
 */
class SyncedLimiter implements RateLimiter {
  private readonly windows = new Map<string, SyncedWindow>();
  private readonly dirty = new Map<string, SyncedWindow>();
  private readonly windowMs: number;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly prefix: string,
    readonly points: number,
    readonly windowSeconds: number,
    private readonly syncIntervalMs: number,
    private readonly clock: RealClock,
  ) {
    this.windowMs = windowSeconds * 1000;
  }

  private window(key: string, now: number): SyncedWindow {
    let w = this.windows.get(key);
    if (!w || w.expire <= now) {
      if (this.windows.size >= 100_000) this.sweep(now);
      // A new window: increments of the old one that were not sent yet no longer matter.
      if (w) this.dirty.delete(key);
      w = { expire: now + this.windowMs, synced: 0, sending: 0, unsent: 0, rereadUntil: 0 };
      this.windows.set(key, w);
    }
    return w;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.expire <= now && !this.dirty.has(key)) this.windows.delete(key);
  }

  private decide(w: SyncedWindow, now: number, allowed: boolean): RateDecision {
    const used = w.synced + w.sending + w.unsent;
    return { allowed, limit: this.points, remaining: Math.max(0, this.points - used), resetSeconds: Math.max(1, Math.ceil((w.expire - now) / 1000)) };
  }

  private touched(key: string, w: SyncedWindow): void {
    this.dirty.set(key, w);
    this.schedule();
  }

  private schedule(): void {
    if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => void this.flush(), this.syncIntervalMs);
      this.timer.unref();
    }
  }

  consumeNow(key: string): RateDecision {
    const now = this.clock.realNow();
    const w = this.window(key, now);
    w.unsent++;
    this.touched(key, w);
    return this.decide(w, now, w.synced + w.sending + w.unsent <= this.points);
  }

  consume(key: string): Promise<RateDecision> {
    return Promise.resolve(this.consumeNow(key));
  }

  peek(key: string): Promise<RateDecision> {
    const now = this.clock.realNow();
    const w = this.windows.get(key);
    if (!w || w.expire <= now) return Promise.resolve({ allowed: true, limit: this.points, remaining: this.points, resetSeconds: 0 });
    return Promise.resolve(this.decide(w, now, w.synced + w.sending + w.unsent < this.points));
  }

  refund(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.expire > this.clock.realNow()) {
      w.unsent--;
      this.touched(key, w);
    }
    return Promise.resolve();
  }

  /** Sends every key's unsent increments in one statement per 1 000 keys and takes back the shared counts. */
  flush(): Promise<void> {
    this.timer = undefined;
    if (this.flushing) return this.flushing;
    this.flushing = this.send().finally(() => {
      this.flushing = undefined;
      if (this.dirty.size > 0) this.schedule();
    });
    return this.flushing;
  }

  /** The keys dirty when it starts (keys counted meanwhile wait for the next interval). */
  private async send(): Promise<void> {
    const all = [...this.dirty];
    this.dirty.clear();
    for (let start = 0; start < all.length; start += 1000) {
      const batch = all.slice(start, start + 1000);
      for (const [, w] of batch) {
        w.sending += w.unsent;
        w.unsent = 0;
      }
      try {
        const { rows } = await this.pool.query<{ key: string; points: number; expire: number }>({
          name: 'pasarela_rate_limit_sync',
          text: SYNC_SQL,
          values: [batch.map(([key]) => `${this.prefix}:${key}`), batch.map(([, w]) => w.sending), batch.map(([, w]) => w.expire), this.clock.realNow()],
        });
        const byKey = new Map(rows.map((r) => [r.key, r]));
        for (const [key, w] of batch) {
          const row = byKey.get(`${this.prefix}:${key}`);
          // After its last increment a key is read back every interval for a while (REREAD_MS, at least two
          // intervals): every other process sends what it counted within an interval, so a process that
          // went quiet after a burst still learns the window's whole count and refuses.
          if (w.sending !== 0) w.rereadUntil = this.clock.realNow() + Math.max(REREAD_MS, 2 * this.syncIntervalMs);
          w.sending = 0;
          if (row) {
            w.synced = Number(row.points);
            w.expire = Number(row.expire);
          }
          if (this.clock.realNow() < w.rereadUntil && this.windows.get(key) === w && !this.dirty.has(key)) this.dirty.set(key, w);
        }
      } catch {
        // The database is unreachable: keep the increments for the next attempt, count locally meanwhile.
        for (const [key, w] of all.slice(start)) {
          w.unsent += w.sending;
          w.sending = 0;
          if (this.windows.get(key) === w) this.dirty.set(key, w);
        }
        return;
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => undefined);
  }
}

/** How long after its last increment a key is still read back every synchronisation (`SyncedLimiter`). */
const REREAD_MS = 1000;

/**
 * Adds each key's increment to its window in the table, or starts a new window
 * where the stored one has ended (the rows and meaning of rate-limiter-flexible's
 * Postgres store, which kept them before: `points`, `expire` in ms), and
 * returns every key's count over all processes.
 */
const SYNC_SQL = `insert into rate_limits as r (key, points, expire)
select * from unnest($1::varchar[], $2::int[], $3::bigint[])
on conflict (key) do update set
  points = case when r.expire is null or r.expire <= $4::bigint then greatest(excluded.points, 0) else greatest(r.points + excluded.points, 0) end,
  expire = case when r.expire is null or r.expire <= $4::bigint then excluded.expire else r.expire end
returning key, points, expire`;

/**
 * `syncIntervalMs`: on PostgreSQL, count in memory and synchronise in batches
 * this often (the per-request limiter); without it every consume is one
 * upsert (rare events such as failed token requests).
 */
export function createRateLimiter(
  name: string,
  options: { points: number; windowSeconds: number; pool: pg.Pool | undefined; syncIntervalMs?: number; clock: RealClock },
): RateLimiter {
  // The policy is part of the key, so processes (or tests) with another policy never share counters.
  const keyPrefix = `${name}_${options.points}_${options.windowSeconds}`;
  if (!options.pool) return new MemoryLimiter(options.points, options.windowSeconds, options.clock);
  if (options.syncIntervalMs !== undefined)
    return new SyncedLimiter(options.pool, keyPrefix, options.points, options.windowSeconds, options.syncIntervalMs, options.clock);
  return new TableLimiter(options.pool, keyPrefix, options.points, options.windowSeconds, options.clock);
}
