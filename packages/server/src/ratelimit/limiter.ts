/**
 * Rate limits behind one small interface: in process memory for the embedded
 * SQLite default (one process), in PostgreSQL when the database is shared, so
 * the limit holds across every process (spec section 8).
 */
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

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
  /** Gives back one point taken by `consume` (a reservation that turned out not to count). */
  reward(key: string): Promise<void>;
  /** Present on the in-memory limiter: `consume` without a promise, for the per-request hot path. */
  consumeNow?(key: string): RateDecision;
}

function decision(points: number, res: RateLimiterRes | null, allowed: boolean): RateDecision {
  return {
    allowed,
    limit: points,
    remaining: res ? Math.max(0, res.remainingPoints) : points,
    resetSeconds: res ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0,
  };
}

class FlexibleLimiter implements RateLimiter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    readonly points: number,
    readonly windowSeconds: number,
  ) {}

  async consume(key: string): Promise<RateDecision> {
    try {
      return decision(this.points, await this.limiter.consume(key), true);
    } catch (error) {
      if (error instanceof RateLimiterRes) return decision(this.points, error, false);
      throw error;
    }
  }

  async reward(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  async peek(key: string): Promise<RateDecision> {
    const res = await this.limiter.get(key);
    return decision(this.points, res, !res || res.consumedPoints < this.points);
  }
}

/**
 * Fixed windows in this process's memory (the one-process SQLite default):
 * the same counting as rate-limiter-flexible's memory store, synchronously.
 */
class MemoryLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly windowMs: number;

  constructor(
    readonly points: number,
    readonly windowSeconds: number,
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
    const now = Date.now();
    const w = this.window(key, now);
    w.count++;
    return this.decide(w, now, w.count <= this.points);
  }

  consume(key: string): Promise<RateDecision> {
    return Promise.resolve(this.consumeNow(key));
  }

  reward(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.resetAt > Date.now() && w.count > 0) w.count--;
    return Promise.resolve();
  }

  peek(key: string): Promise<RateDecision> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return Promise.resolve({ allowed: true, limit: this.points, remaining: this.points, resetSeconds: 0 });
    return Promise.resolve(this.decide(w, now, w.count < this.points));
  }
}

export function createRateLimiter(
  name: string,
  options: { points: number; windowSeconds: number; pool: pg.Pool | undefined },
): RateLimiter {
  // The policy is part of the key, so processes (or tests) with another policy never share counters.
  const base = { keyPrefix: `${name}_${options.points}_${options.windowSeconds}`, points: options.points, duration: options.windowSeconds };
  if (!options.pool) return new MemoryLimiter(options.points, options.windowSeconds);
  const limiter = new RateLimiterPostgres({
    ...base,
    storeClient: options.pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true, // by our migrations
    clearExpiredByTimeout: false, // the maintenance job purges expired rows
    // If the database is briefly unreachable, fall back to this process's own count.
    insuranceLimiter: new RateLimiterMemory(base),
  });
  return new FlexibleLimiter(limiter, options.points, options.windowSeconds);
}
