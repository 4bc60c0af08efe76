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

  async peek(key: string): Promise<RateDecision> {
    const res = await this.limiter.get(key);
    return decision(this.points, res, !res || res.consumedPoints < this.points);
  }
}

export function createRateLimiter(
  name: string,
  options: { points: number; windowSeconds: number; pool: pg.Pool | undefined },
): RateLimiter {
  // The policy is part of the key, so processes (or tests) with another policy never share counters.
  const base = { keyPrefix: `${name}_${options.points}_${options.windowSeconds}`, points: options.points, duration: options.windowSeconds };
  if (!options.pool) return new FlexibleLimiter(new RateLimiterMemory(base), options.points, options.windowSeconds);
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
