/**
 * The part of autocannon's API the bench uses (autocannon 8 ships no type declarations and
 * @types/autocannon describes version 7): its options, the requests it sends, the 'response'
 * event and the result its promise resolves to (lib/aggregateResult.js).
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each request is sent, with a copy of this request; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      requests?: Request[];
      /** Requests per second over all connections (each connection sends its share back to back). */
      overallRate?: number;
    }

    /** A histogram's summary: mean, percentiles and the total it counted. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
      [percentile: `p${string}`]: number;
    }

    interface Result {
      url: string;
      connections: number;
      duration: number;
      samples: number;
      start: Date;
      finish: Date;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      /** Answers per status code. */
      statusCodeStats: Record<string, { count: number }>;
      latency: Histogram;
      /** Requests per second over the samples (`average`); `total` is every answered request. */
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      /** `responseTime` in milliseconds (fractional, from hrtime). */
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
