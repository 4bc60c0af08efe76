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
 * its late reply is dropped by Fastify (`reply.sent`), logged, never sent. That
 * is why a 504 means "unknown outcome": the client retries with the same
 * `order_id` or `Idempotency-Key` (the key stays reserved, see
 * idempotency/plugin.ts) and gets the one result.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { sendError } from '../errors/handler.js';

const timers = new WeakMap<FastifyReply, NodeJS.Timeout>();

export function registerRequestTimeout(app: FastifyInstance, timeoutMs: number): void {
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
      sendError(request, reply, new ApiError('timeout', `The request took longer than ${timeoutMs} ms. Its outcome is unknown: retry with the same order_id or Idempotency-Key.`));
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
