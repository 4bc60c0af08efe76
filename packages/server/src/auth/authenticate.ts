/**
 * Every route except the public ones needs `Authorization: Bearer <token>`:
 * anything but a live token of this deployment is 401; a token without one of
 * the route's permissions is 403 (spec section 5, ../shared/API.md "Scopes").
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { tooManyRequests } from '../ratelimit/plugin.js';
import { TokenInvalid, type TokenService } from './tokens.js';

const BEARER = /^Bearer ([A-Za-z0-9_.~+/-]+=*)$/i;

function unauthorized(message: string): ApiError {
  return new ApiError('unauthorized', message, [], { 'www-authenticate': 'Bearer realm="pasarela"' });
}

/**
 * Failed authentications count against the caller's address (the same budget
 * as unauthenticated routes), so guessing tokens is rate-limited too.
 */
export function registerAuthentication(app: FastifyInstance, tokens: TokenService, limiter: RateLimiter): void {
  async function refuse(ip: string, error: ApiError): Promise<never> {
    const d = await limiter.consume(`ip:${ip}`);
    throw d.allowed ? error : tooManyRequests(d);
  }

  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || config.public) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) return refuse(request.ip, unauthorized('Send Authorization: Bearer <access token> (POST /oauth/token).'));
    try {
      request.principal = await tokens.verify(match[1]!);
    } catch (error) {
      if (error instanceof TokenInvalid) return refuse(request.ip, unauthorized(`${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.`));
      throw error;
    }
    const needed = config.scopes ?? [];
    if (needed.length > 0 && !needed.some((p) => request.principal!.permissions.has(p))) {
      throw new ApiError('forbidden', `This token lacks the permission ${needed.join(' or ')}.`);
    }
  });
}

/** The caller of an authenticated route (set by the hook above). */
export function principalOf(request: { principal: import('./tokens.js').Principal | null }) {
  if (!request.principal) throw new Error('route is public: no principal');
  return request.principal;
}
