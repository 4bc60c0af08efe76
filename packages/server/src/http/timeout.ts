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

const timers = new WeakMap<FastifyReply, NodeJS.Timeout>();
/** The replies this module answered with a 504: their handler's late result is dropped. */
const timedOut = new WeakSet<FastifyReply>();

/**
 * What a timed-out handler's promise settles to: nothing to send, once the 504
 * has left (until then Fastify would try to send `undefined` in its place).
 */
function dropped(reply: FastifyReply): undefined | Promise<undefined> {
  if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return undefined;
  return new Promise((resolve) => reply.raw.once('close', () => resolve(undefined)));
}

export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
  // Registered before the features' routes (app.ts), so every handler is wrapped.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      // Synchronous handlers answer before any timer can fire: untouched, with no extra promise.
      if (!(result instanceof Promise)) return result;
      return result.then(
        (value: unknown) => {
          if (!timedOut.has(reply)) return value;
          request.log.info({ timeoutMs }, 'late reply after the 504 dropped');
          return dropped(reply);
        },
        (error: unknown) => {
          if (!timedOut.has(reply)) throw error;
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
    const timer = setTimeout(() => {
      timers.delete(reply);
      // Answered already, or the client went away (then nobody is listening).
      if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
      request.log.warn({ timeoutMs }, 'request timed out');
      timedOut.add(reply);
      sendError(
        request,
        reply,
        new ApiError('timeout', `The request took longer than ${timeoutMs} ms. Its outcome is unknown: retry with the same order_id or Idempotency-Key.`),
      );
    }, timeoutMs);
    timer.unref();
    timers.set(reply, timer);
    done();
  });
  const clear = (reply: FastifyReply) => {
    const timer = timers.get(reply);
    if (timer) {
      clearTimeout(timer);
      timers.delete(reply);
    }
  };
  app.addHook('onResponse', (_request, reply, done) => {
    clear(reply);
    done();
  });
}
