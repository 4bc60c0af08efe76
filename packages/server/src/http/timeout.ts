/**
 * The request timeout (spec section 7: `504`, the request exceeded the maximum
 * wait time). Each request gets a timer at onRequest; if no reply has been sent
 * when it fires, the request is answered `504 timeout` with the error body.
 *
 * Fastify's `connectionTimeout` and `requestTimeout` server options do not do
 * this: they bound the socket and the time for the request to *arrive*, and end
 * it with no body or Fastify's own. Here the clock covers everything from the
 * first hook to the reply: authentication, parsing, the handler.
 *
 * The handler is not cancelled: work already started runs to its end (each
 * change is one database transaction, so it commits whole or not at all), and
 * its late result (a value or an error) is dropped here, never sent: every
 * route's handler is wrapped (onRoute) so that, once the 504 went out, what it
 * returns or throws becomes "nothing to send" and Fastify does not try a second
 * reply (which it would log as `FST_ERR_REP_ALREADY_SENT`, or as an error for
 * a late rejection). The late outcome is logged once, at info. That is why a
 * 504 means "unknown outcome": the client retries with the same `order_id` or
 * `Idempotency-Key` (the key stays reserved, see idempotency/plugin.ts) and
 * gets the one result.
 *
 * A handler that calls `reply.send` itself after the 504 (none of the routes
 * that do work: the hosted pages' GETs) still meets Fastify's own warning.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { sendError } from '../errors/handler.js';

/** A request under the clock: its reply until it is answered (or gone); `timedOut` once this module sent its 504. */
interface Watched {
  reply: FastifyReply | null;
  deadline: number;
  timedOut: boolean;
}

declare module 'fastify' {
  interface FastifyReply {
    /** The request timeout's record of this request (http/timeout.ts); null when it is not watched. */
    timeoutWatch: Watched | null;
  }
}

/**
 * What a timed-out handler's promise settles to: nothing to send, once the 504
 * has left (until then Fastify would try to send `undefined` in its place).
 */
function dropped(reply: FastifyReply): undefined | Promise<undefined> {
  if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return undefined;
  return new Promise((resolve) => reply.raw.once('close', () => resolve(undefined)));
}

/**
 * The requests under the clock, oldest first, and one timer for the oldest one's deadline.
 * Every request has the same limit, so deadlines come in the order requests do: a request
 * costs a place in the queue, not a timer of its own (a timer set and cleared per request,
 * found again through a WeakMap, was about 1.5% of the CPU of GET /v1/payments/{id}:
 * docs/benchmarks-history.md, "2026-11-29"). An answered request lets go of its reply at
 * once; the queue drops its place when it is at the front, so under a steady load it holds
 * about the requests in flight.
 */
class Deadlines {
  private queue: Watched[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly timeoutMs: number,
    private readonly expire: (reply: FastifyReply, watched: Watched) => void,
  ) {}

  watch(reply: FastifyReply): Watched {
    const watched: Watched = { reply, deadline: performance.now() + this.timeoutMs, timedOut: false };
    this.queue.push(watched);
    if (!this.timer) this.arm();
    return watched;
  }

  settle(watched: Watched): void {
    watched.reply = null;
    this.dropAnswered();
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
    this.head = 0;
  }

  private dropAnswered(): void {
    while (this.head < this.queue.length && this.queue[this.head]!.reply === null) this.head++;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  private arm(): void {
    const next = this.queue[this.head];
    if (!next) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, next.deadline - performance.now()));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    const now = performance.now();
    for (let i = this.head; i < this.queue.length; i++) {
      const watched = this.queue[i]!;
      if (watched.deadline > now) break;
      const reply = watched.reply;
      if (reply) {
        watched.reply = null;
        this.expire(reply, watched);
      }
    }
    this.dropAnswered();
    this.arm();
  }
}

export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  const deadlines = new Deadlines(timeoutMs, (reply, watched) => {
    // Answered already, or the client went away (then nobody is listening).
    if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
    const request = reply.request;
    request.log.warn({ timeoutMs }, 'request timed out');
    watched.timedOut = true;
    sendError(
      request,
      reply,
      new ApiError('timeout', `The request took longer than ${timeoutMs} ms. Its outcome is unknown: retry with the same order_id or Idempotency-Key.`),
    );
  });
  app.decorateReply('timeoutWatch', null);
  // Registered before the features' routes (app.ts), so every handler is wrapped.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      // Synchronous handlers answer before any timer can fire: untouched, with no extra promise.
      if (!(result instanceof Promise)) return result;
      return result.then(
        (value: unknown) => {
          if (!reply.timeoutWatch?.timedOut) return value;
          request.log.info({ timeoutMs }, 'late reply after the 504 dropped');
          return dropped(reply);
        },
        (error: unknown) => {
          if (!reply.timeoutWatch?.timedOut) throw error;
          request.log.info({ timeoutMs, err: error }, 'late error after the 504 dropped');
          return dropped(reply);
        },
      );
    };
  });
  app.addHook('onRequest', (request, reply, done) => {
    // A WebSocket upgrade is hijacked and lives on; its own heartbeat watches it.
    if (request.ws) return done();
    // The event stream (GET /v1/events/stream) stays open; it ends when the client or the server does.
    if (request.routeOptions.config.longLived) return done();
    reply.timeoutWatch = deadlines.watch(reply);
    done();
  });
  app.addHook('onResponse', (_request, reply, done) => {
    if (reply.timeoutWatch) deadlines.settle(reply.timeoutWatch);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    deadlines.close();
    done();
  });
}
