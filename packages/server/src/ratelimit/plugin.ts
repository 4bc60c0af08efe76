/**
 * 1000 requests per 10 seconds per client (spec section 8), counted per client
 * id across all its tokens; public routes are counted per IP address. Answers
 * carry the IETF RateLimit-Policy / RateLimit headers; excess is 429 with
 * Retry-After in whole seconds.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { RateDecision, RateLimiter } from './limiter.js';

// /metrics is counted (per address): with METRICS_TOKEN, guesses of the token are limited like any request.
const UNLIMITED = new Set(['/healthz', '/readyz']);

export function rateLimitHeaders(reply: FastifyReply, limiter: RateLimiter, d: RateDecision): void {
  reply.header('ratelimit-policy', `"default";q=${limiter.points};w=${limiter.windowSeconds}`);
  reply.header('ratelimit', `"default";r=${d.remaining};t=${d.resetSeconds}`);
}

export function tooManyRequests(d: RateDecision): ApiError {
  return new ApiError('rate_limited', `Too many requests; retry in ${d.resetSeconds} s.`, [], {
    'retry-after': String(d.resetSeconds),
  });
}

export function registerRateLimit(app: FastifyInstance, limiter: RateLimiter): void {
  // Runs after authentication (registered later), so the key is the verified client.
  // A callback hook: the in-memory limiter answers without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (UNLIMITED.has(request.routeOptions.url ?? '')) return done();
    const key = request.principal ? `client:${request.principal.clientId}` : `ip:${request.ip}`;
    const apply = (d: RateDecision) => {
      rateLimitHeaders(reply, limiter, d);
      done(d.allowed ? undefined : tooManyRequests(d));
    };
    if (limiter.consumeNow) return apply(limiter.consumeNow(key));
    limiter.consume(key).then(apply, done);
  });
}
