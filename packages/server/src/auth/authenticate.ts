/**
 * Every route except the public ones needs `Authorization: Bearer <token>`:
 * anything but a live token of this deployment is 401; a token without one of
 * the route's permissions is 403 (spec section 5, docs/api-conventions.md "Authentication, permissions and tenancy").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { tooManyRequests } from '../ratelimit/plugin.js';
import { INTERNAL_PRINCIPAL_HEADER, takeInternalPrincipal } from '../http/internal-requests.js';
import type { Principal } from '../http/principal.js';
import { TokenInvalid, type TokenService } from './tokens.js';

const BEARER = /^Bearer ([A-Za-z0-9_.~+/-]+=*)$/i;

function unauthorized(message: string): ApiError {
  return new ApiError('unauthorized', message, [], { 'www-authenticate': 'Bearer realm="pasarela"' });
}

/**
 * Sets the verified caller on the request; a token without one of the route's
 * permissions is 403. A checkout session's token has no permissions: it is
 * admitted only to the routes marked `checkoutSession`, whose handlers apply
 * the session's limits (docs/fields.md "Checkout sessions").
 */
function admit(request: FastifyRequest, principal: Principal, needed: readonly string[]): ApiError | undefined {
  request.principal = principal;
  if (principal.checkoutSession) {
    return request.routeOptions.config.checkoutSession
      ? undefined
      : new ApiError('forbidden', "A checkout session token may only read the public key, tokenize a card and make its session's payment or enrollment.");
  }
  if (needed.length > 0 && !needed.some((p) => principal.permissions.has(p))) {
    return new ApiError('forbidden', `This token lacks the permission ${needed.join(' or ')}.`);
  }
  return undefined;
}

/**
 * Failed authentications count against the caller's address (the same budget
 * as unauthenticated routes), so guessing tokens is rate-limited too.
 *
 * A callback hook, not an async one: a token verified recently (the common
 * case: clients reuse one token for hours) is admitted without a promise.
 */
export function registerAuthentication(app: FastifyInstance, tokens: TokenService, limiter: RateLimiter): void {
  function refuse(ip: string, error: ApiError, done: (error?: Error) => void): void {
    limiter.consume(`ip:${ip}`).then((d) => done(d.allowed ? error : tooManyRequests(d)), done);
  }

  app.decorateRequest('principal', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config;
    if (request.is404 || config.public) return done();
    const needed = config.scopes ?? [];
    // The dashboard's pass-through (http/internal-requests.ts): a one-request key, never a Bearer token.
    const internal = request.headers[INTERNAL_PRINCIPAL_HEADER];
    if (internal !== undefined) {
      const principal = takeInternalPrincipal(internal);
      return principal
        ? done(admit(request, principal, needed))
        : refuse(request.ip, unauthorized('Send Authorization: Bearer <access token> (POST /oauth/token).'), done);
    }
    const header = request.headers.authorization ?? '';
    const cached = header.length > 7 ? tokens.verifyCached(header.slice(7)) : undefined;
    if (cached && /^bearer $/i.test(header.slice(0, 7))) return done(admit(request, cached, needed));
    const match = BEARER.exec(header);
    if (!match) return refuse(request.ip, unauthorized('Send Authorization: Bearer <access token> (POST /oauth/token).'), done);
    tokens.verify(match[1]!).then(
      (principal) => done(admit(request, principal, needed)),
      (error: unknown) => {
        if (error instanceof TokenInvalid) return refuse(request.ip, unauthorized(`${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`), done);
        done(error as Error);
      },
    );
  });
}
